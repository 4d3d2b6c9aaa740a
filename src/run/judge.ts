/**
 * The verdict, in one place: the rules of how a run ends (model/verdict.ts: the exit, the result event,
 * a stop), then the contract when there is one (the structured output checked against its schema; in
 * review mode the findings checked against the repository and the severity gate). A contract's check may
 * turn a success into a failure, never the other way.
 */
import type { Redact } from "../base/redact.js";
import { decide, type Verdict } from "../model/verdict.js";
import type { ReviewData } from "../review/post.js";
import type { PreparedContract } from "./contract.js";
import type { Observed } from "./observe.js";
import type { RunSettings } from "./resolve.js";

export interface Judged {
  verdict: Verdict;
  /** `structured-output` and `findings`, when the run had a contract. */
  structured?: { "structured-output": string; findings: string };
  /** Review mode: the findings checked against the repository, to post. */
  review?: ReviewData;
}

export interface JudgeInput {
  observed: Observed;
  settings: RunSettings;
  contract?: PreparedContract;
  redact: Redact;
  /** The workspace to check findings against: none for a replay (its paths are another checkout's). */
  checkout?: string;
}

export async function judge({ observed, settings, contract, redact, checkout }: JudgeInput): Promise<Judged> {
  const { model, end } = observed;
  const verdict = decide({
    exit: end.exit,
    result: model.result,
    stderrTail: end.stderrTail,
    agentPath: settings.agentPath,

    stopped: end.stopped,
    redact,
    notStreamJson: observed.notStreamJson,
    breach: observed.breach,
  });
  if (!contract) return { verdict };
  const { applyContract } = await import("../structured/apply.js");
  const c = applyContract(contract.loaded, model.wholeFinalText, settings.contract.failOnSeverity, verdict);
  const structured = c.outputs;
  if (!c.review) return { verdict: c.verdict, structured };
  const { checkReview } = await import("../review/judge.js");
  const checked = await checkReview(c.review, checkout, c.verdict);
  return { verdict: checked.verdict, structured, review: checked.data };
}

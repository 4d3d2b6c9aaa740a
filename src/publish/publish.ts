/**
 * The one writer of what leaves the runner, in order of importance and speed: the step outputs, the job
 * summary, then the review and the PR comment. Everything here is redacted first. A run that ends early (a
 * gate, the last resort) gets its outputs and a short summary here too, so no later step reads an empty
 * `conclusion`.
 */
import { appendFileSync } from "node:fs";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CANCEL_DEADLINES, RUN_DEADLINES } from "../base/deadlines.js";
import { randomHex } from "../base/random.js";
import type { Redact } from "../base/redact.js";
import { runAttemptUrl } from "../base/runner.js";
import type { ChangeSet } from "../changes/types.js";
import type { Delivered } from "../deliver/outcome.js";
import type { RunContext } from "../github/context.js";
import type { RunModel } from "../model/run-model.js";
import type { Verdict } from "../model/verdict.js";
import { mdCode, mdText } from "../render/markdown.js";
import { COMMENT_BUDGET, renderReport, SUMMARY_BUDGET } from "../report/report.js";
import type { ReviewData } from "../review/post.js";
import type { Settings } from "../settings/settings.js";
import { type AnswerPlace, answerBody, writeAnswerWithin } from "./answer.js";
import { type OutputName, type Outputs, runOutputs } from "./outputs.js";
import { type GitHubDeps, postReviewWithin, writeCommentWithin } from "./to-github.js";

export interface PublishDeps extends GitHubDeps {
  setOutput: (name: OutputName, value: string) => void;
}

/** What a run that was read to its end leaves for the report. */
export interface Outcome {
  model: RunModel;
  verdict: Verdict;
  changes: ChangeSet;
  transcriptFile: string;
  wallMs: number;
  /** The run was cancelled: what is left to do must fit in the cancel budget (base/deadlines.ts). */
  cancelled: boolean;
  /** `structured-output` and `findings`, when the run had a contract. */
  structured?: { "structured-output": string; findings: string };
  /** Review mode: the findings checked against the repository, to post. */
  review?: ReviewData;
  /** The Cursor CLI build that ran (when known) and the sha256 of its package (when the action installed it). */
  cli?: { build: string; sha256: string };
  /** The chat the action asked the CLI to continue, when it asked. */
  resumeAsked?: string;
  /** The agent's changes as one patch file (changes/patch.ts), when it made any. */
  patchFile?: string;
  /** What the delivery made, or why it made nothing (`deliver` not `none`). */
  delivery?: Delivered;
  /** Conversation mode: where the answer goes (./answer.ts). */
  answer?: AnswerPlace;
}

/** The live progress comment, when there is one: the report takes its place. */
export interface Superseded {
  /** From now on the comment is the report's: the progress comment writes nothing more. */
  reported(): void;
}

export async function publish(
  o: Outcome,
  s: Settings,
  context: RunContext,
  deps: PublishDeps,
  redact: Redact,
  progress?: Superseded,
): Promise<void> {
  const once = memo(redact);
  // After a cancel each gets its share of the runner's 7.5 s (base/deadlines.ts).
  const deadlines = o.cancelled ? CANCEL_DEADLINES : RUN_DEADLINES;
  const to = { pullRequest: context.pullRequest, token: s.githubToken };
  // The review first: the report links to it and says what was new.
  const review = o.review
    ? await postReviewWithin(o.review, o.changes, to, deps, once, deadlines.reviewMs)
    : undefined;
  // The summary and the comment redact the same texts (diffs of megabytes among them): once each.
  const input = {
    model: o.model,
    verdict: o.verdict,
    changes: o.changes,
    wallMs: o.wallMs,
    runUrl: runAttemptUrl(deps.env),
    redact: once,
    review,
    contract: o.structured !== undefined,
  };
  // One rendering serves both when it fits the comment (the usual case); the summary may hold more.
  const full = renderReport(input, SUMMARY_BUDGET);
  const comment = full.length <= (COMMENT_BUDGET.maxChars ?? 0) ? full : renderReport(input, COMMENT_BUDGET);

  const sarifFile = o.review ? await writeSarif(o.review, deps, once) : "";
  setAll(deps, runOutputs({ ...o, diffSummary: comment, reviewUrl: review?.url, sarifFile }, redact));
  if (s.jobSummary) appendSummary(deps, o.delivery ? `${full}\n${deliveryLine(o.delivery, once)}\n` : full);

  const target = s.comment ? context.pullRequest : undefined;
  if (target && s.githubToken) {
    progress?.reported();
    const url = await writeCommentWithin(
      comment,
      s.commentKey,
      target,
      s.githubToken,
      deps,
      deadlines.commentMs,
    );
    if (url) deps.setOutput("comment-url", url);
  } else if (target && !s.githubToken) {
    deps.warning("No github-token: the PR comment was not written. The job summary has the report.");
  }
  await answer(o, input, s, deps);
}

/**
 * Conversation mode's answer, where it was asked. Not after a cancel: the cancel budget has no share for
 * it (the report and the job summary say what became of the run).
 */
async function answer(
  o: Outcome,
  input: { runUrl?: string; redact: Redact; contract: boolean },
  s: Settings,
  deps: PublishDeps,
): Promise<void> {
  if (!o.answer || o.cancelled) return;
  if (!s.githubToken) {
    deps.warning("No github-token: the answer was not written. The job summary has the report.");
    return;
  }
  const body = (note: string) => answerBody({ ...o, ...input }, s.commentKey, input.redact, note, o.answer);
  await writeAnswerWithin(body, o.answer, s.githubToken, deps, [RUN_DEADLINES.commentMs, 0]);
}

/**
 * Review mode: the valid findings as SARIF, in a new file under RUNNER_TEMP, never the workspace (the agent
 * could plant one there, or a link to where it must not be written): `wx` refuses a file or link already at
 * the path. Its path, or "" (and a warning) when it could not be written: code scanning is an extra.
 */
async function writeSarif(review: ReviewData, deps: PublishDeps, redact: Redact): Promise<string> {
  try {
    // Outside a runner, a directory of our own: a shared /tmp/cursor-agent could belong to anyone.
    const temp = deps.env.RUNNER_TEMP;
    const dir = temp ? path.join(temp, "cursor-agent") : await mkdtemp(path.join(tmpdir(), "cursor-agent-"));
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `findings-${randomHex(6)}.sarif`);
    // Loaded only in review mode: it brings the review's builder and node:crypto (a run's wall time).
    const { sarifLog } = await import("../review/sarif.js");
    const log = sarifLog(review.findings, review.head, redact);
    await writeFile(file, `${JSON.stringify(log, null, 2)}\n`, { flag: "wx", mode: 0o600 });
    return file;
  } catch (e) {
    deps.warning(`Could not write the SARIF file of the findings: ${(e as Error).message}`);
    return "";
  }
}

/**
 * The delivery's line in the job summary (in the room SUMMARY_BUDGET leaves): the pull request's link or
 * the commit, or why nothing was delivered, made inert (a refusal names the agent's paths).
 */
function deliveryLine(d: Delivered, redact: Redact): string {
  const { branch, "commit-sha": commit } = d.outputs;
  if (!commit) return `**Delivery** ${d.failed ? "⚠️ " : ""}${mdText(redact(d.line.slice(0, 1000)))}`;
  const pull = d.pull && /^https:\/\/[^\s()<>]+$/.test(d.pull.url) ? d.pull : undefined;
  const where = pull
    ? `[pull request #${pull.number}](${pull.url}) from branch ${mdCode(branch)}, commit ${commit}`
    : `commit ${commit} pushed onto branch ${mdCode(branch)}`;
  return `**Delivery** ✅ ${where}`;
}

function setAll(deps: PublishDeps, outputs: Outputs): void {
  for (const [name, value] of Object.entries(outputs)) deps.setOutput(name as OutputName, value ?? "");
}

function appendSummary(deps: PublishDeps, text: string): void {
  const file = deps.env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  try {
    // At most a MiB, once: written at once rather than waited for on the thread pool (the step's end).
    appendFileSync(file, `${text}\n`);
  } catch (e) {
    deps.warning(`Could not write the job summary: ${(e as Error).message}`);
  }
}

function memo(redact: Redact): Redact {
  const seen = new Map<string, string>();
  return (text) => {
    let r = seen.get(text);
    if (r === undefined) {
      r = redact(text);
      seen.set(text, r);
    }
    return r;
  };
}

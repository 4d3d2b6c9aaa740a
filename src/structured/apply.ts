/**
 * The end of a run with a contract: the block found in the agent's final message, validated, and the
 * outputs and verdict that follow. A missing or invalid block fails the run (the validator's first errors,
 * with their JSON paths, in `error`); a review's findings at or above `fail-on-severity` fail it too. A
 * run that already failed keeps its own error; its outputs are still filled as far as they can be.
 */
import type { Verdict } from "../conclusion.js";
import { extractContract, type Finding, gated, type Severity } from "./contract.js";
import type { Contract } from "./load.js";

export interface ContractOutcome {
  /** `structured-output`, `findings` (review mode), compact JSON; empty when there is none. */
  outputs: { "structured-output": string; findings: string };
  /** The validated review (review mode). */
  review?: { summary: string; findings: Finding[] };
  verdict: Verdict;
}

export function applyContract(
  contract: Contract,
  message: string | undefined,
  failOnSeverity: Severity | "none",
  verdict: Verdict,
): ContractOutcome {
  const outputs = { "structured-output": "", findings: "" };
  const fail = (error: string): ContractOutcome => ({
    outputs,
    verdict: verdict.conclusion === "success" ? { ...verdict, conclusion: "failure", error } : verdict,
  });
  const what = contract.review ? "review" : "structured output";
  const found = extractContract(message);
  if (!found.ok) return fail(`The agent's ${what} is missing: ${found.error}.`);
  const checked = contract.validate(found.value);
  if (!checked.ok) {
    return fail(`The agent's ${what} does not match the schema: ${checked.errors.join("; ")}.`);
  }
  outputs["structured-output"] = JSON.stringify(found.value);
  if (!contract.review) return { outputs, verdict };
  const review = found.value as { summary: string; findings: Finding[] };
  const findings = review.findings;
  outputs.findings = JSON.stringify(findings);
  const over = gated(findings, failOnSeverity);
  if (over.length === 0) return { outputs, review, verdict };
  const listed = over
    .slice(0, 10)
    .map((f) => `${f.severity} ${f.path}:${f.line} ${f.title}`)
    .join("; ");
  const more = over.length > 10 ? ` and ${over.length - 10} more` : "";
  return {
    ...fail(
      `The review reported ${over.length} finding${over.length === 1 ? "" : "s"} at or above ${failOnSeverity}: ${listed}${more}.`,
    ),
    review,
  };
}

/**
 * The end of a run with a contract: the block found in the agent's final message, validated, and the
 * outputs and verdict that follow. A missing or invalid block fails the run (the validator's first errors,
 * with their JSON paths, in `error`). A review's findings are gated on `fail-on-severity` only once they are
 * checked against the repository (src/review/judge.ts): an invalid finding never trips the gate. A
 * run that already failed keeps its own error; its outputs are still filled as far as they can be.
 */
import type { Verdict } from "../model/verdict.js";
import type { Severity } from "../settings/contract.js";
import { extractContract, type Finding } from "./contract.js";
import type { Contract } from "./load.js";

export interface ContractOutcome {
  /** `structured-output`, `findings` (review mode), compact JSON; empty when there is none. */
  outputs: { "structured-output": string; findings: string };
  /** The validated review (review mode), with the `fail-on-severity` its valid findings are gated on. */
  review?: { summary: string; findings: Finding[]; failOnSeverity: Severity | "none" };
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
  outputs.findings = JSON.stringify(review.findings);
  // Not gated here: a finding that fails the repository check (src/review/judge.ts) must not fail the
  // gate too. The threshold goes with the review to where its valid findings are known.
  return { outputs, review: { ...review, failOnSeverity }, verdict };
}

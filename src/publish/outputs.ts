/**
 * The step's outputs: every name in one place, and how each is made from a run. action.yml declares the
 * same names; a test holds the two together. Everything the agent said is redacted here, as workflows post
 * these onwards (comments, chat).
 */
import type { Redact } from "../base/redact.js";
import { changeOutputs } from "../changes/outputs.js";
import type { ChangeSet } from "../changes/types.js";
import type { Delivered } from "../deliver/outcome.js";
import type { RunModel } from "../model/run-model.js";
import type { Verdict } from "../model/verdict.js";
import { resultText } from "../report/final-message.js";

export const OUTPUT_NAMES = [
  "conclusion",
  "result",
  "error",
  "session-id",
  "resumed",
  "request-id",
  "model",
  "duration-ms",
  "duration-api-ms",
  "is-error",
  "exit-code",
  "transcript-file",
  "tool-calls",
  "usage",
  "files-changed",
  "lines-added",
  "lines-removed",
  "diff-summary",
  "patch-file",
  "comment-url",
  "structured-output",
  "findings",
  "review-url",
  "sarif-file",
  "cursor-version",
  "cursor-sha256",
  "branch",
  "commit-sha",
  "pull-request-number",
  "pull-request-url",
] as const;
export type OutputName = (typeof OUTPUT_NAMES)[number];
export type Outputs = Partial<Record<OutputName, string>>;

/** What a finished run (or a replayed transcript) gives the outputs. */
export interface RunOutputsInput {
  model: RunModel;
  verdict: Verdict;
  changes: ChangeSet;
  transcriptFile: string;
  wallMs: number;
  /** `structured-output` and `findings`, when the run had a contract. */
  structured?: { "structured-output": string; findings: string };
  /** The Cursor CLI build that ran (when known) and the sha256 of its package (when the action installed it). */
  cli?: { build: string; sha256: string };
  /** The report as the PR comment has it. */
  diffSummary: string;
  /** The chat the action asked the CLI to continue, when it asked. */
  resumeAsked?: string;
  reviewUrl?: string;
  /** Review mode: the findings' SARIF file under RUNNER_TEMP ("" outside review mode or when not written). */
  sarifFile?: string;
  /** The agent's changes as one patch under RUNNER_TEMP (changes/patch.ts), when there are any. */
  patchFile?: string;
  /** What the delivery made (src/deliver/), when `deliver` is not `none`. */
  delivery?: Pick<Delivered, "outputs">;
}

/** Every output of a run that was read to its end, `comment-url` aside (written once the comment is). */
export function runOutputs(o: RunOutputsInput, redact: Redact): Outputs {
  const { model, verdict: v } = o;
  const r = model.result;
  return {
    conclusion: v.conclusion,
    result: resultText(model, redact),
    error: redact(v.error),
    "session-id": model.session.sessionId ?? r?.sessionId ?? "",
    // The CLI starts a new chat, silently, when it lacks the one asked for: only the init event tells.
    resumed: String(o.resumeAsked !== undefined && model.session.startedSessionId === o.resumeAsked),
    "request-id": r?.requestId ?? model.session.requestId ?? "",
    model: model.session.model ?? "",
    "duration-ms": String(r?.durationMs ?? o.wallMs),
    "duration-api-ms": r?.durationApiMs !== undefined ? String(r.durationApiMs) : "",
    "is-error": r ? String(r.isError) : "",
    "exit-code": v.exitCode !== undefined ? String(v.exitCode) : "",
    "transcript-file": o.transcriptFile,
    "tool-calls": String(model.toolCounts().total),
    usage: r?.usage ? JSON.stringify(r.usage) : "",
    ...changeOutputs(o.changes),
    "diff-summary": o.diffSummary,
    "patch-file": o.patchFile ?? "",
    "cursor-version": o.cli?.build ?? "",
    "cursor-sha256": o.cli?.sha256 ?? "",
    "structured-output": redact(o.structured?.["structured-output"] ?? ""),
    findings: redact(o.structured?.findings ?? ""),
    "review-url": o.reviewUrl ?? "",
    "sarif-file": o.sarifFile ?? "",
    branch: o.delivery?.outputs.branch ?? "",
    "commit-sha": o.delivery?.outputs["commit-sha"] ?? "",
    "pull-request-number": o.delivery?.outputs["pull-request-number"] ?? "",
    "pull-request-url": o.delivery?.outputs["pull-request-url"] ?? "",
  };
}

/** A run that ended before the agent ran, or in the last resort: how it ended, and why. */
export function earlyEndOutputs(conclusion: Verdict["conclusion"], error: string): Outputs {
  return { conclusion, error };
}

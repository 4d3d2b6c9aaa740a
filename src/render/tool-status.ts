/**
 * How a tool call's status is shown, in the log and in the report: its mark, its words, and the counts of
 * a run's calls by status. Only `failed`, `rejected` and `errored` are problems; a call handed off
 * (`pending`), one left waiting for an approval, or one whose outcome the action does not know is shown
 * as what it is, never as an error.
 */
import type { ToolStatus } from "../tools/index.js";

export const STATUS_MARK: Record<ToolStatus, string> = {
  running: "…",
  succeeded: "✓",
  pending: "○",
  "needs-approval": "⏸",
  rejected: "⊘",
  failed: "✗",
  errored: "‼",
  unknown: "?",
};

/** The status in words; the order is the one counts are listed in. */
export const STATUS_WORDS: Record<ToolStatus, string> = {
  running: "running",
  succeeded: "succeeded",
  pending: "pending",
  "needs-approval": "needing approval",
  rejected: "rejected",
  failed: "failed",
  errored: "errored",
  unknown: "of unknown outcome",
};

/** A call of this status did not do what it was asked to: worth a warning when the run fails. */
export function isProblem(status: ToolStatus): boolean {
  return status === "failed" || status === "rejected" || status === "errored";
}

/** The calls that did not simply succeed, by status: `✗ 2 failed, ? 1 of unknown outcome`. */
export function statusBreakdown(byStatus: Record<ToolStatus, number>, marks = true): string {
  const parts: string[] = [];
  for (const s of Object.keys(STATUS_WORDS) as ToolStatus[]) {
    const n = byStatus[s];
    if (s === "succeeded" || !n) continue;
    parts.push(`${marks ? `${STATUS_MARK[s]} ` : ""}${n} ${STATUS_WORDS[s]}`);
  }
  return parts.join(", ");
}

/**
 * A completed call's outcome: the one key of its `result` (`success`, `failure`, `rejected`, …) read the
 * same way for every family; only a `success` value is read by the family (docs/stream-format.md
 * "Outcomes").
 */
import { num, outcomeValue, str } from "./args.js";
import type { OutcomeSummary, Tool } from "./types.js";

export function summarizeOutcome(t: Tool): OutcomeSummary {
  const o = t.payload.outcome;
  if (!o) return { status: "errored", summary: "no result", error: "the completion carried no result" };
  const v = o.value;
  const message = nonEmpty(str(v, ["error", "reason", "message", "stderr"], true));
  switch (o.key) {
    case "success": {
      if (!t.family.success) return { status: "succeeded", summary: "done" };
      const r = t.family.success(v, t);
      const status = r.status ?? "succeeded";
      return { ...r, status, error: status === "succeeded" ? undefined : nonEmpty(str(v, ["stderr"], true)) };
    }
    case "failure": {
      // A shell `failure` can carry exitCode 0: the status is still failed.
      const code = num(v.exitCode);
      return {
        status: "failed",
        summary: code !== undefined && code !== 0 ? `failed, exit ${code}` : "failed",
        exitCode: code,
        error: message,
      };
    }
    case "rejected":
      return { status: "rejected", summary: "rejected", error: message };
    case "permissionDenied":
      return { status: "rejected", summary: "permission denied", error: message };
    case "writePermissionDenied":
      return { status: "rejected", summary: "write permission denied", error: message };
    case "fileNotFound": {
      const p = str(v, ["path"], true);
      return {
        status: "failed",
        summary: "file not found",
        error: p ? `file not found: ${p}` : "file not found",
      };
    }
    case "timeout":
      return { status: "errored", summary: "timed out", error: message ?? "the tool call timed out" };
    case "spawnError":
      return { status: "errored", summary: "could not start", error: message };
    case "error":
      return { status: "errored", summary: "error", error: message };
    default:
      return { status: "errored", summary: o.key, error: message ?? `outcome '${o.key}'` };
  }
}

/** The error line a failed call's log group shows. */
export function outcomeError(t: Tool): string | undefined {
  const o = t.payload.outcome;
  if (!o || o.key === "success") return undefined;
  const v = outcomeValue(t);
  const err =
    typeof v.error === "string" && v.error !== ""
      ? v.error
      : typeof v.reason === "string" && v.reason !== ""
        ? v.reason
        : undefined;
  return err !== undefined ? `${o.key}: ${err}` : undefined;
}

function nonEmpty(s: string | undefined): string | undefined {
  return s !== undefined && s.trim() !== "" ? s : undefined;
}

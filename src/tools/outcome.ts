/**
 * A completed call's outcome: its `result`'s outcome key read the same way for every family, by the one
 * vocabulary (../stream/outcomes.ts); only a `success` value is read by the family (docs/stream-format.md
 * "Outcomes").
 */
import { knownOutcome } from "../stream/outcomes.js";
import { num, outcomeValue, str } from "./args.js";
import type { OutcomeSummary, Tool } from "./types.js";

/**
 * An unknown key is kept up to this many characters: the CLI's own word, but no bound of its length is
 * promised. Shown cut after redaction (report/compose.ts), as every text that may hold a secret.
 */
const KEY_KEPT = 256;

export function summarizeOutcome(t: Tool): OutcomeSummary {
  const o = t.payload.outcome;
  if (!o) return { status: "errored", summary: "no result", error: "the completion carried no result" };
  const v = o.value;
  const message = nonEmpty(str(v, ["error", "reason", "message", "stderr"], true));
  const known = knownOutcome(o.key);
  if (!known) {
    const key = o.key.length > KEY_KEPT ? o.key.slice(0, KEY_KEPT) : o.key;
    return { status: "unknown", summary: `unknown outcome \`${key}\``, unknownKey: key, error: message };
  }
  if (o.key === "success") return success(t, v);
  // A shell `failure` can carry exitCode 0: the status is still failed.
  const code = num(v.exitCode);
  const exit = known.means === "failed" && code !== undefined && code !== 0 ? `, exit ${code}` : "";
  const summary = { status: known.means, summary: `${known.words}${exit}`, exitCode: code };
  if (o.key === "fileNotFound") {
    const p = str(v, ["path"], true);
    return { ...summary, error: p ? `file not found: ${p}` : "file not found" };
  }
  if (o.key === "timeout") return { ...summary, error: message ?? "the tool call timed out" };
  return { ...summary, error: message };
}

/** A `success`: as its family reads it (a shell's non-zero exit is a failure). */
function success(t: Tool, v: Record<string, unknown>): OutcomeSummary {
  if (!t.family.success) return { status: "succeeded", summary: "done" };
  const r = t.family.success(v, t);
  const status = r.status ?? "succeeded";
  return { ...r, status, error: status === "succeeded" ? undefined : nonEmpty(str(v, ["stderr"], true)) };
}

/** The error line a call's log group shows when it did not succeed. */
export function outcomeError(t: Tool): string | undefined {
  const o = t.payload.outcome;
  if (!o || knownOutcome(o.key)?.means === "succeeded") return undefined;
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

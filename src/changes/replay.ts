/**
 * A file's net content from what the events said: its baseline, its last full content, and the edits
 * since, replayed strictly (an edit that does not fit leaves the content unknown, never guessed).
 */
import { applyPatch } from "diff";
import { applyChunks } from "../tools/patch.js";
import type { Content } from "./diff.js";
import type { FileState, PendingOp } from "./recorder.js";
import type { FileChange } from "./types.js";

/** The baseline the events give: the first change's before-content, an earlier full read, an inferred new file. */
export function eventBaseline(s: FileState): [Content, FileChange["baseline"]] {
  if (s.before && !s.beforeInferred) return [s.before, "before"];
  if (s.read) return [s.read, "read"];
  if (s.before) return [s.before, "before"];
  return [{ kind: "unknown" }, "unknown"];
}

/**
 * The final content: the last full content (or the baseline), with pending edits replayed on it. Each
 * edit copies the whole text (up to 8 MiB, 500 edits a file): `outOfTime` is asked before each one, so
 * the end of the run keeps to its budget whatever the agent sent.
 */
export function replayEdits(s: FileState, base: Content, outOfTime: () => boolean = () => false): Content {
  let cur: Content = s.final ?? base;
  for (const op of s.pending) {
    if (outOfTime()) return { kind: "unknown", why: "the time for replaying its edits ran out" };
    if (cur.kind !== "text") {
      return { kind: "unknown", why: "an edit could not be replayed: the content before it is unknown" };
    }
    const next = applyPending(cur.text, op);
    if (next === undefined)
      return { kind: "unknown", why: "an edit could not be replayed on the known content" };
    cur = { kind: "text", text: next };
  }
  return cur;
}

function applyPending(text: string, op: PendingOp): string | undefined {
  switch (op.kind) {
    case "patch":
      return applyChunks(text, op.chunks);
    case "unified":
      try {
        const r = applyPatch(text, op.diff);
        return r === false ? undefined : r;
      } catch {
        return undefined;
      }
    case "replace": {
      if (op.old === "") return undefined;
      const at = text.indexOf(op.old);
      if (at < 0) return undefined;
      if (op.all) return text.split(op.old).join(op.new);
      return text.slice(0, at) + op.new + text.slice(at + op.old.length);
    }
  }
}

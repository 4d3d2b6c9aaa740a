/**
 * From a file's two states to a change: status, +/- counts and a unified diff (line-diff.ts; printed by
 * jsdiff's `formatPatch`).
 *
 * Cost bounds: a minimal line diff is O((N+M)·D) in time and can take seconds on large, very different
 * texts. So a diff is only attempted when both sides are within {@link DiffLimits.maxFileBytes} and
 * {@link DiffLimits.maxLines}, with a time limit and a `maxEditLength` as a stop; otherwise, or when the
 * diff gives up, the counts come from a linear line-multiset comparison and a note says so.
 */
import { FILE_HEADERS_ONLY, formatPatch } from "diff";
import { formatBytes } from "../base/format.js";
import { linePatch, roughCounts } from "./line-diff.js";
import type { FileChange } from "./types.js";

/** A file's content at one point, as far as we know it. */
export type Content =
  | { kind: "text"; text: string }
  | { kind: "absent" }
  /**
   * Not kept: at most its size. `dropped`: a text the recorder let go to keep memory flat (the working
   * tree has it), not one too large to diff.
   */
  | { kind: "large"; lines?: number; bytes?: number; dropped?: boolean }
  | { kind: "binary" }
  | { kind: "unknown"; why?: string };

export interface DiffLimits {
  /** Larger sides (UTF-8 bytes) get counts and a note, no diff. */
  maxFileBytes: number;
  /** Longer sides (lines) get counts and a note, no diff. */
  maxLines: number;
  /** The time a file's diff may take, ms. */
  timeoutMs: number;
  /** More changed lines than this is no reviewable diff anyway: counts and a note instead. */
  maxEditLength: number;
}

export const DEFAULT_LIMITS: DiffLimits = {
  maxFileBytes: 1024 * 1024,
  maxLines: 20_000,
  timeoutMs: 1_000,
  maxEditLength: 3_000,
};

export type ChangeDescription = Pick<FileChange, "status" | "added" | "removed" | "diff" | "note">;

/**
 * The net change from `base` to `final` for the file at `path`, or undefined when there is none (same
 * content; created and deleted again). `timeLeftMs` is what remains of the caller's overall budget.
 */
export function describeChange(
  path: string,
  base: Content,
  final: Content,
  limits: DiffLimits = DEFAULT_LIMITS,
  timeLeftMs = Number.POSITIVE_INFINITY,
): ChangeDescription | undefined {
  if (final.kind === "unknown") {
    const why = final.why ?? "its final content is unknown";
    return { status: base.kind === "absent" ? "added" : "modified", added: 0, removed: 0, note: cap(why) };
  }
  if (final.kind === "absent") {
    switch (base.kind) {
      case "absent":
        return undefined;
      case "text": {
        const d = diffTexts(path, base.text, undefined, "", limits, timeLeftMs);
        return { status: "deleted", ...d };
      }
      case "large":
        return { status: "deleted", added: 0, removed: base.lines ?? 0, note: largeNote(base) };
      case "binary":
        return { status: "deleted", added: 0, removed: 0, note: "binary file" };
      case "unknown":
        return { status: "deleted", added: 0, removed: 0, note: "its previous content is unknown" };
    }
  }
  if (base.kind === "absent") {
    if (final.kind === "text")
      return { status: "added", ...diffTexts(undefined, "", path, final.text, limits, timeLeftMs) };
    if (final.kind === "large")
      return { status: "added", added: final.lines ?? 0, removed: 0, note: largeNote(final) };
    return { status: "added", added: 0, removed: 0, note: "binary file" };
  }
  if (base.kind === "unknown") {
    const lines =
      final.kind === "text" ? countLines(final.text) : final.kind === "large" ? (final.lines ?? 0) : 0;
    return {
      status: "modified",
      added: lines,
      removed: 0,
      note: `its previous content is unknown: all ${lines} lines are counted as added`,
    };
  }
  if (base.kind === "text" && final.kind === "text") {
    if (base.text === final.text) return undefined;
    return { status: "modified", ...diffTexts(path, base.text, path, final.text, limits, timeLeftMs) };
  }
  if (base.kind === "binary" || final.kind === "binary") {
    return { status: "modified", added: 0, removed: 0, note: "binary file" };
  }
  // One side or both not kept: the change in line count is all that can be said.
  const before = base.kind === "text" ? countLines(base.text) : base.lines;
  const after = final.kind === "text" ? countLines(final.text) : final.lines;
  const large = base.kind === "large" ? base : (final as { kind: "large"; lines?: number; bytes?: number });
  if (before === undefined || after === undefined) {
    return { status: "modified", added: 0, removed: 0, note: largeNote(large) };
  }
  return {
    status: "modified",
    added: Math.max(0, after - before),
    removed: Math.max(0, before - after),
    note: `${largeNote(large)}; the counts are the change in line count`,
  };
}

/**
 * A unified diff of `before` → `after` with git-style headers (`a/…`, `b/…`, `/dev/null` for a missing
 * side) and its counts, within the limits; past them, counts from {@link roughCounts} and a note.
 */
export function diffTexts(
  oldPath: string | undefined,
  before: string,
  newPath: string | undefined,
  after: string,
  limits: DiffLimits = DEFAULT_LIMITS,
  timeLeftMs = Number.POSITIVE_INFINITY,
): { added: number; removed: number; diff?: string; note?: string } {
  const bytes = Math.max(Buffer.byteLength(before), Buffer.byteLength(after));
  if (bytes > limits.maxFileBytes) {
    return {
      ...roughCounts(before, after),
      note: `no diff: larger than ${formatBytes(limits.maxFileBytes)} (${formatBytes(bytes)}); ${ROUGH}`,
    };
  }
  const lines = Math.max(countLines(before), countLines(after));
  if (lines > limits.maxLines) {
    return {
      ...roughCounts(before, after),
      note: `no diff: more than ${limits.maxLines} lines (${lines}); ${ROUGH}`,
    };
  }
  if (timeLeftMs <= 0) {
    return { ...roughCounts(before, after), note: `no diff: the time for diffs ran out; ${ROUGH}` };
  }
  // A whole file added or removed costs the diff nothing whatever its length: no edit-length cap there.
  const oneSided = before === "" || after === "";
  // The lines both sides share at the start and the end are no part of any hunk but its context: the
  // diff gets the middle (a few lines of an edited file of thousands) and the hunks are moved back in place.
  const t = trimCommonLines(before, after, CONTEXT);
  const patch = linePatch(
    oldPath === undefined ? "/dev/null" : `a/${oldPath}`,
    newPath === undefined ? "/dev/null" : `b/${newPath}`,
    t.before,
    t.after,
    CONTEXT,
    {
      deadline: performance.now() + Math.max(1, Math.min(limits.timeoutMs, timeLeftMs)),
      maxEditLength: oneSided ? Number.MAX_SAFE_INTEGER : limits.maxEditLength,
    },
  );
  if (patch) {
    for (const h of patch.hunks) {
      h.oldStart += t.skipped;
      h.newStart += t.skipped;
    }
  }
  if (!patch) {
    return {
      ...roughCounts(before, after),
      note: `no diff: too many changes to compute one cheaply; ${ROUGH}`,
    };
  }
  let added = 0;
  let removed = 0;
  for (const h of patch.hunks) {
    for (const l of h.lines) {
      if (l[0] === "+") added++;
      else if (l[0] === "-") removed++;
    }
  }
  return { added, removed, diff: formatPatch(patch, FILE_HEADERS_ONLY) };
}

const ROUGH = "+/- counted by matching lines";
/** Characters compared at a time when looking for the shared start and end. */
const BLOCK = 4096;
/** Lines of context around each hunk, as git shows them. */
const CONTEXT = 3;

/**
 * `before` and `after` without the whole lines they share at the start and at the end, except the last
 * (first) `keep` of each, which a hunk shows as context; `skipped`: the lines cut at the start.
 */
export function trimCommonLines(
  before: string,
  after: string,
  keep: number,
): { before: string; after: string; skipped: number } {
  const n = Math.min(before.length, after.length);
  // Block by block first (a slice compare is a memcmp), then char by char in the block that differs.
  let p = 0;
  while (p + BLOCK <= n && before.slice(p, p + BLOCK) === after.slice(p, p + BLOCK)) p += BLOCK;
  while (p < n && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  // Back to the start of the line the difference is on (a shared prefix ends after a newline).
  let start = p === before.length && p === after.length ? p : before.lastIndexOf("\n", p - 1) + 1;
  // Keep `keep` lines of it.
  for (let k = 0; k < keep && start > 0; k++)
    start = start === 1 ? 0 : before.lastIndexOf("\n", start - 2) + 1;
  let skipped = 0;
  for (let i = before.indexOf("\n"); i >= 0 && i < start; i = before.indexOf("\n", i + 1)) skipped++;
  // The shared end, not reaching into the shared start: whole lines only, the last one included (a
  // last line without a newline differs from one with it, and both sides end alike here).
  let s = 0;
  const room = n - start;
  const tail = (text: string, from: number) => text.slice(text.length - from - BLOCK, text.length - from);
  while (s + BLOCK <= room && tail(before, s) === tail(after, s)) s += BLOCK;
  while (s < room && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  // The shared end starts right after a newline on both sides (or at the start).
  let endB = before.length - s;
  let endA = after.length - s;
  const lineStart = (text: string, at: number) => at === 0 || text.charCodeAt(at - 1) === 10;
  while (endB < before.length && !(lineStart(before, endB) && lineStart(after, endA))) {
    endB++;
    endA++;
  }
  for (let k = 0; k < keep && endB < before.length; k++) {
    const nl = before.indexOf("\n", endB);
    const step = (nl < 0 ? before.length : nl + 1) - endB;
    endB += step;
    endA += step;
  }
  return { before: before.slice(start, endB), after: after.slice(start, endA), skipped };
}

export function countLines(text: string): number {
  let n = 0;
  let i = text.indexOf("\n");
  while (i >= 0) {
    n++;
    i = text.indexOf("\n", i + 1);
  }
  return text.length > 0 && !text.endsWith("\n") ? n + 1 : n;
}

function largeNote(c: { lines?: number; bytes?: number }): string {
  return c.bytes !== undefined ? `too large to compare (${formatBytes(c.bytes)})` : "too large to compare";
}

/** Notes can carry the agent's paths: kept whole enough here that the report redacts before it cuts. */
function cap(s: string): string {
  return s.length > 64 * 1024 ? s.slice(0, 64 * 1024) : s;
}

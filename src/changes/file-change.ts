/**
 * One file's net change at the end of the run: its baseline (HEAD when git has it, else what the events
 * said), its final content (the events' edits replayed, or the working tree when they do not say), the
 * diff between them, and the cross-check against the working tree.
 *
 * Trust boundary: paths are the agent's. A file outside the workspace, or under `.git/`, is never read;
 * the others only through the {@link GitReader}, which refuses anything that leaves the workspace.
 */
import type { FileRead, GitReader, HeadEntry } from "../git/reader.js";
import { type Content, type DiffLimits, describeChange } from "./diff.js";
import { joinNotes } from "./notes.js";
import { type FileState, MAX_KEPT_CHARS } from "./recorder.js";
import { eventBaseline, replayEdits } from "./replay.js";
import type { TimeBudget } from "./time-budget.js";
import type { FileChange } from "./types.js";

/** What a file inside the workspace is read from: git (when `repo`) and the working tree, within the budget. */
export interface FileSources {
  repo: boolean;
  git: GitReader;
  limits: DiffLimits;
  budget: TimeBudget;
  /** Where the batch's files are at HEAD, and the batch's HEAD blobs by id. */
  heads: Map<string, HeadEntry> | undefined;
  blobs: Map<string, FileRead>;
  /** The file in the working tree (read ahead for the batch, or now). */
  disk(s: FileState): Promise<FileRead | undefined>;
}

export interface InsideOutcome {
  /** Undefined when there is no net change (or only one the working tree does not have). */
  change?: FileChange;
  /** The tool calls account for the file: it is no `shell` change. */
  explained: boolean;
  /** A side was let go to keep memory flat: the counts are approximate. */
  approximate: boolean;
  /** A run-level note. */
  note?: string;
}

/** A file inside the workspace. */
export async function insideChange(s: FileState, src: FileSources): Promise<InsideOutcome> {
  const { budget } = src;
  const [base, label] = (await headBaseline(s, src)) ?? eventBaseline(s);
  const { final, fromDisk, extra } = await finalContent(s, base, src);
  const approximate =
    (base.kind === "large" && base.dropped === true) || (final.kind === "large" && final.dropped === true);
  let mismatch = false;
  if (src.repo && !fromDisk && final.kind !== "unknown" && budget.timeLeft() > 0) {
    const r = await src.disk(s);
    const d = r ? fromRead(r) : undefined;
    if (d && sameContent(d, final) === false) {
      mismatch = true;
      extra.push(
        sameContent(d, base) === true
          ? "unchanged on disk: the working tree does not have the change the tool calls reported"
          : "the working tree differs from what the tool calls reported",
      );
    }
  }
  const d = describeChange(s.path, base, final, src.limits, budget.timeLeft());
  if (!d) {
    // Back to its start per the tool calls, yet changed on disk: a `shell` change.
    if (mismatch) return { explained: false, approximate };
    const note =
      s.edits > 0 ? `${s.path}: changed, then back to its original content (no net change).` : undefined;
    return { explained: true, approximate, note };
  }
  const ch: FileChange = { path: s.path, ...d, baseline: label, editCount: s.edits };
  if (ch.diff === undefined) delete ch.diff;
  const n = joinNotes(d.note, ...extra);
  if (n) ch.note = n;
  else delete ch.note;
  if (mismatch) ch.mismatchOnDisk = true;
  return { change: ch, explained: true, approximate };
}

/** The file at HEAD, when git can say within the budget. */
async function headBaseline(s: FileState, src: FileSources): Promise<[Content, "git"] | undefined> {
  if (!src.repo || src.budget.timeLeft() <= 0) return undefined;
  const h = src.heads?.get(s.path);
  const r =
    h?.kind === "blob"
      ? src.blobs.get(h.oid)
      : (h ?? (await src.budget.ask(() => src.git.show(s.path, MAX_KEPT_CHARS), undefined)));
  const base = r ? fromRead(r) : undefined;
  return base ? [base, "git"] : undefined;
}

/** The edits replayed on the baseline; the working tree's content where the events do not say. */
async function finalContent(
  s: FileState,
  base: Content,
  src: FileSources,
): Promise<{ final: Content; fromDisk: boolean; extra: string[] }> {
  const timeLeft = src.budget.timeLeft;
  const final = replayEdits(s, base, () => timeLeft() <= 0);
  const extra: string[] = [];
  // Content the recorder let go (its memory cap) is the working tree's: the same text, read now.
  const dropped = final.kind === "large" && final.dropped === true;
  if ((final.kind !== "unknown" && !dropped) || timeLeft() <= 0) return { final, fromDisk: false, extra };
  // The events do not say what the file became: the working tree does (inside the workspace only).
  const r = await src.disk(s);
  const d = r ? fromRead(r) : undefined;
  const why = final.kind === "unknown" ? final.why : undefined;
  if (d && (d.kind !== "absent" || src.repo)) {
    if (!dropped)
      extra.push(`${why || "the tool calls do not say its final content"}; taken from the working tree`);
    return { final: d, fromDisk: true, extra };
  }
  if (r?.kind === "absent" && !dropped) {
    const unknown: Content = {
      kind: "unknown",
      why: `${why || "its final content is unknown"}; not found in the workspace`,
    };
    return { final: unknown, fromDisk: false, extra };
  }
  return { final, fromDisk: false, extra };
}

/** A file under `.git/`: listed, because the agent changing it matters; nothing of it is read or shown. */
export function repoDataChange(s: FileState): FileChange {
  return {
    path: s.path,
    status: s.inside ? "modified" : "outside",
    added: 0,
    removed: 0,
    note: "the repository's own data (under .git/, where credentials live): not read, not shown",
    baseline: "unknown",
    editCount: s.edits,
  };
}

/** A file outside the workspace: counts from the events alone; never read, no diff shown. */
export function outsideChange(
  s: FileState,
  limits: DiffLimits,
  timeLeft: () => number,
): FileChange | undefined {
  const [base, label] = eventBaseline(s);
  const final = replayEdits(s, base, () => timeLeft() <= 0);
  const d = describeChange(s.path, base, final, limits, timeLeft());
  if (!d) return undefined;
  return {
    path: s.path,
    status: "outside",
    added: d.added,
    removed: d.removed,
    note: joinNotes(`outside the workspace (${d.status}): not read, not part of the repository`, d.note),
    baseline: label,
    editCount: s.edits,
  };
}

function fromRead(r: FileRead): Content | undefined {
  switch (r.kind) {
    case "text":
      return { kind: "text", text: r.text };
    case "absent":
      return { kind: "absent" };
    case "too-large":
      return { kind: "large", bytes: r.bytes };
    case "binary":
      return { kind: "binary" };
    case "refused":
      return undefined;
  }
}

/** Equal, different, or undefined when it cannot be told (content not kept on one side). */
function sameContent(a: Content, b: Content): boolean | undefined {
  if (a.kind === "text" && b.kind === "text") return a.text === b.text;
  if (a.kind === "absent" || b.kind === "absent") return a.kind === b.kind;
  return undefined;
}

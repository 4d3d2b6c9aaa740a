/**
 * The end of the run: one net change per file. Baselines come from git's HEAD when it can give them, else
 * from the events; what could not be applied during the run is replayed; each file is diffed and
 * cross-checked against the working tree; then the working tree's other changes are listed as the work of
 * commands. Runs only after the agent's process group is gone.
 *
 * Trust boundary: paths are the agent's. A path outside the workspace is listed as `outside` and never
 * read; paths inside are read only through the {@link GitReader}, which refuses anything that leaves it.
 * Time: every git call is bounded by what is left of the budget; past it, files get event-based baselines
 * and no diff, and a note says so.
 */

import { CHANGE_SUMMARY_DIFF_CHARS } from "../base/limits.js";
import type { BlobRef, FileRead, GitReader, HeadEntry } from "../git/reader.js";
import { type Content, type DiffLimits, describeChange } from "./diff.js";
import type { Locator } from "./locate.js";
import type { Prefetcher } from "./prefetch.js";
import { type FileState, MAX_KEPT_CHARS, type Recorder } from "./recorder.js";
import { eventBaseline, replayEdits } from "./replay.js";
import { type Ask, cmp, joinNotes, shellChanges } from "./shell-changes.js";
import type { ChangeSet, FileChange } from "./types.js";

const MAX_NOTES = 50;
/** Files per batch at the end of the run, and HEAD blob bytes per batch (memory holds one batch). */
const BATCH_FILES = 128;
const BATCH_BYTES = 2 * 1024 * 1024;

export interface SummaryInput {
  recorder: Recorder;
  prefetcher: Prefetcher;
  locator: Locator;
  workspace: string;
  git: GitReader;
  limits: DiffLimits;
  budgetMs: number;
  now: () => number;
  /** The working tree's changes before the agent started: not the agent's. */
  before?: Map<string, string>;
}

export async function summarize(input: SummaryInput): Promise<ChangeSet> {
  const { recorder, git, limits, now } = input;
  const started = now();
  const timeLeft = () => input.budgetMs - (now() - started);
  const notes: string[] = [];
  const note = (n: string) => {
    if (notes.length < MAX_NOTES) notes.push(n);
  };
  /** A git call, bounded by what is left of the budget, and never a throw. */
  const ask: Ask = (f, fallback) => guarded(f, fallback, timeLeft());

  const repo = await ask(() => git.isRepo(), false);
  const inside: FileChange[] = [];
  const outside: FileChange[] = [];
  const explained = new Set<string>();
  let budgetNoted = false;

  const states = [...recorder.files.entries()].sort((a, b) => cmp(a[1].path, b[1].path));
  const insidePaths = states.filter(([, s]) => s.inside && !s.repoData).map(([, s]) => s.path);
  // The working tree's status and counts are asked for now, in parallel with the lookups below: git
  // processes one after another were most of the end of a run (BENCHMARKS.md).
  const statusP = repo ? ask(() => git.status(), []) : Promise.resolve([]);
  const numstatP = repo ? ask(() => git.numstat(), []) : Promise.resolve([]);
  const heads = repo ? await headEntries(input, insidePaths, ask) : undefined;
  let diffChars = 0;
  let diffsDropped = 0;
  let approximate = 0;

  // Files go a batch at a time: the batch's HEAD blobs in one git process and its working-tree files
  // read in parallel, then each is replayed, diffed and let go. Memory holds one batch, not the run.
  /** A batch's reads, started: its HEAD blobs (one git process) and its working-tree files. */
  const load = (batch: [string, FileState][]) => {
    const disks = new Map<string, Promise<FileRead | undefined>>();
    if (repo && timeLeft() > 0) {
      for (const [, s] of batch)
        if (s.inside && !s.repoData)
          disks.set(
            s.path,
            ask(() => git.read(s.path, MAX_KEPT_CHARS), undefined),
          );
    }
    return { batch, blobs: batchBlobs(batch, heads, git, ask), disks };
  };
  const pending = batches(states, heads);
  const first = pending.next();
  let next = first.done ? undefined : load(first.value);
  while (next) {
    // The next batch is read while this one is diffed: git and the disk work while we compute.
    const { batch, disks } = next;
    const blobs = await next.blobs;
    const after = pending.next();
    next = after.done ? undefined : load(after.value);
    const disk = (s: FileState) =>
      disks.get(s.path) ?? ask(() => git.read(s.path, MAX_KEPT_CHARS), undefined);
    for (const [key, s] of batch) {
      if (s.repoData) {
        explained.add(key);
        (s.inside ? inside : outside).push(repoDataChange(s));
        continue;
      }
      if (!s.inside) {
        const ch = outsideChange(s, limits, timeLeft);
        if (ch) outside.push(ch);
        continue;
      }
      if (timeLeft() <= 0 && !budgetNoted) {
        budgetNoted = true;
        note("The time for the change summary ran out: later files have no git baseline and no diff.");
      }
      // Baseline: HEAD first; else what the events said.
      let base: Content | undefined;
      let label: FileChange["baseline"] = "unknown";
      if (repo && timeLeft() > 0) {
        const h = heads?.get(s.path);
        const r =
          h?.kind === "blob"
            ? blobs.get(h.oid)
            : (h ?? (await ask(() => git.show(s.path, MAX_KEPT_CHARS), undefined)));
        base = r ? fromRead(r) : undefined;
        if (base) label = "git";
      }
      if (!base) [base, label] = eventBaseline(s);

      let final = replayEdits(s, base, () => timeLeft() <= 0);
      const extra: string[] = [];
      let fromDisk = false;
      // Content the recorder let go (its memory cap) is the working tree's: the same text, read now.
      const dropped = final.kind === "large" && final.dropped === true;
      if ((final.kind === "unknown" || dropped) && timeLeft() > 0) {
        // The events do not say what the file became: the working tree does (inside the workspace only).
        const r = await disk(s);
        const d = r ? fromRead(r) : undefined;
        if (d && (d.kind !== "absent" || repo)) {
          if (!dropped)
            extra.push(
              `${(final.kind === "unknown" && final.why) || "the tool calls do not say its final content"}; taken from the working tree`,
            );
          final = d;
          fromDisk = true;
        } else if (r?.kind === "absent" && !dropped) {
          final = {
            kind: "unknown",
            why: `${(final.kind === "unknown" && final.why) || "its final content is unknown"}; not found in the workspace`,
          };
        }
      }
      if ((base.kind === "large" && base.dropped) || (final.kind === "large" && final.dropped)) approximate++;

      let mismatch = false;
      if (repo && !fromDisk && final.kind !== "unknown" && timeLeft() > 0) {
        const r = await disk(s);
        const d = r ? fromRead(r) : undefined;
        const same = d ? sameContent(d, final) : undefined;
        if (same === false) {
          mismatch = true;
          extra.push(
            d && sameContent(d, base) === true
              ? "unchanged on disk: the working tree does not have the change the tool calls reported"
              : "the working tree differs from what the tool calls reported",
          );
        }
      }

      const d = describeChange(s.path, base, final, limits, timeLeft());
      if (!d) {
        if (mismatch) continue; // back to its start per the tool calls, yet changed on disk: a `shell` change
        explained.add(key);
        if (s.edits > 0) note(`${s.path}: changed, then back to its original content (no net change).`);
        continue;
      }
      explained.add(key);
      // Diffs past what any report can show are not kept: their counts are.
      if (d.diff !== undefined) {
        if (diffChars + d.diff.length > CHANGE_SUMMARY_DIFF_CHARS) {
          d.diff = undefined;
          diffsDropped++;
        } else diffChars += d.diff.length;
      }
      const ch: FileChange = { path: s.path, ...d, baseline: label, editCount: s.edits };
      if (ch.diff === undefined) delete ch.diff;
      const n = joinNotes(d.note, ...extra);
      if (n) ch.note = n;
      else delete ch.note;
      if (mismatch) ch.mismatchOnDisk = true;
      inside.push(ch);
    }
  }
  if (diffsDropped > 0) {
    note(
      `The diffs of ${diffsDropped} file(s) are not shown: they are past what a report can hold (their line counts are exact).`,
    );
  }

  const shell = repo
    ? await shellChanges(input, explained, ask, note, statusP, numstatP)
    : { files: [], added: 0, removed: 0 };
  if (approximate > 0) {
    note(`${approximate} file content(s) were too large to keep in memory: their counts are approximate.`);
  }
  const files = [...inside, ...outside, ...shell.files];
  // Files changed by commands past the listing cap still count.
  let added = shell.added;
  let removed = shell.removed;
  for (const f of files) {
    if (f.status === "outside") continue;
    added += f.added;
    removed += f.removed;
  }
  return { files, added, removed, notes };
}

/** A file under `.git/`: listed, because the agent changing it matters; nothing of it is read or shown. */
function repoDataChange(s: FileState): FileChange {
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
function outsideChange(s: FileState, limits: DiffLimits, timeLeft: () => number): FileChange | undefined {
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

/** Where each changed file is at HEAD: looked up during the run, and the rest now in one batch. */
async function headEntries(
  input: SummaryInput,
  paths: string[],
  ask: Ask,
): Promise<Map<string, HeadEntry> | undefined> {
  const { git, prefetcher } = input;
  if (!git.heads || paths.length === 0) return undefined;
  const out = new Map<string, HeadEntry>();
  // Paths still waiting for their batch's timer are simply asked for with the rest, now.
  prefetcher.stop();
  const rest: string[] = [];
  for (const p of paths) {
    const early = prefetcher.early(p);
    const r = early ? await ask(() => early, undefined) : undefined;
    if (r) out.set(p, r);
    else rest.push(p);
  }
  if (rest.length > 0) {
    const more = await ask(() => git.heads!(rest), undefined);
    for (const [p, r] of more ?? []) out.set(p, r);
  }
  return out;
}

/** The files in order, cut into batches of at most {@link BATCH_FILES} files and {@link BATCH_BYTES} of HEAD blobs. */
function* batches(
  states: [string, FileState][],
  heads: Map<string, HeadEntry> | undefined,
): Generator<[string, FileState][]> {
  let batch: [string, FileState][] = [];
  let bytes = 0;
  for (const entry of states) {
    const h = heads?.get(entry[1].path);
    const size = h?.kind === "blob" && h.size <= MAX_KEPT_CHARS ? h.size : 0;
    if (batch.length > 0 && (batch.length >= BATCH_FILES || bytes + size > BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(entry);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

/** The HEAD blobs of a batch's files, by id, in one git process. */
async function batchBlobs(
  batch: [string, FileState][],
  heads: Map<string, HeadEntry> | undefined,
  git: GitReader,
  ask: Ask,
): Promise<Map<string, FileRead>> {
  const refs: BlobRef[] = [];
  for (const [, s] of batch) {
    const h = heads?.get(s.path);
    if (h?.kind === "blob") refs.push(h);
  }
  if (refs.length === 0 || !git.blobs) return new Map();
  return (await ask(() => git.blobs!(refs, MAX_KEPT_CHARS), undefined)) ?? new Map();
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

async function guarded<T>(f: () => Promise<T>, fallback: T, ms: number): Promise<T> {
  if (ms <= 0) return fallback;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      f().catch(() => fallback),
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), ms);
      }),
    ]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * HEAD's side of the end of the run: where each changed file is at HEAD (looked up during the run by the
 * {@link Prefetcher}, the rest now in one batch), and the files cut into batches whose HEAD blobs are
 * read from one git process kept open for them. Memory holds a few batches' blobs (summary.ts READ_AHEAD),
 * never the run's.
 */
import { HEAD_BYTES_AT_ONCE } from "../base/limits.js";
import type { BlobReader, BlobRef, FileRead, GitReader, HeadEntry } from "../git/reader.js";
import type { Prefetcher } from "./prefetch.js";
import { type FileState, MAX_KEPT_CHARS } from "./recorder.js";
import type { Ask } from "./time-budget.js";

/**
 * Files per batch at the end of the run, and HEAD blob bytes per batch (memory holds one batch). Each
 * batch is a git process, and its start (a fork of the action, ~4 ms, then git's own) was what the end
 * waited on: 2,000 files of 200 lines in batches of 128 ended in ~720 ms, in batches of 256 in ~650 ms,
 * at the same peak RSS (BENCHMARKS.md). The bytes, not the count, bound larger files' batches.
 */
const BATCH_FILES = 256;
const BATCH_BYTES = HEAD_BYTES_AT_ONCE;

/**
 * Where each changed file is at HEAD: looked up during the run, or at the agent's exit (`atExit`: what
 * that lookup found, if it is back), and the rest now in one batch. A lookup made during the run wins:
 * HEAD as it was when the agent first touched the file is the baseline, even if the agent committed later.
 */
export async function headEntries(
  git: GitReader,
  prefetcher: Prefetcher,
  paths: string[],
  ask: Ask,
  atExit?: () => Map<string, HeadEntry> | undefined,
): Promise<Map<string, HeadEntry> | undefined> {
  if (!git.heads || paths.length === 0) return undefined;
  const out = new Map<string, HeadEntry>();
  // Paths still waiting for their batch's timer are simply asked for with the rest, now.
  prefetcher.stop();
  let rest: string[] = [];
  for (const p of paths) {
    const early = prefetcher.early(p);
    const r = early ? await ask(() => early, undefined) : undefined;
    if (r) out.set(p, r);
    else rest.push(p);
  }
  if (rest.length > 0) rest = takeKnown(rest, (p) => p, atExit?.(), out);
  if (rest.length > 0) {
    const more = await ask(() => git.heads!(rest), undefined);
    for (const [p, r] of more ?? []) out.set(p, r);
  }
  return out;
}

/** The files in order, cut into batches of at most {@link BATCH_FILES} files and {@link BATCH_BYTES} of HEAD blobs. */
export function* batches(
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

/**
 * The HEAD blobs of a batch's files, by id: those read at the agent's exit (`atExit`, if back), the rest
 * from `blobs` (one git process for the batches), else from one for the batch.
 */
export async function batchBlobs(
  batch: [string, FileState][],
  heads: Map<string, HeadEntry> | undefined,
  git: GitReader,
  ask: Ask,
  blobs?: BlobReader,
  atExit?: () => Map<string, FileRead> | undefined,
): Promise<Map<string, FileRead>> {
  const refs: BlobRef[] = [];
  for (const [, s] of batch) {
    const h = heads?.get(s.path);
    if (h?.kind === "blob") refs.push(h);
  }
  if (refs.length === 0) return new Map();
  const out = new Map<string, FileRead>();
  const ids = takeKnown(refs, (r) => r.oid, atExit?.(), out);
  if (ids.length === 0) return out;
  const read = blobs ? () => blobs.read(ids, MAX_KEPT_CHARS) : git.blobs?.bind(git, ids, MAX_KEPT_CHARS);
  if (!read) return out;
  for (const [oid, r] of (await ask(read, undefined)) ?? []) out.set(oid, r);
  return out;
}

/** What `known` (by `key`) answers of `items`, put in `out`; the items it does not answer, returned. */
function takeKnown<T, V>(
  items: T[],
  key: (item: T) => string,
  known: Map<string, V> | undefined,
  out: Map<string, V>,
): T[] {
  if (!known) return items;
  const rest: T[] = [];
  for (const item of items) {
    const v = known.get(key(item));
    if (v) out.set(key(item), v);
    else rest.push(item);
  }
  return rest;
}

/**
 * What the end of the run asks git the moment the agent has exited and its process group is gone (the
 * working tree is then final): the status, and where the files it lists are at HEAD. Both run while the
 * rest of the agent's output is read, so that the change summary does not wait for them (BENCHMARKS.md).
 * HEAD's side is used only if it is back by the time the summary needs it, never waited for: when the
 * action is not behind its agent, the summary's own lookups are as quick. Kept light: this module is
 * part of the action's start-up bundle.
 */
import { HEAD_BYTES_AT_ONCE } from "../base/limits.js";
import {
  type BlobRef,
  type FileRead,
  type GitReader,
  type HeadEntry,
  isTracked,
  type StatusEntry,
} from "../git/reader.js";

/**
 * The most files looked up at the exit: one `ls-tree` of a few hundred paths takes a few ms even in a
 * large repository. A status longer than that (a formatter, a line-ending change) is mostly files no tool
 * call touched: the end looks up only those it needs, as without this.
 */
export const EXIT_LOOKUP_MAX = 256;

export interface TreeAtExit {
  /** The working tree's status; a status that fails is none (the change summary's fallback). */
  status: Promise<StatusEntry[]>;
  /** Where its tracked files are at HEAD (ids and sizes, never content), once back; else undefined. */
  heads: () => Map<string, HeadEntry> | undefined;
  /** Those files' content at HEAD, by blob id, once back, when small enough ({@link HEAD_BYTES_AT_ONCE}). */
  blobs: () => Map<string, FileRead> | undefined;
  /** Resolves once both lookups are back or given up (for tests: the action never waits for it). */
  settled: Promise<void>;
}

/** What the change summary takes of it: any of the three (the status alone, in some tests). */
export type ExitLookups = Partial<Pick<TreeAtExit, "status" | "heads" | "blobs">>;

/** What `p` came to, once it has: undefined before (and if it failed). */
function whenBack<T>(p: Promise<T | undefined>): () => T | undefined {
  let value: T | undefined;
  p.then(
    (v) => {
      value = v;
    },
    () => {},
  );
  return () => value;
}

export function treeAtExit(git: GitReader): TreeAtExit {
  const status = git.status().catch((): StatusEntry[] => []);
  const heads = status
    .then((entries) => {
      // An untracked file has no HEAD side to look up (an `npm install` leaves tens of thousands).
      const tracked = entries.filter(isTracked).map((e) => e.path);
      if (tracked.length === 0 || tracked.length > EXIT_LOOKUP_MAX || !git.heads) return undefined;
      return git.heads(tracked);
    })
    .catch(() => undefined);
  const blobs = heads
    .then((found) => {
      const refs: BlobRef[] = [];
      let bytes = 0;
      for (const h of found?.values() ?? []) {
        if (h.kind !== "blob") continue;
        refs.push(h);
        bytes += h.size;
      }
      // Held while the rest of the stream is read, so that the end starts on its diffs at once: a blob's id
      // pins its content, the same read then or later.
      if (refs.length === 0 || bytes > HEAD_BYTES_AT_ONCE || !git.blobs) return undefined;
      // Each blob is at most HEAD_BYTES_AT_ONCE, below what the end keeps of a file: read as the end reads it.
      return git.blobs(refs, HEAD_BYTES_AT_ONCE);
    })
    .catch(() => undefined);
  return {
    status,
    heads: whenBack(heads),
    blobs: whenBack(blobs),
    settled: blobs.then(
      () => {},
      () => {},
    ),
  };
}

/**
 * Where changed files are at HEAD, asked for in the background while the agent still runs, batched (one
 * `git ls-tree` per batch), so that the end of the run does not wait for the lookups: git's waits were
 * most of the end-of-run time (BENCHMARKS.md). Only each blob's id and size are kept, never its content
 * (memory stays flat however many files change); the end of the run reads the blobs by id, a batch at a
 * time. HEAD as it was when the agent first touched the file is the right baseline even if the agent
 * commits later: the blob id pins it. Read-only, without locks: safe beside the agent's own git.
 */
import type { GitReader, HeadEntry } from "../git/reader.js";

/** How long file paths are collected before one batch of lookups is asked for. */
const PREFETCH_BATCH_MS = 500;

export class Prefetcher {
  /** Lookups asked for during the run, by workspace path. */
  private readonly asked = new Map<string, Promise<HeadEntry | undefined>>();
  private waiting: string[] = [];
  private readonly waitingSet = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly git: GitReader | undefined) {}

  want(path: string): void {
    const git = this.git;
    if (!git?.heads || this.asked.has(path) || this.waitingSet.has(path)) return;
    this.waiting.push(path);
    this.waitingSet.add(path);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const batch = this.waiting;
      this.waiting = [];
      this.waitingSet.clear();
      const fetched = git.heads!(batch).catch(() => undefined);
      for (const p of batch)
        this.asked.set(
          p,
          fetched.then((m) => m?.get(p)),
        );
    }, PREFETCH_BATCH_MS).unref();
  }

  /** The run is over: paths still waiting for their batch's timer are left to the caller. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting = [];
    this.waitingSet.clear();
  }

  /** What was asked for `path` during the run, if anything. */
  early(path: string): Promise<HeadEntry | undefined> | undefined {
    return this.asked.get(path);
  }
}

/**
 * Changed files' HEAD contents, asked for in the background while the agent still runs, batched (one
 * `git cat-file` pair per batch), so that the end of the run does not wait for git: its waits were most of
 * the end-of-run time (BENCHMARKS.md). HEAD as it was when the agent first touched the file is the right
 * baseline even if the agent commits later. Read-only, without locks: safe beside the agent's own git.
 */
import type { FileRead, GitReader } from "../git/reader.js";

/** How long file paths are collected before one batch of HEAD contents is asked for. */
const PREFETCH_BATCH_MS = 500;

export class Prefetcher {
  /** HEAD contents asked for during the run, by workspace path. */
  private readonly asked = new Map<string, Promise<FileRead | undefined>>();
  private waiting: string[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly git: GitReader | undefined,
    private readonly maxBytes: number,
  ) {}

  want(path: string): void {
    const git = this.git;
    if (!git?.showMany || this.asked.has(path) || this.waiting.includes(path)) return;
    this.waiting.push(path);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const batch = this.waiting;
      this.waiting = [];
      const fetched = git.showMany!(batch, this.maxBytes).catch(() => undefined);
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
  }

  /** What was asked for `path` during the run, if anything. */
  early(path: string): Promise<FileRead | undefined> | undefined {
    return this.asked.get(path);
  }
}

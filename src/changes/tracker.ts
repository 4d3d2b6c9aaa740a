/**
 * The change tracker: from the run's tool calls to one net change per file. It wires the jobs together:
 * the hot-path {@link Recorder} (during the run), the {@link Prefetcher} (HEAD contents in the background),
 * and {@link summarize} (at the end). The clock, the platform and the git reader are passed in.
 */

import type { GitReader } from "../git/reader.js";
import type { ModelUpdate } from "../model/run-model.js";
import type { ExitLookups } from "./at-exit.js";
import { DEFAULT_LIMITS } from "./diff.js";
import { Locator } from "./locate.js";
import { Prefetcher } from "./prefetch.js";
import { KEEP_EVENTS_ONLY, KEEP_WITH_WORKSPACE, Recorder } from "./recorder.js";
import { summarize } from "./summary.js";
import type { ChangeSet } from "./types.js";

/** The whole of {@link ChangeTracker.finish}, by default. */
const DEFAULT_BUDGET_MS = 60_000;

export interface TrackerOptions {
  workspace: string;
  /** Where HEAD contents are fetched ahead while the agent still runs (none: all fetched at the end). */
  prefetch?: GitReader;
  now?: () => number;
  platform?: NodeJS.Platform;
}

export interface FinishOptions {
  /** The workspace's git; `noGit` for a transcript from elsewhere. */
  git: GitReader;
  /** Larger files get counts and a note instead of a diff. Default 1 MB. */
  maxFileBytes?: number;
  /** Time for the whole of `finish`; past it, what is left gets event-based baselines and no diffs. */
  budgetMs?: number;
  /** Ends that time sooner (a cancel's share of the cancel budget, spent): see {@link summarize}. */
  until?: AbortSignal;
  /** The working tree's changes before the agent started (`snapshotWorkingTree`): not the agent's. */
  before?: Map<string, string>;
  /** What git was asked once the working tree was final (the agent's exit); the rest is asked here. */
  atExit?: ExitLookups;
}

export class ChangeTracker {
  private readonly locator: Locator;
  private readonly prefetcher: Prefetcher;
  private readonly recorder: Recorder;

  constructor(private readonly opts: TrackerOptions) {
    this.locator = new Locator(opts.workspace, opts.platform ?? process.platform);
    this.prefetcher = new Prefetcher(opts.prefetch);
    // With a workspace to read at the end, contents past a low cap are let go (memory stays flat).
    this.recorder = new Recorder(
      this.locator,
      (p) => this.prefetcher.want(p),
      opts.prefetch ? KEEP_WITH_WORKSPACE : KEEP_EVENTS_ONLY,
    );
  }

  /** Feed every model update (on the hot path: nothing is read or diffed here). */
  readonly onUpdate = (u: ModelUpdate): void => this.recorder.onUpdate(u);

  /** Files changed so far, by the tool calls' account (for the progress comment). */
  changedSoFar(): number {
    return this.recorder.files.size;
  }

  /** At the end: baselines from git, diffs, the cross-check against the working tree. Never throws. */
  async finish(opts: FinishOptions): Promise<ChangeSet> {
    try {
      return await summarize({
        recorder: this.recorder,
        prefetcher: this.prefetcher,
        locator: this.locator,
        workspace: this.opts.workspace,
        git: opts.git,
        limits: { ...DEFAULT_LIMITS, maxFileBytes: opts.maxFileBytes ?? DEFAULT_LIMITS.maxFileBytes },
        budgetMs: opts.budgetMs ?? DEFAULT_BUDGET_MS,
        until: opts.until,
        now: this.opts.now ?? Date.now,
        before: opts.before,
        atExit: opts.atExit,
      });
    } catch (e) {
      return {
        files: [],
        added: 0,
        removed: 0,
        notes: [`The change summary could not be made: ${(e as Error)?.message ?? String(e)}`],
      };
    }
  }
}

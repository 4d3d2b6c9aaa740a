/**
 * The end of the run: one net change per file. Baselines come from git's HEAD when it can give them, else
 * from the events; what could not be applied during the run is replayed; each file is diffed and
 * cross-checked against the working tree (file-change.ts); then the working tree's other changes are
 * listed as the work of commands (shell-changes.ts). Runs only after the agent's process group is gone.
 *
 * Trust boundary: paths are the agent's. A path outside the workspace is listed as `outside` and never
 * read; paths inside are read only through the {@link GitReader}, which refuses anything that leaves it.
 * Time: every git call is bounded by what is left of the budget; past it, files get event-based baselines
 * and no diff, and a note says so.
 */

import { setImmediate } from "node:timers/promises";
import { CHANGE_SUMMARY_DIFF_CHARS } from "../base/limits.js";
import type { GitReader } from "../git/reader.js";
import type { ExitLookups } from "./at-exit.js";
import type { DiffLimits } from "./diff.js";
import { type FileSources, insideChange, outsideChange, repoDataChange } from "./file-change.js";
import { batchBlobs, batches, headEntries } from "./head-batches.js";
import type { Locator } from "./locate.js";
import { cmp, RunNotes } from "./notes.js";
import type { Prefetcher } from "./prefetch.js";
import { type FileState, MAX_KEPT_CHARS, type Recorder } from "./recorder.js";
import { shellChanges } from "./shell-changes.js";
import { startTimeBudget, type TimeBudget } from "./time-budget.js";
import type { ChangeSet, FileChange } from "./types.js";

export interface SummaryInput {
  recorder: Recorder;
  prefetcher: Prefetcher;
  locator: Locator;
  workspace: string;
  git: GitReader;
  limits: DiffLimits;
  budgetMs: number;
  /** Ends the budget sooner: a cancel's share of the cancel budget, spent. */
  until?: AbortSignal;
  now: () => number;
  /** The working tree's changes before the agent started: not the agent's. */
  before?: Map<string, string>;
  /**
   * What git was asked at the agent's exit: its status is taken instead of asking again; where its files
   * are at HEAD, and their content, as far as those lookups are back (never waited for).
   */
  atExit?: ExitLookups;
}

/** What the files of the tool calls came to, and the keys they account for. */
interface ToolChanges {
  inside: FileChange[];
  outside: FileChange[];
  explained: Set<string>;
  /** Files whose counts are approximate: a side was let go to keep memory flat. */
  approximate: number;
}

export async function summarize(input: SummaryInput): Promise<ChangeSet> {
  const { git } = input;
  const budget = startTimeBudget(input.budgetMs, input.now, input.until);
  const { ask } = budget;
  const notes = new RunNotes();
  const repo = await ask(() => git.isRepo(), false);
  // The working tree's status is asked for now, in parallel with the lookups below: git processes one
  // after another were most of the end of a run (BENCHMARKS.md). Its line counts (numstat) only for what
  // no tool call explains, once that is known (./shell-changes.ts).
  const statusP = repo ? ask(() => input.atExit?.status ?? git.status(), []) : Promise.resolve([]);
  const tools = await toolChanges(input, repo, budget, notes);
  const shell = repo
    ? await shellChanges(input, tools.explained, ask, notes.add, statusP)
    : { files: [], added: 0, removed: 0 };
  if (tools.approximate > 0) {
    notes.add(
      `${tools.approximate} file content(s) were too large to keep in memory: their counts are approximate.`,
    );
  }
  const files = [...tools.inside, ...tools.outside, ...shell.files];
  // Files changed by commands past the listing cap still count.
  let added = shell.added;
  let removed = shell.removed;
  for (const f of files) {
    if (f.status === "outside") continue;
    added += f.added;
    removed += f.removed;
  }
  return { files, added, removed, notes: notes.list };
}

/** Every file the tool calls changed, a batch at a time. */
async function toolChanges(
  input: SummaryInput,
  repo: boolean,
  budget: TimeBudget,
  notes: RunNotes,
): Promise<ToolChanges> {
  const { recorder, git, limits } = input;
  const { ask, timeLeft } = budget;
  const out: ToolChanges = { inside: [], outside: [], explained: new Set(), approximate: 0 };
  const states = [...recorder.files.entries()].sort((a, b) => cmp(a[1].path, b[1].path));
  const insidePaths = states.filter(([, s]) => s.inside && !s.repoData).map(([, s]) => s.path);
  const heads = repo
    ? await headEntries(git, input.prefetcher, insidePaths, ask, input.atExit?.heads)
    : undefined;
  const diffs = { chars: 0, dropped: 0 };
  let budgetNoted = false;

  // Files go a batch at a time: the batch's HEAD blobs asked of git ahead, then each file is read from the
  // working tree, replayed, diffed and let go. Memory holds a few batches' blobs, not the run. The working
  // tree is read as each file comes (the reads are synchronous: reading ahead only held them in memory).
  const read = (s: FileState) => ask(() => git.read(s.path, MAX_KEPT_CHARS), undefined);
  // One git process answers every batch's HEAD blobs: a process a batch cost a fork of the action each.
  const blobs = repo ? git.openBlobs?.() : undefined;
  const load = (batch: [string, FileState][]) => ({
    batch,
    blobs: batchBlobs(batch, heads, git, ask, blobs, input.atExit?.blobs),
  });
  const pending = batches(states, heads);
  const ahead: ReturnType<typeof load>[] = [];
  const readAhead = () => {
    while (ahead.length < READ_AHEAD) {
      const b = pending.next();
      if (b.done) return;
      ahead.push(load(b.value));
    }
  };
  readAhead();
  for (let next = ahead.shift(); next; next = ahead.shift()) {
    // The next batches' blobs are asked for while this one is diffed: git works while we compute.
    const { batch } = next;
    const src: FileSources = {
      repo,
      git,
      limits,
      budget,
      heads,
      blobs: await next.blobs,
      disk: read,
    };
    readAhead();
    let sinceTurn = 0;
    for (const [key, s] of batch) {
      const h = heads?.get(s.path);
      sinceTurn += h?.kind === "blob" ? h.size : 0;
      if (sinceTurn >= TURN_BYTES) {
        sinceTurn = 0;
        await setImmediate();
      }
      if (s.repoData) {
        out.explained.add(key);
        (s.inside ? out.inside : out.outside).push(repoDataChange(s));
        continue;
      }
      if (!s.inside) {
        const ch = outsideChange(s, limits, timeLeft);
        if (ch) out.outside.push(ch);
        continue;
      }
      if (timeLeft() <= 0 && !budgetNoted) {
        budgetNoted = true;
        notes.add("The time for the change summary ran out: later files have no git baseline and no diff.");
      }
      const r = await insideChange(s, src);
      if (r.approximate) out.approximate++;
      if (r.explained) out.explained.add(key);
      if (r.note) notes.add(r.note);
      if (r.change) out.inside.push(capDiff(r.change, diffs));
    }
  }
  blobs?.close();
  if (diffs.dropped > 0) {
    notes.add(
      `The diffs of ${diffs.dropped} file(s) are not shown: they are past what a report can hold (their line counts are exact).`,
    );
  }
  return out;
}

/**
 * Batches whose blobs are asked of git while one is diffed. 2,000 files of 200 lines, a process a
 * batch then: ~650 ms from the agent's exit to ours with one read ahead, ~530 with two, ~550 with three;
 * with one process and the event loop turned while diffing ({@link TURN_BYTES}), ~595 with one and ~480
 * with two (BENCHMARKS.md).
 * Memory holds this many batches more than the one being diffed.
 */
const READ_AHEAD = 2;

/**
 * A turn of the event loop after diffing this much of HEAD's content. git writes the batches read ahead
 * into a pipe of 64 KiB, read only on a turn, and diffing takes none (its awaits end in microtasks): git
 * was held to 64 KiB ahead. 2,000 files of 200 lines (12 KB each): from the agent's exit to ours ~540 ms
 * without turns; ~475 with a turn a file, at ~85 ms more CPU; ~480 with a turn every half pipe (a third
 * of the turns), at ~80 ms less CPU than without (BENCHMARKS.md).
 */
const TURN_BYTES = 32 * 1024;

/** Diffs past what any report can show are not kept: their counts are. */
function capDiff(ch: FileChange, diffs: { chars: number; dropped: number }): FileChange {
  if (ch.diff === undefined) return ch;
  if (diffs.chars + ch.diff.length > CHANGE_SUMMARY_DIFF_CHARS) {
    delete ch.diff;
    diffs.dropped++;
  } else diffs.chars += ch.diff.length;
  return ch;
}

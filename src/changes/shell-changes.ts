/**
 * Working-tree changes that no successful file tool call explains: what commands (`sed -i`, a generator,
 * a formatter) changed, as git sees it, less what was already changed before the agent started.
 */

import { type GitReader, isTracked, type NumstatEntry, type StatusEntry } from "../git/reader.js";
import { countLines } from "./diff.js";
import type { Locator } from "./locate.js";
import { cmp, joinNotes } from "./notes.js";
import { MAX_KEPT_CHARS, type Recorder } from "./recorder.js";
import { entrySignature } from "./snapshot.js";
import type { Ask } from "./time-budget.js";
import type { FileChange } from "./types.js";

/** Files changed by commands listed one by one; the rest are summed in a note. */
const MAX_SHELL_LISTED = 300;

/** What the working tree's changes are weighed against: the tool calls' record and the state before the run. */
export interface ShellInput {
  git: GitReader;
  locator: Locator;
  recorder: Recorder;
  workspace: string;
  /** The working tree's changes before the agent started: not the agent's. */
  before?: Map<string, string>;
}

/** Working-tree changes no successful file tool call explains: commands, generators, earlier edits. */
export async function shellChanges(
  input: ShellInput,
  explained: Set<string>,
  ask: Ask,
  note: (n: string) => void,
  statusP: Promise<StatusEntry[]>,
): Promise<{ files: FileChange[]; added: number; removed: number }> {
  const { git, locator, recorder } = input;
  const status = await statusP;
  if (status.length === 0) return { files: [], added: 0, removed: 0 };
  const { changed, unchangedSinceBefore } = unexplained(input, explained, status);
  // Counted only where the tool calls leave something to count: numstat diffs each file it is given
  // (2,000 edited files: ~180 ms of git's CPU for counts the tool calls had already made).
  const tracked = changed.filter(isTracked).map((e) => e.path);
  const numstat = new Map<string, NumstatEntry>();
  const counted = tracked.length > 0 ? await ask(() => git.numstat(tracked), []) : [];
  for (const n of counted) numstat.set(locator.gitKey(n.path), n);
  const out: FileChange[] = [];
  let unlisted = 0;
  let unlistedAdded = 0;
  let unlistedRemoved = 0;
  for (const e of changed) {
    const key = locator.gitKey(e.path);
    const n = numstat.get(key);
    if (out.length >= MAX_SHELL_LISTED) {
      unlisted++;
      unlistedAdded += n?.added ?? 0;
      unlistedRemoved += n?.removed ?? 0;
      continue;
    }
    const isNew = e.code === "??" || e.code[0] === "A";
    const isDeleted = e.code.includes("D");
    const what = isNew ? "a new file" : isDeleted ? "deleted" : "modified";
    const notes = [`${what}, changed by no file tool call (a command, or already changed before the run)`];
    if (recorder.attempted.has(key)) notes.push("a file tool call on it did not report success");
    let added = n?.added ?? 0;
    const removed = n?.removed ?? 0;
    if (n?.binary) notes.push("binary file");
    else if (!n && isNew) {
      // Untracked: git has no counts for it; its lines are all added.
      const r = await ask(() => git.read(e.path, MAX_KEPT_CHARS), undefined);
      if (r?.kind === "text") added = countLines(r.text);
      else if (r?.kind === "binary") notes.push("binary file");
      else if (r?.kind === "too-large") notes.push("too large to count");
      else if (r?.kind === "refused") notes.push(`not read: ${r.reason}`);
    }
    out.push({
      path: e.path,
      status: "shell",
      added,
      removed,
      note: joinNotes(...notes),
      baseline: "git",
      editCount: 0,
    });
  }
  if (unchangedSinceBefore > 0) {
    note(
      `${unchangedSinceBefore} file(s) already changed before the agent started are not counted as its changes.`,
    );
  }
  if (unlisted > 0) {
    note(
      `${unlisted} more file(s) changed by commands are not listed; their counts (+${unlistedAdded} −${unlistedRemoved}, tracked files only) are in the totals.`,
    );
  }
  return { files: out, added: unlistedAdded, removed: unlistedRemoved };
}

/** The entries no successful tool call explains and that changed since the snapshot, in path order. */
function unexplained(
  input: ShellInput,
  explained: Set<string>,
  status: StatusEntry[],
): { changed: StatusEntry[]; unchangedSinceBefore: number } {
  const { locator, before } = input;
  const changed: StatusEntry[] = [];
  let unchangedSinceBefore = 0;
  for (const e of [...status].sort((a, b) => cmp(a.path, b.path))) {
    if (explained.has(locator.gitKey(e.path))) continue;
    if (before?.has(e.path) && before.get(e.path) === entrySignature(input.workspace, e.code, e.path)) {
      unchangedSinceBefore++;
      continue;
    }
    changed.push(e);
  }
  return { changed, unchangedSinceBefore };
}

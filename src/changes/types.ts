/**
 * The change model: what the agent's run did to the files, one entry per file, net of all its edits.
 */

export interface FileChange {
  /** Relative to the workspace with `/` separators; the normalised absolute path when `outside`. */
  path: string;
  /**
   * `outside`: a file tool named a path outside the workspace (never read; not part of the repository).
   * `shell`: changed on disk (per git) but by no successful file tool call: a command (`sed -i`, a
   * generator), or the working tree was already dirty before the run.
   */
  status: "added" | "modified" | "deleted" | "outside" | "shell";
  added: number;
  removed: number;
  /** Unified diff with `--- a/path` / `+++ b/path` headers (`/dev/null` for the absent side). */
  diff?: string;
  /** Why something is missing or approximate (no diff, counts estimated, content unknown, mismatch). */
  note?: string;
  /** Where the "before" side came from: HEAD, the first edit's own before-content, an earlier full read. */
  baseline: "git" | "before" | "read" | "unknown";
  /** Successful file tool calls on this file. 0 for `shell`. */
  editCount: number;
  /** The working tree does not hold what the tool calls reported as the file's final state. */
  mismatchOnDisk?: boolean;
}

export interface ChangeSet {
  /** Tool-changed files (inside, then outside the workspace), then `shell` changes; each group sorted by path. */
  files: FileChange[];
  /** Totals over the files in the workspace (everything but `outside`). */
  added: number;
  removed: number;
  /** Run-level remarks: the budget ran out, git failed, files left out of the list. */
  notes: string[];
}

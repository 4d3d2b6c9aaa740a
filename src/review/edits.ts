/**
 * The agent's own edits as review suggestions: each run of changed lines in a file's diff against HEAD
 * (the pull request's head, as checked out) becomes "replace HEAD's lines a..b with these". A pure
 * insertion takes the line before it (or after it, at the top of a file) as the line it replaces, since a
 * suggestion must sit on at least one line. Only modified files diffed against git qualify: an added file
 * has no lines on the pull request to sit on, a deleted one would be a suggestion to empty it.
 */
import type { FileChange } from "../changes/types.js";

export interface EditSuggestion {
  path: string;
  /** HEAD's lines replaced, inclusive (1-based): the pull request's new side. */
  start: number;
  end: number;
  /** HEAD's lines start..end. */
  old: string[];
  replacement: string[];
}

export function editSuggestions(files: FileChange[]): EditSuggestion[] {
  const out: EditSuggestion[] = [];
  for (const f of files) {
    if (f.status !== "modified" || f.baseline !== "git" || !f.diff) continue;
    out.push(...fromDiff(f.path, f.diff));
  }
  return out;
}

interface Run {
  before?: { line: number; text: string };
  removed: { line: number; text: string }[];
  added: string[];
  after?: { line: number; text: string };
}

/** The runs of changed lines of a unified diff, each with the context lines around it. */
export function fromDiff(path: string, diff: string): EditSuggestion[] {
  const runs: Run[] = [];
  let old = 0;
  let inHunk = false;
  let current: Run | undefined;
  let lastContext: { line: number; text: string } | undefined;
  const close = (next?: { line: number; text: string }) => {
    if (current) runs.push({ ...current, after: next });
    current = undefined;
  };
  for (const line of diff.split("\n")) {
    const header = /^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/.exec(line);
    if (header) {
      close();
      old = Number(header[1]);
      inHunk = true;
      lastContext = undefined;
      continue;
    }
    if (!inHunk) continue;
    const mark = line[0];
    const text = line.slice(1);
    if (mark === " ") {
      const ctx = { line: old, text };
      close(ctx);
      lastContext = ctx;
      old++;
    } else if (mark === "-" || mark === "+") {
      current ??= { before: lastContext, removed: [], added: [] };
      if (mark === "-") current.removed.push({ line: old++, text });
      else current.added.push(text);
    } else if (mark !== "\\") {
      close();
      inHunk = false;
    }
  }
  close();
  const out: EditSuggestion[] = [];
  for (const r of runs) {
    if (r.removed.length > 0) {
      out.push({
        path,
        start: r.removed[0]!.line,
        end: r.removed[r.removed.length - 1]!.line,
        old: r.removed.map((x) => x.text),
        replacement: r.added,
      });
    } else if (r.before) {
      out.push({
        path,
        start: r.before.line,
        end: r.before.line,
        old: [r.before.text],
        replacement: [r.before.text, ...r.added],
      });
    } else if (r.after) {
      out.push({
        path,
        start: r.after.line,
        end: r.after.line,
        old: [r.after.text],
        replacement: [...r.added, r.after.text],
      });
    }
  }
  return out;
}

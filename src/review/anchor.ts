/**
 * Where a finding can sit in a pull request review: GitHub takes an inline comment only on a line of the
 * diff (a hunk's new side, context included), and a multi-line one only within one hunk. The PR's files
 * come from the API (`GET /pulls/{n}/files`); a file without a `patch` (binary, too large) anchors nothing.
 */
import type { PullFile } from "../github/api.js";

/** Per file, the new-side line ranges of its hunks, inclusive. */
export type Hunks = Map<string, [number, number][]>;

export function hunksOf(files: PullFile[]): Hunks {
  const out: Hunks = new Map();
  for (const f of files) {
    const ranges: [number, number][] = [];
    for (const m of (f.patch ?? "").matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
      const start = Number(m[1]);
      const count = m[2] === undefined ? 1 : Number(m[2]);
      if (count > 0) ranges.push([start, start + count - 1]);
    }
    out.set(f.filename, ranges);
  }
  return out;
}

/** The finding's lines lie in one hunk of its file's diff. */
export function anchored(hunks: Hunks, path: string, line: number, startLine?: number): boolean {
  const first = startLine !== undefined && startLine < line ? startLine : line;
  return (hunks.get(path) ?? []).some(([a, b]) => first >= a && line <= b);
}

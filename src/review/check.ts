/**
 * The findings checked against the repository, past what a schema can say: the file is there at HEAD (the
 * pull request's head as checked out, before the agent's edits), and the lines lie inside it. A finding
 * that fails is invalid: it is listed as such in the report and fails the run, and it is never posted.
 *
 * Trust boundary: the paths are the agent's. They are read only through the git reader, which refuses
 * anything that leaves the workspace or names the repository's own data.
 */
import type { GitReader } from "../git/reader.js";
import { checkRelative } from "../git/workspace-files.js";
import type { Finding } from "../structured/contract.js";

/**
 * Per path: its lines at HEAD; why no finding can sit there (no such file, a path that is refused); or
 * undefined when it could not be read (binary, too large, git failed): its findings are not checked.
 */
export type HeadLines = Map<string, string[] | { invalid: string } | undefined>;

/** A file's lines at HEAD, when they were read and are text. */
export function linesAt(head: HeadLines, path: string): string[] | undefined {
  const lines = head.get(path);
  return Array.isArray(lines) ? lines : undefined;
}

export interface InvalidFinding {
  finding: Finding;
  why: string;
}

/** A file larger than this is not read for its lines (its findings are not checked, only posted). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

export async function readHeadLines(reader: GitReader, paths: string[]): Promise<HeadLines> {
  const out: HeadLines = new Map();
  const unique = [...new Set(paths)];
  if (!(await reader.isRepo())) return out;
  const reads = reader.showMany
    ? await reader.showMany(unique, MAX_FILE_BYTES)
    : new Map(await Promise.all(unique.map(async (p) => [p, await reader.show(p, MAX_FILE_BYTES)] as const)));
  for (const p of unique) {
    const refused = checkRelative(p);
    const r = reads.get(p);
    if (refused) out.set(p, { invalid: refused });
    else if (r?.kind === "text") out.set(p, splitLines(r.text));
    else if (r?.kind === "absent") out.set(p, { invalid: "no such file in the repository" });
    else out.set(p, undefined);
  }
  return out;
}

/** A file's lines as GitHub numbers them: a final newline ends the last line, it does not start one. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Valid findings in order, and the others with why. Paths not in `head` (no repository) are not checked. */
export function checkFindings(
  findings: Finding[],
  head: HeadLines,
): { valid: Finding[]; invalid: InvalidFinding[] } {
  const valid: Finding[] = [];
  const invalid: InvalidFinding[] = [];
  for (const f of findings) {
    const why = problem(f, head);
    if (why) invalid.push({ finding: f, why });
    else valid.push(f);
  }
  return { valid, invalid };
}

function problem(f: Finding, head: HeadLines): string | undefined {
  if (f.start_line !== undefined && f.start_line > f.line) {
    return `start_line ${f.start_line} is after line ${f.line}`;
  }
  if (!head.has(f.path)) return undefined;
  const lines = head.get(f.path);
  if (lines && !Array.isArray(lines)) return lines.invalid;
  if (lines && f.line > lines.length) {
    return `line ${f.line} is past the end of the file (${lines.length} line${lines.length === 1 ? "" : "s"})`;
  }
  return undefined;
}

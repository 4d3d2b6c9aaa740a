// @ts-check
/**
 * The 2026-shaped run's tool calls (bench/generate-captures.mjs), one builder per kind, each to the
 * captures' measured sizes: a read of a slice of a file, a grep of a few files, a shell command (a quarter
 * failing, with the `failure` outcome as the captures have it), an edit (a sixth failing to find its
 * context) and a glob listing many files.
 */
import { applyEdit, shellArgs, shellSuccess } from "./events.mjs";
import { codeLine, ident, words } from "./random.mjs";

/** The areas of the workspace's files and of the commands run on them. */
export const CAPTURE_AREAS = ["cart", "checkout", "pricing", "orders", "tax", "shipping", "api", "ui"];

/**
 * @typedef {import("./writer.mjs").GenFile} GenFile
 * @typedef {{ started: number, completed?: number } | undefined} Times
 * @typedef {{ id: string, kind: string, args: Record<string, unknown>, result: Record<string, unknown>, times: Times }} CaptureCall
 * @typedef {{ edits: number, editErrors: number, shells: number, failedShells: number, reads: number, greps: number, globs: number }} CaptureStats
 * @typedef {{ r: import("./random.mjs").Rng, root: string, files: GenFile[], stats: CaptureStats, failedShellShare: number, editErrorShare: number }} CaptureRun
 */

/**
 * One call of `kind` on file `f`.
 * @param {CaptureRun} run @param {string} kind @param {string} id @param {Times} times @param {GenFile} f
 * @returns {CaptureCall}
 */
export function captureCall(run, kind, id, times, f) {
  if (kind === "read") return { id, times, ...readCall(run, f) };
  if (kind === "grep") return { id, times, ...grepCall(run, id) };
  if (kind === "shell") return { id, times, ...shellCall(run, id) };
  if (kind === "edit") return { id, times, ...editCall(run, f) };
  return { id, times, ...globCall(run) };
}

/** @param {CaptureRun} run @param {GenFile} f */
function readCall({ r, stats }, f) {
  stats.reads++;
  const offset = r.int(1, Math.max(1, f.lines.length - 40));
  const limit = r.int(15, 45);
  const content = `${f.lines.slice(offset - 1, offset - 1 + limit).join("\n")}\n`;
  return {
    kind: "readToolCall",
    args: { path: f.abs, offset, limit },
    result: {
      success: {
        content,
        isEmpty: false,
        exceededLimit: false,
        totalLines: f.lines.length,
        fileSize: Buffer.byteLength(`${f.lines.join("\n")}\n`),
        path: f.abs,
        readRange: { startLine: offset, endLine: Math.min(f.lines.length, offset + limit - 1) },
        relatedCursorRulePaths: [],
        relatedCursorRules: [],
      },
    },
  };
}

/** @param {CaptureRun} run @param {string} id */
function grepCall({ r, root, files, stats }, id) {
  stats.greps++;
  const pattern = ident(r);
  /** @type {{ file: string, matches: { lineNumber: number, content: string, contentTruncated: boolean, isContextLine: boolean }[] }[]} */
  const matches = [];
  for (let m = r.int(1, 6); m > 0; m--) {
    const g = /** @type {GenFile} */ (r.pick(files));
    const hits = [];
    for (let h = r.int(1, 8); h > 0; h--) {
      const lineNumber = r.int(1, g.lines.length);
      hits.push({
        lineNumber,
        content: g.lines[lineNumber - 1] ?? "",
        contentTruncated: false,
        isContextLine: false,
      });
    }
    matches.push({ file: g.rel, matches: hits });
  }
  const totalMatchedLines = matches.reduce((a, m) => a + m.matches.length, 0);
  return {
    kind: "grepToolCall",
    args: { pattern, path: "src", caseInsensitive: false, multiline: false, toolCallId: id },
    result: {
      success: {
        pattern,
        path: "src",
        outputMode: "content",
        workspaceResults: { [root]: { content: { matches, totalMatchedLines } } },
      },
    },
  };
}

/** @param {CaptureRun} run @param {string} id */
function shellCall({ r, stats, failedShellShare }, id) {
  stats.shells++;
  const fail = r.chance(failedShellShare);
  if (fail) stats.failedShells++;
  const area = r.pick(CAPTURE_AREAS);
  const cmd = r.pick([
    `npx vitest run src/${area} --reporter dot`,
    `npx tsc --noEmit -p .`,
    `git status --short`,
  ]);
  const out = fail
    ? `src/${area}/${ident(r)}.ts(${r.int(1, 200)},${r.int(1, 40)}): error TS2322: Type 'string' is not assignable to type 'number'.\n`
    : `${words(r, r.int(5, 30))}\n`;
  const result = shellSuccess(
    cmd,
    fail ? 1 : 0,
    out,
    fail ? "npm ERR! code ELIFECYCLE\n" : "",
    r.int(50, 3000),
  );
  return {
    kind: "shellToolCall",
    args: shellArgs(cmd, id),
    // A failed command as the captures have it: the `failure` outcome (docs/stream-format.md#outcomes).
    result: fail ? { failure: result.success, isBackground: false } : result,
  };
}

/** @param {CaptureRun} run @param {GenFile} f */
function editCall({ r, stats, editErrorShare }, f) {
  stats.edits++;
  const at = r.int(0, Math.max(0, f.lines.length - 4));
  const added = [];
  for (let i = r.int(1, 4); i > 0; i--) added.push(codeLine(r));
  const args = { path: f.abs, streamContent: added.join("\n") };
  if (r.chance(editErrorShare)) {
    stats.editErrors++;
    return {
      kind: "editToolCall",
      args,
      result: { error: { path: "", error: `Failed to find context:\n${f.lines[at] ?? ""}` } },
    };
  }
  return { kind: "editToolCall", args, result: { success: applyEdit(f, at, r.int(1, 3), added) } };
}

/** @param {CaptureRun} run */
function globCall({ r, root, files, stats }) {
  stats.globs++;
  const listed = [];
  for (let i = r.int(20, 120); i > 0; i--) listed.push(`./${r.pick(files).rel}`);
  return {
    kind: "globToolCall",
    args: { globPattern: "**/*.{ts,tsx}", targetDirectory: root },
    result: { success: { pattern: "", path: "", files: listed, totalFiles: listed.length } },
  };
}

// @ts-check
/**
 * The long run's tool calls (bench/generate.mjs): an edit, a shell command, a read or a grep, each with
 * its arguments and a result made when the call completes (results draw from the same seeded generator,
 * in completion order, so they are built late). Also the few dozen files of tens of KB the run edits
 * again and again.
 */
import { applyEdit, shellArgs, shellSuccess } from "./events.mjs";
import { AREAS, codeLine, ident } from "./random.mjs";
import { catOutput, gitDiffStat, minified, testOutput, tscOutput } from "./shell-output.mjs";

/**
 * @typedef {import("./random.mjs").Rng} Rng
 * @typedef {import("./writer.mjs").GenFile} GenFile
 * @typedef {{ id: string, kind: string, args: Record<string, unknown>, result: () => Record<string, unknown>, times: boolean, started: number }} LongCall
 * @typedef {{ r: Rng, root: string, files: GenFile[], stats: { edits: number, shells: number, failedShells: number, reads: number, greps: number } }} LongRun
 * @typedef {{ id: string, times: boolean, started: number }} CallStart
 */

/** @param {Rng} r @param {string} root @returns {GenFile[]} */
export function makeLongRunFiles(r, root) {
  const files = [];
  const seen = new Set();
  while (files.length < 36) {
    const rel = `src/${r.pick(AREAS)}/${ident(r)}.ts`;
    if (seen.has(rel)) continue;
    seen.add(rel);
    const target = r.int(12, 60) * 1024;
    const lines = [];
    let bytes = 0;
    while (bytes < target) {
      const l = codeLine(r);
      lines.push(l);
      bytes += l.length + 1;
    }
    files.push({ rel, abs: `${root}/${rel}`, lines, initial: `${lines.join("\n")}\n` });
  }
  return files;
}

/**
 * One call of a turn, its kind drawn from `k`: edits 36%, shell 34% (and a minified bundle printed
 * whole a few times a run), reads 15%, greps 15%.
 * @param {LongRun} run @param {CallStart} start @param {number} k @param {number} turn @param {number} c
 * @returns {LongCall}
 */
export function longRunCall(run, start, k, turn, c) {
  if (k < 0.36) return editCall(run, start);
  if (k < 0.7 || turn % 250 === 125) return shellCall(run, start, turn % 250 === 125 && c === 0);
  if (k < 0.85) return readCall(run, start);
  return grepCall(run, start);
}

/** @param {LongRun} run @param {CallStart} start @returns {LongCall} */
function editCall({ r, files, stats }, start) {
  stats.edits++;
  // Edits concentrate on a hot third of the files.
  const file = r.chance(0.7) ? /** @type {GenFile} */ (files[r.int(0, 11)]) : r.pick(files);
  const at = r.int(0, Math.max(0, file.lines.length - 6));
  const removed = r.int(0, 4);
  /** @type {string[]} */
  const added = [];
  for (let i = r.int(1, 6); i > 0; i--) added.push(codeLine(r));
  const args = { path: file.abs, streamContent: added.join("\n") };
  return {
    ...start,
    kind: "editToolCall",
    args,
    result: () => ({ success: applyEdit(file, at, removed, added) }),
  };
}

/**
 * `huge`: a minified bundle printed whole, one line of several MB (FORMAT.md).
 * @param {LongRun} run @param {CallStart} start @param {boolean} huge @returns {LongCall}
 */
function shellCall({ r, root, files, stats }, start, huge) {
  stats.shells++;
  const fail = !huge && r.chance(0.15);
  if (fail) stats.failedShells++;
  const which = huge ? 4 : r.int(0, 3);
  const cmd = /** @type {string} */ (
    [
      `cd ${root} && npx vitest run src/${r.pick(AREAS)}`,
      `cd ${root} && npx tsc --noEmit -p tsconfig.json`,
      "git diff --stat",
      `cat ${r.pick(files).rel}`,
      "cat dist/index.js",
    ][which]
  );
  const output = [testOutput, tscOutput, gitDiffStat, catOutput, minified][which] ?? minified;
  return {
    ...start,
    kind: "shellToolCall",
    args: shellArgs(cmd, start.id),
    result: () => {
      const out = output(r, files, fail);
      const stderr = fail ? `npm ERR! code ELIFECYCLE\nnpm ERR! errno ${which === 1 ? 2 : 1}\n` : "";
      return shellSuccess(cmd, fail ? (which === 1 ? 2 : 1) : 0, out, stderr, r.int(80, 40000));
    },
  };
}

/** @param {LongRun} run @param {CallStart} start @returns {LongCall} */
function readCall({ r, files, stats }, start) {
  stats.reads++;
  const file = r.pick(files);
  return {
    ...start,
    kind: "readToolCall",
    args: { path: file.abs },
    result: () => {
      const content = `${file.lines.join("\n")}\n`;
      return {
        success: {
          content,
          isEmpty: false,
          exceededLimit: false,
          totalLines: file.lines.length,
          fileSize: Buffer.byteLength(content),
          path: file.abs,
          readRange: { startLine: 1, endLine: file.lines.length },
          relatedCursorRulePaths: [],
          relatedCursorRules: [],
        },
      };
    },
  };
}

/** @param {LongRun} run @param {CallStart} start @returns {LongCall} */
function grepCall({ r, root, files, stats }, start) {
  stats.greps++;
  const pattern = ident(r);
  const args = {
    pattern,
    path: root,
    outputMode: "content",
    caseInsensitive: false,
    multiline: false,
    toolCallId: start.id,
    offset: 0,
  };
  return { ...start, kind: "grepToolCall", args, result: () => grepResult(files, pattern, root) };
}

/** Up to 30 matching lines of each file. @param {GenFile[]} files @param {string} pattern @param {string} root */
function grepResult(files, pattern, root) {
  const matches = [];
  let total = 0;
  for (const f of files) {
    const m = [];
    for (let i = 0; i < f.lines.length && m.length < 30; i++) {
      const l = /** @type {string} */ (f.lines[i]);
      if (l.includes(pattern))
        m.push({ lineNumber: i + 1, content: l, contentTruncated: false, isContextLine: false });
    }
    if (m.length) matches.push({ file: f.rel, matches: m });
    total += m.length;
  }
  return {
    success: {
      pattern,
      path: root,
      outputMode: "content",
      workspaceResults: {
        [root]: {
          content: {
            matches,
            totalLines: total,
            totalMatchedLines: total,
            clientTruncated: false,
            ripgrepTruncated: false,
          },
        },
      },
    },
  };
}

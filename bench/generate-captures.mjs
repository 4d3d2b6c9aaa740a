// @ts-check
/**
 * The 2026-shaped run: a workload built to the measured shape of the real 2026 captures in fixtures/
 * (bench/capture-shape.mjs measures them; BENCHMARKS.md, "The 2026-shaped run", has the table), scaled up
 * to any size. The captures are small (335 KiB together) but dense: what a fast model on a real repository
 * prints, token by token, between tool calls. Deterministic, seeded, from the shapes of bench/generate.mjs.
 *
 * Measured on the ten 2026 captures together (`node bench/capture-shape.mjs`), and what this generator aims
 * at (the bench prints what it made, measured the same way):
 *
 * | | captures | here |
 * |---|---|---|
 * | tool events per MiB | 202 (66 in 335 KiB) | ~200 |
 * | deltas (thinking + assistant tokens) among all events | 89% (1,075 of 1,206) | ~89% |
 * | thinking deltas / assistant token deltas per call | 21 / 11 | 21 / 11 on average |
 * | characters per delta | 5.6 | ~6 |
 * | calls started then completed | 33 of 33 | all |
 * | starts while another call of the turn is open | 8 of 33 | ~25% |
 * | kinds of the calls | read 9, grep 8, shell 8 (2 fail), edit 6 (1 error), glob 2 | the same mix |
 * | completed event, mean bytes | read 1.5 K, grep 3.5 K, shell 1.1 K, edit 12.9 K, glob 4.8 K | about the same |
 *
 * Every edit is of a file of the workspace (a git checkout the bench makes of {@link generateCaptureShaped}'s
 * `workspace`): its result carries the file's full content before and after, so the action's
 * files-changed and line counts are checked exactly against GNU diff as on the edit-heavy run.
 */

import { readFileSync, writeFileSync } from "node:fs";
import {
  applyEdit,
  assistantEvent,
  callId,
  codeLine,
  DEFAULT_ROOT,
  ident,
  initEvent,
  prng,
  SEED,
  shellArgs,
  shellSuccess,
  T0,
  thinkingCompleted,
  thinkingDelta,
  toolCall,
  toolEvent,
  userEvent,
  WORDS,
} from "./generate.mjs";
import { finish, lineWriter, makeFiles } from "./generate-shapes.mjs";

/** The measured shape (fixtures/, the 2026 captures together): see the table above. */
export const CAPTURE_SHAPE = {
  toolEventsPerMiB: 202,
  deltaShare: 0.89,
  thinkingDeltasPerCall: 21,
  assistantDeltasPerCall: 11,
  /** Of 33 calls: read 9, grep 8, shell 8, edit 6, glob 2. */
  kinds: { read: 9 / 33, grep: 8 / 33, shell: 8 / 33, edit: 6 / 33, glob: 2 / 33 },
  failedShellShare: 2 / 8,
  editErrorShare: 1 / 6,
  /** Turns of one call, two, three (8 of 33 starts come while another call is open). */
  callsPerTurn: [0.75, 0.17, 0.08],
};

/**
 * @param {string} file
 * @param {{ targetBytes: number, seed?: number, root?: string }} opts
 */
export function generateCaptureShaped(file, opts) {
  const ROOT = opts.root ?? DEFAULT_ROOT;
  const r = prng((opts.seed ?? SEED) + 2026);
  const sessionId = r.uuid();
  const requestId = r.uuid();
  const AREAS = ["cart", "checkout", "pricing", "orders", "tax", "shipping", "api", "ui"];
  const files = makeFiles(
    r,
    ROOT,
    40,
    () => r.int(60, 200),
    (i) => `src/${AREAS[i % AREAS.length]}/${ident(r)}${i}.ts`,
  );
  const w = lineWriter(file);
  let ts = T0;
  const tick = (/** @type {number} */ lo, /** @type {number} */ hi) => {
    ts += r.int(lo, hi);
    return ts;
  };
  const stats = {
    toolCalls: 0,
    edits: 0,
    editErrors: 0,
    shells: 0,
    failedShells: 0,
    reads: 0,
    greps: 0,
    globs: 0,
    thinkingDeltas: 0,
    assistantDeltas: 0,
  };
  const token = () => (r.chance(0.08) ? `${r.pick([".", ",", ":"])}\n` : ` ${r.pick(WORDS)}`);
  const sh = CAPTURE_SHAPE;
  w.emit(initEvent({ sessionId, model: "Auto", cwd: ROOT }));
  w.emit(userEvent("Make the cart tests pass; keep the API.", sessionId));
  let turn = 0;
  while (w.size < opts.targetBytes) {
    const modelCallId = `${requestId}-${turn}-${r.alnum(4).toLowerCase()}`;
    const u = r.next();
    const n =
      u < (sh.callsPerTurn[0] ?? 1) ? 1 : u < (sh.callsPerTurn[0] ?? 1) + (sh.callsPerTurn[1] ?? 0) ? 2 : 3;
    // Thinking, then the text token by token, then the whole segment once more (docs/stream-format.md).
    const scale = () => n * (0.3 + 1.4 * r.next());
    for (let i = Math.round(sh.thinkingDeltasPerCall * scale()); i > 0; i--) {
      w.emit(thinkingDelta(token(), sessionId, tick(5, 60)));
      stats.thinkingDeltas++;
    }
    w.emit(thinkingCompleted(sessionId, tick(20, 200)));
    let text = "";
    for (let i = Math.max(1, Math.round(sh.assistantDeltasPerCall * scale())); i > 0; i--) {
      const tok = token();
      text += tok;
      w.emit(assistantEvent(tok, sessionId, { timestampMs: tick(5, 40) }));
      stats.assistantDeltas++;
    }
    w.emit(assistantEvent(text, sessionId, { modelCallId, timestampMs: ts }));
    /** @type {{ id: string, kind: string, args: Record<string, unknown>, result: Record<string, unknown>, times: { started: number, completed?: number } | undefined }[]} */
    const calls = [];
    for (let c = 0; c < n; c++) {
      const id = callId(r, stats.toolCalls);
      stats.toolCalls++;
      const started = tick(10, 100);
      const times = r.chance(0.5) ? { started } : undefined;
      const f = /** @type {import("./generate-shapes.mjs").GenFile} */ (r.pick(files));
      const kind = pickKind(r.next());
      if (kind === "read") {
        stats.reads++;
        const offset = r.int(1, Math.max(1, f.lines.length - 40));
        const limit = r.int(15, 45);
        const content = `${f.lines.slice(offset - 1, offset - 1 + limit).join("\n")}\n`;
        calls.push({
          id,
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
          times,
        });
      } else if (kind === "grep") {
        stats.greps++;
        const pattern = ident(r);
        /** @type {{ file: string, matches: { lineNumber: number, content: string, contentTruncated: boolean, isContextLine: boolean }[] }[]} */
        const matches = [];
        for (let m = r.int(1, 6); m > 0; m--) {
          const g = /** @type {import("./generate-shapes.mjs").GenFile} */ (r.pick(files));
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
        calls.push({
          id,
          kind: "grepToolCall",
          args: { pattern, path: "src", caseInsensitive: false, multiline: false, toolCallId: id },
          result: {
            success: {
              pattern,
              path: "src",
              outputMode: "content",
              workspaceResults: { [ROOT]: { content: { matches, totalMatchedLines } } },
            },
          },
          times,
        });
      } else if (kind === "shell") {
        stats.shells++;
        const fail = r.chance(sh.failedShellShare);
        if (fail) stats.failedShells++;
        const area = r.pick(AREAS);
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
        calls.push({
          id,
          kind: "shellToolCall",
          args: shellArgs(cmd, id),
          // A failed command as the captures have it: the `failure` outcome (docs/stream-format.md#outcomes).
          result: fail ? { failure: result.success, isBackground: false } : result,
          times,
        });
      } else if (kind === "edit") {
        stats.edits++;
        const at = r.int(0, Math.max(0, f.lines.length - 4));
        const added = [];
        for (let i = r.int(1, 4); i > 0; i--) added.push(codeLine(r));
        if (r.chance(sh.editErrorShare)) {
          stats.editErrors++;
          calls.push({
            id,
            kind: "editToolCall",
            args: { path: f.abs, streamContent: added.join("\n") },
            result: { error: { path: "", error: `Failed to find context:\n${f.lines[at] ?? ""}` } },
            times,
          });
        } else {
          calls.push({
            id,
            kind: "editToolCall",
            args: { path: f.abs, streamContent: added.join("\n") },
            result: { success: applyEdit(f, at, r.int(1, 3), added) },
            times,
          });
        }
      } else {
        stats.globs++;
        const listed = [];
        for (let i = r.int(20, 120); i > 0; i--) listed.push(`./${r.pick(files).rel}`);
        calls.push({
          id,
          kind: "globToolCall",
          args: { globPattern: "**/*.{ts,tsx}", targetDirectory: ROOT },
          result: { success: { pattern: "", path: "", files: listed, totalFiles: listed.length } },
          times,
        });
      }
    }
    for (const c of calls) {
      const started = c.times?.started ?? tick(1, 5);
      w.emit(
        toolEvent(
          "started",
          c.id,
          toolCall(c.kind, { args: c.args }, c.id, c.times),
          modelCallId,
          sessionId,
          started,
        ),
      );
    }
    // Parallel calls complete in any order (fixtures/cursorhack-parallel-…: in reverse).
    const order = calls.length > 1 && r.chance(0.5) ? [...calls].reverse() : calls;
    for (const c of order) {
      const done = tick(20, 800);
      const times = c.times ? { started: c.times.started, completed: done } : undefined;
      const tc = toolCall(c.kind, { args: c.args, result: c.result }, c.id, times);
      w.emit(toolEvent("completed", c.id, tc, modelCallId, sessionId, done));
    }
    turn++;
  }
  finish(w, sessionId, ts, "Done: the cart tests pass.");
  w.close();
  const workspace = files.map((f) => ({ rel: f.rel, initial: f.initial, final: `${f.lines.join("\n")}\n` }));
  return { stats: { bytes: w.bytes, lines: w.lines, turns: turn, files: files.length, ...stats }, workspace };
}

/** The kind of call `u` (uniform in [0, 1)) falls on, in the measured mix. @param {number} u */
function pickKind(u) {
  let acc = 0;
  for (const [kind, share] of Object.entries(CAPTURE_SHAPE.kinds)) {
    acc += share;
    if (u < acc) return kind;
  }
  return "glob";
}

/** @param {ReturnType<typeof prng>} r @param {number} n */
function words(r, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(r.pick(WORDS));
  return out.join(" ");
}

/**
 * `from` written again as a CLI that writes line breaks raw inside strings would write it (docs/stream-format.md
 * "Framing"): every `\n` escape of every event raw, the worst case (real builds do it to some strings of
 * some runs). An escape is matched whole, so `\\n` (a backslash, then n) stays as it is.
 * @param {string} from
 * @param {string} to
 */
export function writeRawLineBreaks(from, to) {
  const lines = readFileSync(from, "utf8").split("\n");
  if (lines.at(-1) === "") lines.pop();
  let events = 0;
  let physical = 0;
  const out = lines.map((line) => {
    const raw = line.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (m) => (m === "\\n" ? "\n" : m));
    // Each raw break is one character where its escape was two.
    const breaks = line.length - raw.length;
    if (breaks > 0) events++;
    physical += breaks + 1;
    return raw;
  });
  writeFileSync(to, `${out.join("\n")}\n`);
  return { lines: lines.length, events, physical };
}

// @ts-check
/**
 * The 2026-shaped run: a workload built to the measured shape of the real 2026 captures in fixtures/
 * (bench/capture-shape.mjs measures them; the table below has them), scaled up
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
import { CAPTURE_AREAS, captureCall } from "./transcripts/capture-calls.mjs";
import {
  assistantEvent,
  callId,
  clockFrom,
  DEFAULT_ROOT,
  initEvent,
  thinkingCompleted,
  thinkingDelta,
  toolCall,
  toolEvent,
  userEvent,
} from "./transcripts/events.mjs";
import { ident, prng, SEED, WORDS } from "./transcripts/random.mjs";
import { finish, lineWriter, makeFiles, workspaceOf } from "./transcripts/writer.mjs";

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
 * @typedef {import("./transcripts/capture-calls.mjs").CaptureRun & { w: ReturnType<typeof lineWriter>, sessionId: string, clock: { ts: number }, tick: (lo: number, hi: number) => number, token: () => string, stats: { toolCalls: number, thinkingDeltas: number, assistantDeltas: number } }} Shaped
 */

/**
 * @param {string} file
 * @param {{ targetBytes: number, seed?: number, root?: string }} opts
 */
export function generateCaptureShaped(file, opts) {
  const root = opts.root ?? DEFAULT_ROOT;
  const r = prng((opts.seed ?? SEED) + 2026);
  const sessionId = r.uuid();
  const requestId = r.uuid();
  const files = makeFiles(
    r,
    root,
    40,
    () => r.int(60, 200),
    (i) => `src/${CAPTURE_AREAS[i % CAPTURE_AREAS.length]}/${ident(r)}${i}.ts`,
  );
  const clock = clockFrom(r);
  /** @type {Shaped} */
  const run = {
    r,
    root,
    files,
    w: lineWriter(file),
    sessionId,
    clock,
    tick: clock.tick,
    token: () => (r.chance(0.08) ? `${r.pick([".", ",", ":"])}\n` : ` ${r.pick(WORDS)}`),
    failedShellShare: CAPTURE_SHAPE.failedShellShare,
    editErrorShare: CAPTURE_SHAPE.editErrorShare,
    stats: {
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
    },
  };
  const { w } = run;
  w.emit(initEvent({ sessionId, model: "Auto", cwd: root }));
  w.emit(userEvent("Make the cart tests pass; keep the API.", sessionId));
  let turn = 0;
  while (w.size < opts.targetBytes) {
    captureTurn(run, `${requestId}-${turn}-${r.alnum(4).toLowerCase()}`);
    turn++;
  }
  finish(w, sessionId, clock.ts, "Done: the cart tests pass.");
  w.close();
  return {
    stats: { bytes: w.bytes, lines: w.lines, turns: turn, files: files.length, ...run.stats },
    workspace: workspaceOf(files),
  };
}

/**
 * One turn of one to three calls: thinking, then the text token by token, then the whole segment once
 * more (docs/stream-format.md); the calls started, then completed.
 * @param {Shaped} run @param {string} modelCallId
 */
function captureTurn(run, modelCallId) {
  const { r, w, sessionId, tick, token, stats } = run;
  const sh = CAPTURE_SHAPE;
  const u = r.next();
  const n =
    u < (sh.callsPerTurn[0] ?? 1) ? 1 : u < (sh.callsPerTurn[0] ?? 1) + (sh.callsPerTurn[1] ?? 0) ? 2 : 3;
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
  w.emit(assistantEvent(text, sessionId, { modelCallId, timestampMs: run.clock.ts }));
  const calls = [];
  for (let c = 0; c < n; c++) {
    const id = callId(r, stats.toolCalls);
    stats.toolCalls++;
    const started = tick(10, 100);
    const times = r.chance(0.5) ? { started } : undefined;
    const f = /** @type {import("./transcripts/writer.mjs").GenFile} */ (r.pick(run.files));
    calls.push(captureCall(run, pickKind(r.next()), id, times, f));
  }
  for (const c of calls) {
    const started = c.times?.started ?? tick(1, 5);
    const tc = toolCall(c.kind, { args: c.args }, c.id, c.times);
    w.emit(toolEvent("started", c.id, tc, modelCallId, sessionId, started));
  }
  // Parallel calls complete in any order (fixtures/cursorhack-parallel-…: in reverse).
  const order = calls.length > 1 && r.chance(0.5) ? [...calls].reverse() : calls;
  for (const c of order) {
    const done = tick(20, 800);
    const times = c.times ? { started: c.times.started, completed: done } : undefined;
    const tc = toolCall(c.kind, { args: c.args, result: c.result }, c.id, times);
    w.emit(toolEvent("completed", c.id, tc, modelCallId, sessionId, done));
  }
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

// @ts-check
/**
 * The long run's transcript and the 3-event run's, generated deterministically (bench/transcripts/random.mjs).
 *
 * - `big.ndjson`: a long partial-output run of at least 64 MiB, built from the event shapes of the real
 *   captures in fixtures/ (compact JSON, raw UTF-8, same key order): system/init, user, thinking deltas
 *   and completions, assistant token deltas with `timestamp_ms` and the full-segment repeat with
 *   `model_call_id` before each tool call, shell calls with sizeable output (some failing with a
 *   non-zero `exitCode`), grep and read calls, and edits whose results carry the full before/after
 *   contents and a unified diff of a few dozen files of tens of KB, edited again and again; call ids
 *   with an embedded "\n"; a final segment repeated with neither field; result/success with usage.
 * - `tiny.ndjson`: the 3-event run (init, assistant, result) for start-up.
 *
 * Paths in the transcripts are under the run's directory (the init `cwd`), given by the caller: the bench
 * passes the git checkout it builds from {@link generateBig}'s `workspace` (each file before and after).
 *
 *   node bench/generate.mjs [outDir]     # writes big.ndjson and tiny.ndjson, prints their counts
 */
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pacedEvents } from "./generate-paced.mjs";
import {
  assistantEvent,
  callId,
  clockFrom,
  DEFAULT_ROOT,
  initEvent,
  T0,
  thinkingCompleted,
  thinkingDelta,
  toolCall,
  toolEvent,
  userEvent,
} from "./transcripts/events.mjs";
import { longRunCall, makeLongRunFiles } from "./transcripts/long-run-calls.mjs";
import { prng, SEED, WORDS, words } from "./transcripts/random.mjs";
import { lineWriter, workspaceOf } from "./transcripts/writer.mjs";

/** At least this many bytes before the final segment and the result. */
export const BIG_TARGET_BYTES = 64 * 1024 * 1024;

/**
 * @typedef {import("./transcripts/long-run-calls.mjs").LongRun & { w: ReturnType<typeof lineWriter>, sessionId: string, clock: { ts: number }, tick: (lo: number, hi: number) => number, segments: string[], stats: { toolCalls: number, segments: number } }} Big
 */

/**
 * Writes the long transcript to `file`. Returns what it wrote (counts a consumer can check against),
 * and the workspace it edits (`workspace`: each file's content before the run and after it), so that the
 * bench can build the git checkout a real run would end with.
 * @param {string} file
 * @param {{ targetBytes?: number, seed?: number, root?: string }} [opts] `root`: the run's directory
 */
export function generateBig(file, opts = {}) {
  const target = opts.targetBytes ?? BIG_TARGET_BYTES;
  const root = opts.root ?? DEFAULT_ROOT;
  const r = prng(opts.seed ?? SEED);
  const sessionId = r.uuid();
  const requestId = r.uuid();
  const files = makeLongRunFiles(r, root);
  const clock = clockFrom(r);
  /** @type {Big} */
  const run = {
    r,
    root,
    files,
    w: lineWriter(file),
    sessionId,
    clock,
    tick: clock.tick,
    segments: [],
    stats: { toolCalls: 0, edits: 0, shells: 0, failedShells: 0, reads: 0, greps: 0, segments: 0 },
  };
  const { w } = run;
  w.emit(initEvent({ sessionId, model: "Claude 4.6 Opus (Thinking)", cwd: root }));
  w.emit(
    userEvent(
      "Refactor the pricing and cart modules to use integer cents everywhere, keep the public API, update the tests, and make `npm test` and `npx tsc --noEmit` pass. Do not touch the UI.",
      sessionId,
    ),
  );
  let turn = 0;
  while (w.size < target) {
    longRunTurn(run, `${requestId}-${turn}-${r.alnum(4).toLowerCase()}`, turn);
    turn++;
  }
  finishLongRun(run, requestId);
  w.close();
  return {
    stats: { bytes: w.bytes, lines: w.lines, turns: turn, files: files.length, ...run.stats },
    workspace: workspaceOf(files),
  };
}

/**
 * One turn: thinking, the segment before the tool calls token by token and then repeated whole with
 * model_call_id, then one call, or two to three in parallel sharing the model_call_id, completing in
 * any order. @param {Big} run @param {string} modelCallId @param {number} turn
 */
function longRunTurn(run, modelCallId, turn) {
  const { r, w, sessionId, tick } = run;
  // Thinking: many small deltas; some models send empty ones (fixtures/ralph-…: Linux).
  const emptyThinking = r.chance(0.2);
  const nThink = r.int(20, 120);
  for (let i = 0; i < nThink; i++) {
    const text = emptyThinking ? "" : i === 0 ? `**${r.pick(WORDS)}` : ` ${r.pick(WORDS)}`;
    w.emit(thinkingDelta(text, sessionId, tick(5, 40)));
  }
  w.emit(thinkingCompleted(sessionId, tick(50, 400)));
  const nSent = r.int(1, 4);
  const parts = [];
  for (let i = 0; i < nSent; i++) parts.push(sentence(r));
  const text = `${r.chance(0.3) ? "\n" : ""}${parts.join(r.chance(0.5) ? " " : "\n\n")}${r.chance(0.5) ? "\n" : ""}`;
  streamSegment(run, text);
  w.emit(assistantEvent(text, sessionId, { modelCallId, timestampMs: run.clock.ts }));

  const nCalls = r.chance(0.7) ? 1 : r.int(2, 3);
  const calls = [];
  for (let c = 0; c < nCalls; c++) {
    const id = callId(r, run.stats.toolCalls);
    run.stats.toolCalls++;
    const start = { id, times: r.chance(0.5), started: tick(20, 300) };
    calls.push(longRunCall(run, start, r.next(), turn, c));
  }
  for (const c of calls) {
    const tc = toolCall(c.kind, { args: c.args }, c.id, c.times ? { started: c.started } : undefined);
    w.emit(toolEvent("started", c.id, tc, modelCallId, sessionId, c.started));
  }
  const order = calls.map((_, i) => i).sort(() => r.next() - 0.5);
  for (const i of order) {
    const c = /** @type {(typeof calls)[number]} */ (calls[i]);
    const done = tick(30, 3000);
    const tc = toolCall(
      c.kind,
      { args: c.args, result: c.result() },
      c.id,
      c.times ? { started: c.started, completed: done } : undefined,
    );
    w.emit(toolEvent("completed", c.id, tc, modelCallId, sessionId, done));
  }
}

/** @param {import("./transcripts/random.mjs").Rng} r */
function sentence(r) {
  const s = words(r, r.int(6, 22));
  const ending = r.pick([".", ".", ".", ":", " — then I’ll check the tests."]);
  return `${s[0]?.toUpperCase()}${s.slice(1)}${ending}`;
}

/** Streams one assistant segment as token deltas. @param {Big} run @param {string} text */
function streamSegment(run, text) {
  const { r, w, sessionId, tick } = run;
  const tokens = text.match(/\s*\S+/g) ?? [text];
  for (let i = 0; i < tokens.length; ) {
    const n = r.int(1, 3);
    const tok = tokens.slice(i, i + n).join("");
    i += n;
    w.emit(assistantEvent(tok, sessionId, { timestampMs: tick(15, 80) }));
  }
  run.segments.push(text);
  run.stats.segments++;
}

/** The final segment: deltas, then repeated with neither field; then the result. @param {Big} run @param {string} requestId */
function finishLongRun(run, requestId) {
  const { r, w, sessionId, tick } = run;
  for (let i = 0; i < 30; i++) w.emit(thinkingDelta(` ${r.pick(WORDS)}`, sessionId, tick(5, 40)));
  w.emit(thinkingCompleted(sessionId, tick(50, 400)));
  const final =
    "Done. Pricing and cart now use integer cents end to end; the public API is unchanged.\n\n" +
    "- `npm test`: all suites pass\n- `npx tsc --noEmit`: clean\n\nNo UI files were touched.";
  streamSegment(run, final);
  w.emit(assistantEvent(final, sessionId));
  const durationMs = run.clock.ts - T0 + 1234;
  w.emit({
    type: "result",
    subtype: "success",
    duration_ms: durationMs,
    duration_api_ms: durationMs,
    is_error: false,
    result: run.segments.join(""),
    session_id: sessionId,
    request_id: requestId,
    usage: {
      inputTokens: 18_715_000,
      outputTokens: 664_000,
      cacheReadTokens: 86_023_000,
      cacheWriteTokens: 0,
    },
  });
}

/** The 3-event run (init, assistant, result/success), for start-up. @param {string} file */
export function generateTiny(file, root = DEFAULT_ROOT) {
  const sessionId = "0b1c2d3e-4f50-4617-8283-949596979899";
  const text = "Done: nothing to change.";
  const events = [
    initEvent({ sessionId, model: "Auto", cwd: root }),
    assistantEvent(text, sessionId),
    {
      type: "result",
      subtype: "success",
      duration_ms: 12,
      duration_api_ms: 10,
      is_error: false,
      result: text,
      session_id: sessionId,
      request_id: "1c2d3e4f-5061-4728-9394-a5a6a7a8a9aa",
      usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
    },
  ];
  const fd = openSync(file, "w");
  writeSync(fd, events.map((e) => `${JSON.stringify(e)}\n`).join(""));
  closeSync(fd);
  return { events: events.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "out"),
  );
  mkdirSync(outDir, { recursive: true });
  const t = performance.now();
  const big = generateBig(path.join(outDir, "big.ndjson"));
  generateTiny(path.join(outDir, "tiny.ndjson"));
  process.stdout.write(
    `${JSON.stringify({ ...big.stats, ms: Math.round(performance.now() - t), pacedEvents: pacedEvents().length })}\n`,
  );
}

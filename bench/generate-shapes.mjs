// @ts-check
/**
 * The bench's other workloads (issue 13), generated deterministically from the same event shapes as
 * the long run (bench/transcripts/: the event shapes, the seeded generator, the writer):
 *
 * - {@link generateEdits}: the edit-heavy run — many small shell and edit calls on a few small files,
 *   short thinking and text between them: ~250 tool events per MiB (the long run has ~31). Any size: the
 *   bench uses 16 MiB to 1 GiB of it for the memory curve.
 * - {@link generateCalls}: N tiny tool calls (a shell `true`, a grep with one match; one in a thousand
 *   fails), nothing else: memory against the number of calls (1M, 5M).
 * - {@link generateManyFiles}: one edit each of N files of L lines (full before/after contents, as the
 *   CLI reports them): the end of the run against the number and size of the changed files.
 *
 * Each returns its counts; those that edit files also return the workspace (each file before and after).
 */
import {
  applyEdit,
  assistantEvent,
  callId,
  clockFrom,
  DEFAULT_ROOT,
  initEvent,
  shellArgs,
  shellSuccess,
  T0,
  thinkingCompleted,
  thinkingDelta,
  toolCall,
  toolEvent,
  userEvent,
} from "./transcripts/events.mjs";
import { codeLine, prng, SEED, WORDS, words } from "./transcripts/random.mjs";
import { testOutput } from "./transcripts/shell-output.mjs";
import { finish, lineWriter, makeFiles, workspaceOf } from "./transcripts/writer.mjs";

/** @typedef {import("./transcripts/writer.mjs").GenFile} GenFile */

/**
 * The edit-heavy run: turns of a few thinking deltas, one sentence streamed and repeated, then one to
 * three calls: edits (60%) of eight files of 25–60 lines (as many lines removed as added, on average), each result with the full contents before
 * and after and a diff; shell calls (35%) with short output, a sixth of them failing; reads (5%).
 * @param {string} file
 * @param {{ targetBytes: number, seed?: number, root?: string }} opts
 */
export function generateEdits(file, opts) {
  const ROOT = opts.root ?? DEFAULT_ROOT;
  const r = prng((opts.seed ?? SEED) + 13);
  const sessionId = r.uuid();
  const requestId = r.uuid();
  const files = makeFiles(
    r,
    ROOT,
    8,
    () => r.int(25, 60),
    (i) => `src/${["cart", "pricing", "tax", "orders"][i % 4]}/part${i}.ts`,
  );
  const w = lineWriter(file);
  const clock = clockFrom(r);
  const tick = clock.tick;
  const stats = { toolCalls: 0, edits: 0, shells: 0, failedShells: 0, reads: 0 };
  w.emit(initEvent({ sessionId, model: "gpt-5.3-codex", cwd: ROOT }));
  w.emit(userEvent("Fix the failing cart tests, one small change at a time.", sessionId));
  let turn = 0;
  while (w.size < opts.targetBytes) {
    const modelCallId = `${requestId}-${turn}-${r.alnum(4).toLowerCase()}`;
    for (let i = r.int(2, 8); i > 0; i--) w.emit(thinkingDelta(` ${r.pick(WORDS)}`, sessionId, tick(5, 40)));
    w.emit(thinkingCompleted(sessionId, tick(20, 200)));
    const text = `${words(r, r.int(4, 14))}.`;
    for (const tok of text.match(/\s*\S+/g) ?? [text])
      w.emit(assistantEvent(tok, sessionId, { timestampMs: tick(10, 40) }));
    w.emit(assistantEvent(text, sessionId, { modelCallId, timestampMs: clock.ts }));
    const n = r.chance(0.8) ? 1 : r.int(2, 3);
    /** @type {{ id: string, kind: string, args: Record<string, unknown>, result: Record<string, unknown>, started: number }[]} */
    const calls = [];
    for (let c = 0; c < n; c++) {
      const id = callId(r, stats.toolCalls);
      stats.toolCalls++;
      const started = tick(10, 100);
      calls.push(editHeavyCall(r, files, stats, id, started, r.next()));
    }
    for (const c of calls)
      w.emit(
        toolEvent(
          "started",
          c.id,
          toolCall(c.kind, { args: c.args }, c.id, undefined),
          modelCallId,
          sessionId,
          c.started,
        ),
      );
    for (const c of calls) {
      const done = tick(20, 500);
      const tc = toolCall(c.kind, { args: c.args, result: c.result }, c.id, undefined);
      w.emit(toolEvent("completed", c.id, tc, modelCallId, sessionId, done));
    }
    turn++;
  }
  finish(w, sessionId, clock.ts, "Done: the cart tests pass.");
  w.close();
  return {
    stats: { bytes: w.bytes, lines: w.lines, turns: turn, files: files.length, ...stats },
    workspace: workspaceOf(files),
  };
}

/**
 * One call of the edit-heavy run, its kind drawn from `k`: an edit (60%), a shell command (35%), a read.
 * @param {import("./transcripts/random.mjs").Rng} r @param {GenFile[]} files
 * @param {{ edits: number, shells: number, failedShells: number, reads: number }} stats
 * @param {string} id @param {number} started @param {number} k
 * @returns {{ id: string, kind: string, args: Record<string, unknown>, result: Record<string, unknown>, started: number }}
 */
function editHeavyCall(r, files, stats, id, started, k) {
  if (k < 0.6) {
    stats.edits++;
    const f = /** @type {GenFile} */ (r.pick(files));
    const at = r.int(0, Math.max(0, f.lines.length - 4));
    const removed = r.int(1, 3);
    /** @type {string[]} */
    const added = [];
    for (let i = r.int(1, 3); i > 0; i--) added.push(codeLine(r));
    return {
      id,
      kind: "editToolCall",
      args: { path: f.abs, streamContent: added.join("\n") },
      result: { success: applyEdit(f, at, removed, added) },
      started,
    };
  }
  if (k < 0.95) {
    stats.shells++;
    const fail = r.chance(1 / 6);
    if (fail) stats.failedShells++;
    const area = r.pick(["cart", "pricing", "tax", "orders"]);
    const cmd = r.chance(0.5)
      ? `npx vitest run src/${area} --reporter dot`
      : `git diff --stat -- src/${area}`;
    const out = cmd.startsWith("npx")
      ? testOutput(r, files, fail).split("\n").slice(-6).join("\n")
      : ` src/${area}/part${r.int(0, 7)}.ts | ${r.int(1, 9)} ${"+".repeat(r.int(1, 9))}\n`;
    return {
      id,
      kind: "shellToolCall",
      args: shellArgs(cmd, id),
      result: shellSuccess(cmd, fail ? 1 : 0, out, fail ? "npm ERR! code ELIFECYCLE\n" : "", r.int(50, 3000)),
      started,
    };
  }
  stats.reads++;
  const f = /** @type {GenFile} */ (r.pick(files));
  const content = `${f.lines.join("\n")}\n`;
  return {
    id,
    kind: "readToolCall",
    args: { path: f.abs },
    result: {
      success: {
        content,
        isEmpty: false,
        exceededLimit: false,
        totalLines: f.lines.length,
        fileSize: Buffer.byteLength(content),
        path: f.abs,
      },
    },
    started,
  };
}

/**
 * `calls` tiny tool calls and nothing else between them: a shell `true` (one in a thousand `false`,
 * exit 1) or a grep with one match, started and completed back to back. Nothing is edited.
 * @param {string} file @param {{ calls: number, root?: string }} opts
 */
export function generateCalls(file, opts) {
  const ROOT = opts.root ?? DEFAULT_ROOT;
  const r = prng(SEED + 29);
  const sessionId = r.uuid();
  const w = lineWriter(file);
  let ts = T0;
  const stats = { toolCalls: 0, failed: 0 };
  w.emit(initEvent({ sessionId, model: "Auto", cwd: ROOT }));
  for (let i = 0; i < opts.calls; i++) {
    const id = `call_${i.toString(36).padStart(8, "0")}`;
    const modelCallId = `m-${i}`;
    stats.toolCalls++;
    ts += 3;
    if (i % 2 === 0) {
      const fail = i % 1000 === 500;
      if (fail) stats.failed++;
      const cmd = fail ? "false" : "true";
      const args = { command: cmd, workingDirectory: "" };
      w.emit(
        toolEvent(
          "started",
          id,
          toolCall("shellToolCall", { args }, id, undefined),
          modelCallId,
          sessionId,
          ts,
        ),
      );
      const result = shellSuccess(cmd, fail ? 1 : 0, "", "", 2);
      w.emit(
        toolEvent(
          "completed",
          id,
          toolCall("shellToolCall", { args, result }, id, undefined),
          modelCallId,
          sessionId,
          ts + 1,
        ),
      );
    } else {
      const args = { pattern: "total", path: ROOT };
      const result = {
        success: {
          pattern: "total",
          path: ROOT,
          outputMode: "files_with_matches",
          workspaceResults: { [ROOT]: { files: { files: ["src/cart.ts"], totalFiles: 1 } } },
        },
      };
      w.emit(
        toolEvent(
          "started",
          id,
          toolCall("grepToolCall", { args }, id, undefined),
          modelCallId,
          sessionId,
          ts,
        ),
      );
      w.emit(
        toolEvent(
          "completed",
          id,
          toolCall("grepToolCall", { args, result }, id, undefined),
          modelCallId,
          sessionId,
          ts + 1,
        ),
      );
    }
  }
  finish(w, sessionId, ts, "Done.");
  w.close();
  return { stats: { bytes: w.bytes, lines: w.lines, ...stats } };
}

/**
 * One edit each of `files` files of `lines` lines (a few lines changed in each, the result carrying both
 * full contents and a diff, as the CLI reports an edit), in directories of 100 files.
 * @param {string} file @param {{ files: number, lines: number, root?: string }} opts
 */
export function generateManyFiles(file, opts) {
  const ROOT = opts.root ?? DEFAULT_ROOT;
  const r = prng(SEED + 31 + opts.lines);
  const sessionId = r.uuid();
  const files = makeFiles(
    r,
    ROOT,
    opts.files,
    () => opts.lines,
    (i) => `pkg${String(Math.floor(i / 100)).padStart(2, "0")}/mod${String(i).padStart(4, "0")}.ts`,
  );
  const w = lineWriter(file);
  let ts = T0;
  w.emit(initEvent({ sessionId, model: "Auto", cwd: ROOT }));
  w.emit(userEvent("Rename `total` to `grandTotal` across the codebase.", sessionId));
  let n = 0;
  for (const f of files) {
    const id = callId(r, n++);
    ts += 5;
    const added = [codeLine(r), codeLine(r)];
    const at = r.int(0, f.lines.length - 3);
    const args = { path: f.abs, streamContent: added.join("\n") };
    w.emit(toolEvent("started", id, toolCall("editToolCall", { args }, id, undefined), "m-1", sessionId, ts));
    const result = { success: applyEdit(f, at, 1, added) };
    w.emit(
      toolEvent(
        "completed",
        id,
        toolCall("editToolCall", { args, result }, id, undefined),
        "m-1",
        sessionId,
        ts + 2,
      ),
    );
  }
  finish(w, sessionId, ts, `Done: ${opts.files} files changed.`);
  w.close();
  return {
    stats: { bytes: w.bytes, lines: w.lines, toolCalls: n, files: files.length },
    workspace: workspaceOf(files),
  };
}

// @ts-check
/**
 * The log-latency run's events (bench/paced-agent.mjs writes them some milliseconds apart): ~200 events of
 * mixed kinds. Each one that produces a log line is paired with a matcher of that line, unique in the
 * run: tool calls carry a token (`echo tok-0017`, `src/f-0017.ts`), thinking blocks a unique length,
 * assistant text a unique step number.
 */
import {
  applyEdit,
  assistantEvent,
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
import { codeLine, prng, SEED } from "./transcripts/random.mjs";

/**
 * @typedef {object} Matcher a log line (one runner line of the action's stdout)
 * @property {string} [equals]
 * @property {string} [startsWith]
 * @property {string} [includes]
 */

/**
 * @typedef {object} PacedEvent
 * @property {string} line the JSON line the agent writes (with its "\n")
 * @property {string} kind for the report: `tool-started`, `tool-completed`, `assistant-delta`, …
 * @property {Matcher} [expect] the first log line this event produces, if it produces one
 */

/**
 * @typedef {{ r: import("./transcripts/random.mjs").Rng, root: string, sessionId: string, tick: () => number, now: () => number, add: (e: unknown, kind: string, expect?: Matcher) => void }} Pacer
 */

/**
 * @param {string} [ROOT] the run's directory
 * @param {number} [steps]
 * @returns {PacedEvent[]}
 */
export function pacedEvents(ROOT = DEFAULT_ROOT, steps = 13) {
  const r = prng(SEED + 1);
  const sessionId = r.uuid();
  const requestId = r.uuid();
  let ts = T0;
  /** @type {PacedEvent[]} */
  const out = [];
  /** @type {Pacer} */
  const p = {
    r,
    root: ROOT,
    sessionId,
    tick: () => {
      ts += 7;
      return ts;
    },
    now: () => ts,
    add: (e, kind, expect) => out.push({ line: `${JSON.stringify(e)}\n`, kind, expect }),
  };
  p.add(initEvent({ sessionId, model: "Auto", cwd: ROOT }), "init");
  p.add(userEvent("Run the latency probe.", sessionId), "user");
  const segments = [];
  for (let k = 0; k < steps; k++) {
    const n = String(k).padStart(4, "0");
    const mcid = `${requestId}-${k}-${r.alnum(4).toLowerCase()}`;
    segments.push(thinkingAndText(p, k, n, mcid));
    shellStep(p, k, n, mcid);
    readAndEdit(p, n, mcid);
  }
  const final = "All probes done.";
  p.add(assistantEvent(final, sessionId), "assistant-segment", { equals: final });
  segments.push(final);
  p.add(
    {
      type: "result",
      subtype: "success",
      duration_ms: ts - T0,
      duration_api_ms: ts - T0,
      is_error: false,
      result: segments.join(""),
      session_id: sessionId,
      request_id: requestId,
    },
    "result",
  );
  return out;
}

/**
 * A thinking block of unique length (the log says "Thought for N characters" at its end), then partial
 * text: the delta carrying "\n" completes a line; the repeat flushes the unfinished tail. Returns the text.
 * @param {Pacer} p @param {number} k @param {string} n @param {string} mcid
 */
function thinkingAndText({ add, sessionId, tick, now }, k, n, mcid) {
  const tok = `tok-${n}`;
  const chars = 100 + k;
  const head = `**Probe ${n}`;
  const parts = [head, " ".repeat(chars - head.length - 30), "x".repeat(30)];
  for (const part of parts) add(thinkingDelta(part, sessionId, tick()), "thinking-delta");
  add(thinkingCompleted(sessionId, tick()), "thinking-completed", {
    equals: `💭 Thought for ${chars} characters`,
  });
  const text = `Step ${n}: checking ${tok}\ntail ${n}`;
  add(assistantEvent("Step", sessionId, { timestampMs: tick() }), "assistant-delta");
  add(assistantEvent(` ${n}:`, sessionId, { timestampMs: tick() }), "assistant-delta");
  add(assistantEvent(` checking ${tok}\ntail`, sessionId, { timestampMs: tick() }), "assistant-delta", {
    equals: `Step ${n}: checking ${tok}`,
  });
  add(assistantEvent(` ${n}`, sessionId, { timestampMs: tick() }), "assistant-delta");
  add(assistantEvent(text, sessionId, { modelCallId: mcid, timestampMs: now() }), "assistant-repeat", {
    equals: `tail ${n}`,
  });
  return text;
}

/** A shell call, failing every third step. @param {Pacer} p @param {number} k @param {string} n @param {string} mcid */
function shellStep({ r, add, sessionId, tick }, k, n, mcid) {
  const tok = `tok-${n}`;
  const fail = k % 3 === 2;
  const command = `echo ${tok}`;
  const shellId = `call-${r.uuid()}-0\nfc_${r.uuid()}_0`;
  const shellTc = toolCall("shellToolCall", { args: shellArgs(command, shellId) }, shellId, undefined);
  add(toolEvent("started", shellId, shellTc, mcid, sessionId, tick()), "tool-started", {
    // The notice may go on with " · N running" when calls run in parallel.
    startsWith: `▸ Shell ${command}`,
  });
  const shellDone = toolCall(
    "shellToolCall",
    {
      args: shellArgs(command, shellId),
      result: shellSuccess(command, fail ? 1 : 0, `${tok}\n`, fail ? "boom\n" : "", 5),
    },
    shellId,
    undefined,
  );
  add(toolEvent("completed", shellId, shellDone, mcid, sessionId, tick()), "tool-completed", {
    startsWith: `::group::${fail ? "✗ [FAILED]" : "✓"} Shell ${command} `,
  });
}

/**
 * A read and an edit of a unique file, in parallel (shared model_call_id), completing out of order.
 * @param {Pacer} p @param {string} n @param {string} mcid
 */
function readAndEdit({ r, root, add, sessionId, tick, now }, n, mcid) {
  const file = `${root}/src/f-${n}.ts`;
  const readId = `call_${r.alnum(24)}\nfc_${r.hex(50)}`;
  const editId = `tool_${r.uuid()}`;
  const lines = [];
  for (let i = 0; i < 80; i++) lines.push(codeLine(r));
  const fileObj = { abs: file, lines: [...lines] };
  const readArgs = { path: file };
  const readTc = toolCall("readToolCall", { args: readArgs }, readId, undefined);
  add(toolEvent("started", readId, readTc, mcid, sessionId, tick()), "tool-started", {
    startsWith: `▸ Read src/f-${n}.ts`,
  });
  const editArgs = { path: file, streamContent: "// probe" };
  const editTc = toolCall("editToolCall", { args: editArgs }, editId, { started: now() });
  add(toolEvent("started", editId, editTc, mcid, sessionId, tick()), "tool-started", {
    startsWith: `▸ Edit src/f-${n}.ts`,
  });
  const editResult = { success: applyEdit(fileObj, 10, 1, ["// probe"]) };
  const times = { started: now(), completed: now() + 3 };
  const editDone = toolCall("editToolCall", { args: editArgs, result: editResult }, editId, times);
  add(toolEvent("completed", editId, editDone, mcid, sessionId, tick()), "tool-completed", {
    startsWith: `::group::✓ Edit src/f-${n}.ts `,
  });
  const readDone = toolCall(
    "readToolCall",
    { args: readArgs, result: readResult(file, lines) },
    readId,
    undefined,
  );
  add(toolEvent("completed", readId, readDone, mcid, sessionId, tick()), "tool-completed", {
    startsWith: `::group::✓ Read src/f-${n}.ts `,
  });
}

/** @param {string} file @param {string[]} lines */
function readResult(file, lines) {
  const content = `${lines.join("\n")}\n`;
  return {
    success: {
      content,
      isEmpty: false,
      exceededLimit: false,
      totalLines: lines.length,
      fileSize: Buffer.byteLength(content),
      path: file,
      readRange: { startLine: 1, endLine: lines.length },
    },
  };
}

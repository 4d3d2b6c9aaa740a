// @ts-check
/**
 * The event shapes of the transcripts, copied from fixtures/ (key order, siblings, result layout): one
 * function per event or tool-call part, call ids in the captures' three forms, and an edit's result.
 */

/** The run's directory (init `cwd`) when none is given: the bench passes its git workspace instead. */
export const DEFAULT_ROOT = "/home/runner/work/acme-shop/acme-shop";
/** The transcripts' first timestamp (ms). */
export const T0 = 1_788_160_000_000;

/** @typedef {import("./random.mjs").Rng} Rng */

/**
 * A run's clock, from {@link T0}: `tick(lo, hi)` moves it on by a step drawn from `r` and returns it.
 * @param {Rng} r
 */
export function clockFrom(r) {
  const clock = {
    ts: T0,
    tick: (/** @type {number} */ lo, /** @type {number} */ hi) => {
      clock.ts += r.int(lo, hi);
      return clock.ts;
    },
  };
  return clock;
}

/**
 * @param {{ sessionId: string, model: string, cwd: string }} s
 */
export function initEvent(s) {
  return {
    type: "system",
    subtype: "init",
    apiKeySource: "env",
    cwd: s.cwd,
    session_id: s.sessionId,
    model: s.model,
    permissionMode: "default",
  };
}

/** @param {string} text @param {string} sessionId */
export function userEvent(text, sessionId) {
  return {
    type: "user",
    message: { role: "user", content: [{ type: "text", text }] },
    session_id: sessionId,
  };
}

/**
 * @param {string} text
 * @param {string} sessionId
 * @param {{ modelCallId?: string, timestampMs?: number }} [extra]
 */
export function assistantEvent(text, sessionId, extra = {}) {
  /** @type {Record<string, unknown>} */
  const e = {
    type: "assistant",
    message: { role: "assistant", content: [{ type: "text", text }] },
    session_id: sessionId,
  };
  if (extra.modelCallId !== undefined) e.model_call_id = extra.modelCallId;
  if (extra.timestampMs !== undefined) e.timestamp_ms = extra.timestampMs;
  return e;
}

/** @param {string} text @param {string} sessionId @param {number} ts */
export function thinkingDelta(text, sessionId, ts) {
  return { type: "thinking", subtype: "delta", text, session_id: sessionId, timestamp_ms: ts };
}

/** @param {string} sessionId @param {number} ts */
export function thinkingCompleted(sessionId, ts) {
  return { type: "thinking", subtype: "completed", session_id: sessionId, timestamp_ms: ts };
}

/**
 * @param {"started" | "completed"} subtype
 * @param {string} callId
 * @param {Record<string, unknown>} toolCall
 * @param {string} modelCallId
 * @param {string} sessionId
 * @param {number} ts
 */
export function toolEvent(subtype, callId, toolCall, modelCallId, sessionId, ts) {
  return {
    type: "tool_call",
    subtype,
    call_id: callId,
    tool_call: toolCall,
    model_call_id: modelCallId,
    session_id: sessionId,
    timestamp_ms: ts,
  };
}

/**
 * The newer CLI's siblings of the kind key (fixtures/skill-eval-0016…): toolCallId, hook contexts and
 * string timestamps.
 * @param {string} kind @param {Record<string, unknown>} body @param {string} callId
 * @param {{ started: number, completed?: number } | undefined} times
 */
export function toolCall(kind, body, callId, times) {
  /** @type {Record<string, unknown>} */
  const tc = { [kind]: body };
  if (times) {
    tc.hookAdditionalContexts = [];
    tc.toolCallId = callId;
    tc.startedAtMs = String(times.started);
    if (times.completed !== undefined) tc.completedAtMs = String(times.completed);
  }
  return tc;
}

/** Shell arguments as the Linux capture has them. @param {string} command @param {string} callId */
export function shellArgs(command, callId) {
  const parts = command.split(" && ");
  return {
    command,
    workingDirectory: "",
    timeout: 300000,
    toolCallId: callId,
    simpleCommands: parts.map((p) => p.split(" ")[0]),
    hasInputRedirect: false,
    hasOutputRedirect: false,
    parsingResult: {
      parsingFailed: false,
      executableCommands: parts.map((p) => {
        const [name, ...rest] = p.split(" ");
        return { name, args: rest.map((value) => ({ type: "word", value })), fullText: p };
      }),
      hasRedirects: false,
      hasCommandSubstitution: false,
    },
    fileOutputThresholdBytes: "0",
    isBackground: false,
    skipApproval: false,
    timeoutBehavior: "TIMEOUT_BEHAVIOR_UNSPECIFIED",
  };
}

/**
 * @param {string} command @param {number} exitCode @param {string} stdout @param {string} stderr
 * @param {number} executionTime
 */
export function shellSuccess(command, exitCode, stdout, stderr, executionTime) {
  return {
    success: {
      command,
      workingDirectory: "",
      exitCode,
      signal: "",
      stdout,
      stderr,
      executionTime,
      interleavedOutput: stderr ? `${stdout}${stderr}` : stdout,
    },
    isBackground: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Call ids: the three forms of the captures, two of them with an embedded newline

/** @param {Rng} r @param {number} n */
export function callId(r, n) {
  const f = r.next();
  if (f < 0.6) return `call-${r.uuid()}-${n}\nfc_${r.uuid()}_${n}`;
  if (f < 0.85) return `call_${r.alnum(24)}\nfc_${r.hex(50)}`;
  return `tool_${r.uuid().slice(0, 35)}`;
}

/**
 * Replaces `removed` lines at `at` with `added`, returning the edit's result payload (full contents
 * before and after, and a one-hunk unified diff with 3 lines of context, as the CLI writes it).
 * @param {{ abs: string, lines: string[] }} file @param {number} at @param {number} removed
 * @param {string[]} added
 */
export function applyEdit(file, at, removed, added) {
  const before = `${file.lines.join("\n")}\n`;
  const old = file.lines.slice(at, at + removed);
  file.lines.splice(at, removed, ...added);
  const after = `${file.lines.join("\n")}\n`;
  const ctx = 3;
  const from = Math.max(0, at - ctx);
  const pre = file.lines.slice(from, at);
  const post = file.lines.slice(at + added.length, at + added.length + ctx);
  const hunk = [
    ...pre.map((l) => ` ${l}`),
    ...old.map((l) => `-${l}`),
    ...added.map((l) => `+${l}`),
    ...post.map((l) => ` ${l}`),
  ];
  const diffString =
    `--- a/${file.abs}\n+++ b/${file.abs}\n` +
    `@@ -${from + 1},${pre.length + old.length + post.length} +${from + 1},${pre.length + added.length + post.length} @@\n` +
    hunk.join("\n");
  return {
    path: file.abs,
    linesAdded: added.length,
    linesRemoved: removed,
    diffString,
    beforeFullFileContent: before,
    afterFullFileContent: after,
    message: `The file ${file.abs} has been updated.`,
  };
}

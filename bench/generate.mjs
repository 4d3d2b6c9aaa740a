// @ts-check
/**
 * Benchmark transcripts, generated deterministically (seeded PRNG, no clock, no randomness from the OS).
 *
 * - `big.ndjson`: a long partial-output run of at least 64 MiB, built from the event shapes of the real
 *   captures in fixtures/ (compact JSON, raw UTF-8, same key order): system/init, user, thinking deltas
 *   and completions, assistant token deltas with `timestamp_ms` and the full-segment repeat with
 *   `model_call_id` before each tool call, shell calls with sizeable output (some failing with a
 *   non-zero `exitCode`), grep and read calls, and edits whose results carry the full before/after
 *   contents and a unified diff of a few dozen files of tens of KB, edited again and again; call ids
 *   with an embedded "\n"; a final segment repeated with neither field; result/success with usage.
 * - `tiny.ndjson`: the 3-event run (init, assistant, result) for start-up.
 * - {@link pacedEvents}: ~200 events for the log-latency run, each event that produces a log line
 *   paired with a matcher that finds that line.
 *
 * Paths in the transcripts are under the run's directory (the init `cwd`), given by the caller: the bench
 * passes the git checkout it builds from {@link generateBig}'s `workspace` (each file before and after).
 *
 *   node bench/generate.mjs [outDir]     # writes big.ndjson and tiny.ndjson, prints their counts
 */
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** At least this many bytes before the final segment and the result. */
export const BIG_TARGET_BYTES = 64 * 1024 * 1024;
export const SEED = 0x5eed_2026;
/** The run's directory (init `cwd`) when none is given: the bench passes its git workspace instead. */
export const DEFAULT_ROOT = "/home/runner/work/acme-shop/acme-shop";
export const T0 = 1_788_160_000_000;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: small, fast, good enough for test data. @param {number} seed */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** @param {number} lo @param {number} hi inclusive */
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  /** @template T @param {readonly T[]} xs @returns {T} */
  const pick = (xs) => /** @type {T} */ (xs[Math.floor(next() * xs.length)]);
  const hex = (/** @type {number} */ n) => {
    let s = "";
    for (let i = 0; i < n; i++) s += "0123456789abcdef"[Math.floor(next() * 16)];
    return s;
  };
  const alnum = (/** @type {number} */ n) => {
    const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let s = "";
    for (let i = 0; i < n; i++) s += abc[Math.floor(next() * abc.length)];
    return s;
  };
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(["8", "9", "a", "b"])}${hex(3)}-${hex(12)}`;
  return { next, int, pick, hex, alnum, uuid, chance: (/** @type {number} */ p) => next() < p };
}

/** @typedef {ReturnType<typeof prng>} Rng */

export const WORDS = (
  "the a cart price total discount order item customer checkout invoice tax shipping rule value line " +
  "test suite case module function type guard error state store update render component handler request " +
  "response cache key map list index count amount currency rounding boundary null undefined empty edge " +
  "first next previous batch queue retry timeout config option flag default schema parse validate check " +
  "fix change refactor rename extract inline move keep remove add use call return throw catch await"
).split(" ");
const IDENTS = (
  "cart order item price total discount tax rate line invoice customer address shipping amount currency " +
  "rounding rule batch queue cache entry key value index count result error state store handler request " +
  "response payload options config schema token session user account product sku stock coupon"
).split(" ");
const TYPES = ["number", "string", "boolean", "Cart", "Order", "LineItem", "Money", "Discount", "TaxRule"];
export const AREAS = [
  "cart",
  "checkout",
  "pricing",
  "orders",
  "tax",
  "shipping",
  "inventory",
  "api",
  "ui",
  "lib",
];

/** @param {Rng} r */
export function ident(r) {
  const a = r.pick(IDENTS);
  const b = r.pick(IDENTS);
  return a === b ? a : `${a}${b[0]?.toUpperCase()}${b.slice(1)}`;
}

/** @param {Rng} r @param {number} n */
export function words(r, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(r.pick(WORDS));
  return out.join(" ");
}

/** One line of plausible TypeScript. @param {Rng} r */
export function codeLine(r) {
  const k = r.int(0, 11);
  const id = ident(r);
  switch (k) {
    case 0:
      return `export function ${id}(${ident(r)}: ${r.pick(TYPES)}, ${ident(r)}: ${r.pick(TYPES)}): ${r.pick(TYPES)} {`;
    case 1:
      return `  const ${id} = ${ident(r)}.${ident(r)}(${ident(r)}, ${r.int(0, 999)});`;
    case 2:
      return `  if (${id} > ${r.int(0, 100)} && ${ident(r)} !== undefined) return ${ident(r)};`;
    case 3:
      return `  // ${words(r, r.int(4, 12))}`;
    case 4:
      return "}";
    case 5:
      return "";
    case 6:
      return `  ${id}.${ident(r)} = Math.round(${ident(r)} * ${(r.next() * 10).toFixed(2)}) / 100;`;
    case 7:
      return `import { ${ident(r)}, ${ident(r)} } from "../${r.pick(AREAS)}/${ident(r)}.js";`;
    case 8:
      return `  for (const ${id} of ${ident(r)}.${ident(r)}s) total += ${id}.${ident(r)} ?? 0;`;
    case 9:
      return `  throw new Error(\`${words(r, r.int(3, 7))}: \${${id}}\`);`;
    case 10:
      return `export interface ${id[0]?.toUpperCase()}${id.slice(1)} { ${ident(r)}: ${r.pick(TYPES)}; ${ident(r)}?: ${r.pick(TYPES)} }`;
    default:
      return `  return { ...${id}, ${ident(r)}: ${ident(r)}(${ident(r)}), ${ident(r)}: "${words(r, 2)}" };`;
  }
}

// ---------------------------------------------------------------------------------------------
// Event shapes (copied from fixtures/: key order, siblings, result layout)

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

// ---------------------------------------------------------------------------------------------
// The workspace the long run edits: a few dozen files of tens of KB, edited again and again

/**
 * @param {Rng} r @param {string} root
 * @returns {{ rel: string, abs: string, lines: string[], initial: string }[]}
 */
function makeFiles(r, root) {
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

// ---------------------------------------------------------------------------------------------
// Shell output: test runs, builds, type checks; ~15% fail

/** @param {Rng} r @param {{ rel: string }[]} files @param {boolean} fail */
export function testOutput(r, files, fail) {
  const out = [];
  const n = r.int(20, 600);
  let failed = 0;
  for (let i = 0; i < n; i++) {
    const f = r.pick(files).rel.replace(/\.ts$/, ".test.ts");
    const bad = fail && r.chance(0.05);
    if (bad) failed++;
    out.push(
      ` ${bad ? "❯" : "✓"} ${f} (${r.int(1, 40)} tests${bad ? " | 1 failed" : ""}) ${r.int(2, 900)}ms`,
    );
    if (bad) {
      out.push(`   × ${words(r, r.int(3, 8))}`);
      out.push(`     → expected ${r.int(0, 9999)} to be ${r.int(0, 9999)} // Object.is equality`);
    }
  }
  if (fail && failed === 0) {
    failed = 1;
    out.push(` ❯ ${r.pick(files).rel.replace(/\.ts$/, ".test.ts")} (3 tests | 1 failed) 12ms`);
  }
  out.push("");
  out.push(` Test Files  ${failed ? `${failed} failed | ` : ""}${n - failed} passed (${n})`);
  out.push(`      Tests  ${failed ? `${failed} failed | ` : ""}${n * 7} passed (${n * 7 + failed})`);
  out.push(`   Duration  ${(r.next() * 30).toFixed(2)}s`);
  return `${out.join("\n")}\n`;
}

/** @param {Rng} r @param {{ rel: string, lines: string[] }[]} files @param {boolean} fail */
function tscOutput(r, files, fail) {
  if (!fail) return "";
  const out = [];
  const n = r.int(1, 200);
  for (let i = 0; i < n; i++) {
    const f = r.pick(files);
    out.push(
      `${f.rel}(${r.int(1, f.lines.length)},${r.int(1, 80)}): error TS${r.int(2300, 2800)}: ${words(r, r.int(5, 14))}.`,
    );
  }
  out.push("", `Found ${n} errors in ${Math.min(n, r.int(1, 20))} files.`);
  return `${out.join("\n")}\n`;
}

/** @param {Rng} r @param {{ rel: string }[]} files */
function gitDiffStat(r, files) {
  const out = [];
  for (const f of files)
    if (r.chance(0.6)) out.push(` ${f.rel} | ${r.int(1, 90)} ${"+".repeat(r.int(1, 30))}`);
  out.push(` ${out.length} files changed, ${r.int(10, 900)} insertions(+), ${r.int(1, 400)} deletions(-)`);
  return `${out.join("\n")}\n`;
}

/** About 1.5 MB on one line, like a minified bundle. @param {Rng} r @param {{ lines: string[] }[]} files */
function minified(r, files) {
  const parts = [];
  let bytes = 0;
  while (bytes < 1.5 * 1024 * 1024) {
    const l = r.pick(r.pick(files).lines).trim();
    parts.push(l);
    bytes += l.length + 1;
  }
  return `${parts.join(";")}\n`;
}

/** @param {Rng} r @param {{ rel: string, lines: string[] }[]} files */
function catOutput(r, files) {
  return `${r.pick(files).lines.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------------
// The long run

/**
 * Writes the long transcript to `file`. Returns what it wrote (counts a consumer can check against).
 * @param {string} file
 * Also returns the workspace it edits (`workspace`: each file's content before the run and after it),
 * so that the bench can build the git checkout a real run would end with.
 * @param {{ targetBytes?: number, seed?: number, root?: string }} [opts] `root`: the run's directory
 */
export function generateBig(file, opts = {}) {
  const target = opts.targetBytes ?? BIG_TARGET_BYTES;
  const ROOT = opts.root ?? DEFAULT_ROOT;
  const r = prng(opts.seed ?? SEED);
  const sessionId = r.uuid();
  const requestId = r.uuid();
  const files = makeFiles(r, ROOT);
  const fd = openSync(file, "w");
  let bytes = 0;
  let lines = 0;
  let ts = T0;
  const stats = { toolCalls: 0, edits: 0, shells: 0, failedShells: 0, reads: 0, greps: 0, segments: 0 };
  /** @type {string[]} */
  let pending = [];
  let pendingBytes = 0;
  /** @param {unknown} e */
  const emit = (e) => {
    const line = `${JSON.stringify(e)}\n`;
    pending.push(line);
    pendingBytes += Buffer.byteLength(line);
    lines++;
    if (pendingBytes > 1 << 20) flush();
  };
  const flush = () => {
    if (pending.length === 0) return;
    const chunk = pending.join("");
    writeSync(fd, chunk);
    bytes += Buffer.byteLength(chunk);
    pending = [];
    pendingBytes = 0;
  };
  const tick = (/** @type {number} */ lo, /** @type {number} */ hi) => {
    ts += r.int(lo, hi);
    return ts;
  };
  /** @type {string[]} */
  const segments = [];

  /** Streams one assistant segment as token deltas. @param {string} text */
  const streamSegment = (text) => {
    const tokens = text.match(/\s*\S+/g) ?? [text];
    for (let i = 0; i < tokens.length; ) {
      const n = r.int(1, 3);
      const tok = tokens.slice(i, i + n).join("");
      i += n;
      emit(assistantEvent(tok, sessionId, { timestampMs: tick(15, 80) }));
    }
    segments.push(text);
    stats.segments++;
  };

  const sentence = () => {
    const s = words(r, r.int(6, 22));
    const ending = r.pick([".", ".", ".", ":", " — then I’ll check the tests."]);
    return `${s[0]?.toUpperCase()}${s.slice(1)}${ending}`;
  };

  emit(initEvent({ sessionId, model: "Claude 4.6 Opus (Thinking)", cwd: ROOT }));
  emit(
    userEvent(
      "Refactor the pricing and cart modules to use integer cents everywhere, keep the public API, update the tests, and make `npm test` and `npx tsc --noEmit` pass. Do not touch the UI.",
      sessionId,
    ),
  );

  let turn = 0;
  while (bytes + pendingBytes < target) {
    const modelCallId = `${requestId}-${turn}-${r.alnum(4).toLowerCase()}`;
    // Thinking: many small deltas; some models send empty ones (fixtures/ralph-…: Linux).
    const emptyThinking = r.chance(0.2);
    const nThink = r.int(20, 120);
    for (let i = 0; i < nThink; i++) {
      const text = emptyThinking ? "" : i === 0 ? `**${r.pick(WORDS)}` : ` ${r.pick(WORDS)}`;
      emit(thinkingDelta(text, sessionId, tick(5, 40)));
    }
    emit(thinkingCompleted(sessionId, tick(50, 400)));
    // The segment before the tool calls, token by token, then repeated whole with model_call_id.
    const nSent = r.int(1, 4);
    const parts = [];
    for (let i = 0; i < nSent; i++) parts.push(sentence());
    const text = `${r.chance(0.3) ? "\n" : ""}${parts.join(r.chance(0.5) ? " " : "\n\n")}${r.chance(0.5) ? "\n" : ""}`;
    streamSegment(text);
    emit(assistantEvent(text, sessionId, { modelCallId, timestampMs: ts }));

    // One call, or two to three in parallel sharing the model_call_id, completing in any order.
    const nCalls = r.chance(0.7) ? 1 : r.int(2, 3);
    /** @type {{ id: string, kind: string, args: Record<string, unknown>, result: () => Record<string, unknown>, times: boolean, started: number }[]} */
    const calls = [];
    for (let c = 0; c < nCalls; c++) {
      const id = callId(r, stats.toolCalls);
      stats.toolCalls++;
      const times = r.chance(0.5);
      const started = tick(20, 300);
      const k = r.next();
      if (k < 0.36) {
        stats.edits++;
        // Edits concentrate on a hot third of the files.
        const file = r.chance(0.7) ? /** @type {any} */ (files[r.int(0, 11)]) : r.pick(files);
        const at = r.int(0, Math.max(0, file.lines.length - 6));
        const removed = r.int(0, 4);
        /** @type {string[]} */
        const added = [];
        for (let i = r.int(1, 6); i > 0; i--) added.push(codeLine(r));
        const args = { path: file.abs, streamContent: added.join("\n") };
        calls.push({
          id,
          kind: "editToolCall",
          args,
          times,
          started,
          result: () => ({ success: applyEdit(file, at, removed, added) }),
        });
      } else if (k < 0.7 || turn % 250 === 125) {
        stats.shells++;
        // A few times a run: a minified bundle printed whole, one line of several MB (FORMAT.md).
        const huge = turn % 250 === 125 && c === 0;
        const fail = !huge && r.chance(0.15);
        if (fail) stats.failedShells++;
        const which = huge ? 4 : r.int(0, 3);
        const command = [
          `cd ${ROOT} && npx vitest run src/${r.pick(AREAS)}`,
          `cd ${ROOT} && npx tsc --noEmit -p tsconfig.json`,
          "git diff --stat",
          `cat ${r.pick(files).rel}`,
          "cat dist/index.js",
        ][which];
        const cmd = /** @type {string} */ (command);
        calls.push({
          id,
          kind: "shellToolCall",
          args: shellArgs(cmd, id),
          times,
          started,
          result: () => {
            const out =
              which === 0
                ? testOutput(r, files, fail)
                : which === 1
                  ? tscOutput(r, files, fail)
                  : which === 2
                    ? gitDiffStat(r, files)
                    : which === 3
                      ? catOutput(r, files)
                      : minified(r, files);
            const stderr = fail ? `npm ERR! code ELIFECYCLE\nnpm ERR! errno ${which === 1 ? 2 : 1}\n` : "";
            return shellSuccess(cmd, fail ? (which === 1 ? 2 : 1) : 0, out, stderr, r.int(80, 40000));
          },
        });
      } else if (k < 0.85) {
        stats.reads++;
        const file = r.pick(files);
        calls.push({
          id,
          kind: "readToolCall",
          args: { path: file.abs },
          times,
          started,
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
        });
      } else {
        stats.greps++;
        const pattern = ident(r);
        const args = {
          pattern,
          path: ROOT,
          outputMode: "content",
          caseInsensitive: false,
          multiline: false,
          toolCallId: id,
          offset: 0,
        };
        calls.push({
          id,
          kind: "grepToolCall",
          args,
          times,
          started,
          result: () => {
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
                path: ROOT,
                outputMode: "content",
                workspaceResults: {
                  [ROOT]: {
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
          },
        });
      }
    }
    for (const c of calls) {
      const tc = toolCall(c.kind, { args: c.args }, c.id, c.times ? { started: c.started } : undefined);
      emit(toolEvent("started", c.id, tc, modelCallId, sessionId, c.started));
    }
    // Completions in any order.
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
      emit(toolEvent("completed", c.id, tc, modelCallId, sessionId, done));
    }
    turn++;
  }

  // The final segment: deltas, then repeated with neither field; then the result.
  for (let i = 0; i < 30; i++) emit(thinkingDelta(` ${r.pick(WORDS)}`, sessionId, tick(5, 40)));
  emit(thinkingCompleted(sessionId, tick(50, 400)));
  const final =
    "Done. Pricing and cart now use integer cents end to end; the public API is unchanged.\n\n" +
    "- `npm test`: all suites pass\n- `npx tsc --noEmit`: clean\n\nNo UI files were touched.";
  streamSegment(final);
  emit(assistantEvent(final, sessionId));
  const durationMs = ts - T0 + 1234;
  emit({
    type: "result",
    subtype: "success",
    duration_ms: durationMs,
    duration_api_ms: durationMs,
    is_error: false,
    result: segments.join(""),
    session_id: sessionId,
    request_id: requestId,
    usage: {
      inputTokens: 18_715_000,
      outputTokens: 664_000,
      cacheReadTokens: 86_023_000,
      cacheWriteTokens: 0,
    },
  });
  flush();
  closeSync(fd);
  const workspace = files.map((f) => ({ rel: f.rel, initial: f.initial, final: `${f.lines.join("\n")}\n` }));
  return { stats: { bytes, lines, turns: turn, files: files.length, ...stats }, workspace };
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

// ---------------------------------------------------------------------------------------------
// The log-latency run

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
 * About 200 events of mixed kinds. Each one that produces a log line is paired with a matcher of that
 * line, unique in the run: tool calls carry a token (`echo tok-0017`, `src/f-0017.ts`), thinking blocks
 * a unique length, assistant text a unique step number.
 * @param {string} [ROOT] the run's directory
 * @param {number} [steps]
 * @returns {PacedEvent[]}
 */
export function pacedEvents(ROOT = DEFAULT_ROOT, steps = 13) {
  const r = prng(SEED + 1);
  const sessionId = r.uuid();
  const requestId = r.uuid();
  let ts = T0;
  const tick = () => {
    ts += 7;
    return ts;
  };
  /** @type {PacedEvent[]} */
  const out = [];
  /** @param {unknown} e @param {string} kind @param {Matcher} [expect] */
  const add = (e, kind, expect) => out.push({ line: `${JSON.stringify(e)}\n`, kind, expect });
  add(initEvent({ sessionId, model: "Auto", cwd: ROOT }), "init");
  add(userEvent("Run the latency probe.", sessionId), "user");
  const segments = [];
  for (let k = 0; k < steps; k++) {
    const n = String(k).padStart(4, "0");
    const tok = `tok-${n}`;
    const mcid = `${requestId}-${k}-${r.alnum(4).toLowerCase()}`;
    // Thinking: a block of unique length (the log says "Thought for N characters" at its end).
    const chars = 100 + k;
    const head = `**Probe ${n}`;
    const parts = [head, " ".repeat(chars - head.length - 30), "x".repeat(30)];
    for (const p of parts) add(thinkingDelta(p, sessionId, tick()), "thinking-delta");
    add(thinkingCompleted(sessionId, tick()), "thinking-completed", {
      equals: `💭 Thought for ${chars} characters`,
    });
    // Partial text: the delta carrying "\n" completes a line; the repeat flushes the unfinished tail.
    const text = `Step ${n}: checking ${tok}\ntail ${n}`;
    add(assistantEvent("Step", sessionId, { timestampMs: tick() }), "assistant-delta");
    add(assistantEvent(` ${n}:`, sessionId, { timestampMs: tick() }), "assistant-delta");
    add(assistantEvent(` checking ${tok}\ntail`, sessionId, { timestampMs: tick() }), "assistant-delta", {
      equals: `Step ${n}: checking ${tok}`,
    });
    add(assistantEvent(` ${n}`, sessionId, { timestampMs: tick() }), "assistant-delta");
    add(assistantEvent(text, sessionId, { modelCallId: mcid, timestampMs: ts }), "assistant-repeat", {
      equals: `tail ${n}`,
    });
    segments.push(text);
    // A shell call, failing every third step.
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
    // A read and an edit of a unique file, in parallel (shared model_call_id), completing out of order.
    const file = `${ROOT}/src/f-${n}.ts`;
    const readId = `call_${r.alnum(24)}\nfc_${r.hex(50)}`;
    const editId = `tool_${r.uuid()}`;
    const lines = [];
    for (let i = 0; i < 80; i++) lines.push(codeLine(r));
    const fileObj = { abs: file, lines: [...lines] };
    add(
      toolEvent(
        "started",
        readId,
        toolCall("readToolCall", { args: { path: file } }, readId, undefined),
        mcid,
        sessionId,
        tick(),
      ),
      "tool-started",
      { startsWith: `▸ Read src/f-${n}.ts` },
    );
    const editArgs = { path: file, streamContent: "// probe" };
    add(
      toolEvent(
        "started",
        editId,
        toolCall("editToolCall", { args: editArgs }, editId, { started: ts }),
        mcid,
        sessionId,
        tick(),
      ),
      "tool-started",
      { startsWith: `▸ Edit src/f-${n}.ts` },
    );
    const editResult = { success: applyEdit(fileObj, 10, 1, ["// probe"]) };
    add(
      toolEvent(
        "completed",
        editId,
        toolCall("editToolCall", { args: editArgs, result: editResult }, editId, {
          started: ts,
          completed: ts + 3,
        }),
        mcid,
        sessionId,
        tick(),
      ),
      "tool-completed",
      { startsWith: `::group::✓ Edit src/f-${n}.ts ` },
    );
    const content = `${lines.join("\n")}\n`;
    const readResult = {
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
    add(
      toolEvent(
        "completed",
        readId,
        toolCall("readToolCall", { args: { path: file }, result: readResult }, readId, undefined),
        mcid,
        sessionId,
        tick(),
      ),
      "tool-completed",
      { startsWith: `::group::✓ Read src/f-${n}.ts ` },
    );
  }
  const final = "All probes done.";
  add(assistantEvent(final, sessionId), "assistant-segment", { equals: final });
  segments.push(final);
  add(
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

// ---------------------------------------------------------------------------------------------

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

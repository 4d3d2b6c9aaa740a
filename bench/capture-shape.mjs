// @ts-check
/**
 * The shape of the real captures in fixtures/ (docs/stream-format.md#the-captures), measured: the numbers
 * bench/generate-captures.mjs builds its workload from (BENCHMARKS.md, "What runs").
 *
 *   node bench/capture-shape.mjs            # a table per capture and the 2026 captures together
 *   node bench/capture-shape.mjs --json     # the same as JSON
 *   node bench/capture-shape.mjs --file X   # one transcript's summary, as JSON (the bench's check of what it generated)
 *
 * "2026 captures": those whose first `timestamp_ms` falls in 2026, or that have none but come from a 2026
 * CLI (fixtures/SOURCES.md, "Run context"); the one 2025 capture (inspector) is left out of the aggregate.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures");
/** Captured before 2026 (SOURCES.md: inspector, 2025-10-30). */
const BEFORE_2026 = new Set(["inspector-mac-partial-thinking-edit-wrapperline.ndjson"]);

/**
 * @typedef {object} Shape
 * @property {number} bytes @property {number} lines @property {number} events objects that parse
 * @property {number} toolEvents tool_call started + completed
 * @property {number} started @property {number} completed
 * @property {number} startedThenCompleted calls whose `started` came before their `completed`
 * @property {number} thinkingDeltas @property {number} assistantDeltas assistant events with `timestamp_ms` and no `model_call_id`
 * @property {number} otherEvents
 * @property {Record<string, number>} kinds completed calls by `kind:outcome`
 * @property {Record<string, number>} bytesByType bytes of the lines by `type/subtype`
 * @property {number} deltaTextChars characters of text in the deltas
 * @property {number} parallelStarts `started` events while another call of the same turn was open
 */

/** @returns {Shape} */
const empty = () => ({
  bytes: 0,
  lines: 0,
  events: 0,
  toolEvents: 0,
  started: 0,
  completed: 0,
  startedThenCompleted: 0,
  thinkingDeltas: 0,
  assistantDeltas: 0,
  otherEvents: 0,
  kinds: {},
  bytesByType: {},
  deltaTextChars: 0,
  parallelStarts: 0,
});

/** @param {Buffer} bytes @returns {Shape} */
export function measure(bytes) {
  const s = empty();
  s.bytes = bytes.length;
  /** @type {Set<string>} */
  const open = new Set();
  for (const line of bytes.toString("utf8").split("\n")) {
    if (line.trim() === "") continue;
    s.lines++;
    let e;
    try {
      e = JSON.parse(line);
    } catch {
      continue;
    }
    s.events++;
    const key = `${e.type}${e.subtype ? `/${e.subtype}` : ""}`;
    s.bytesByType[key] = (s.bytesByType[key] ?? 0) + Buffer.byteLength(line) + 1;
    if (e.type === "tool_call") {
      s.toolEvents++;
      if (e.subtype === "started") {
        s.started++;
        if (open.size > 0) s.parallelStarts++;
        open.add(e.call_id);
      } else if (e.subtype === "completed") {
        s.completed++;
        if (open.delete(e.call_id)) s.startedThenCompleted++;
        const kind = Object.keys(e.tool_call ?? {}).find((k) => k.endsWith("ToolCall")) ?? "?";
        const outcome = Object.keys(e.tool_call?.[kind]?.result ?? {})[0] ?? "none";
        s.kinds[`${kind}:${outcome}`] = (s.kinds[`${kind}:${outcome}`] ?? 0) + 1;
      }
    } else if (key === "thinking/delta") {
      s.thinkingDeltas++;
      s.deltaTextChars += String(e.text ?? "").length;
    } else if (e.type === "assistant" && e.timestamp_ms !== undefined && e.model_call_id === undefined) {
      s.assistantDeltas++;
      s.deltaTextChars += (e.message?.content ?? []).reduce(
        (/** @type {number} */ n, /** @type {{ text?: string }} */ c) => n + String(c.text ?? "").length,
        0,
      );
    } else s.otherEvents++;
  }
  return s;
}

/** Adds `b`'s counts to `a`'s. @param {Shape} a @param {Shape} b */
function add(a, b) {
  const x = /** @type {Record<string, number | Record<string, number>>} */ (/** @type {unknown} */ (a));
  for (const [k, v] of Object.entries(b)) {
    const into = x[k];
    if (typeof v === "number" && typeof into === "number") x[k] = into + v;
    else if (typeof v === "object" && typeof into === "object")
      for (const [kk, vv] of Object.entries(v)) into[kk] = (into[kk] ?? 0) + vv;
  }
}

/** Derived figures. @param {Shape} s */
export function summary(s) {
  const mib = s.bytes / 2 ** 20;
  const deltas = s.thinkingDeltas + s.assistantDeltas;
  return {
    kib: Math.round(s.bytes / 1024),
    toolEventsPerMiB: Math.round(s.toolEvents / mib),
    eventsPerMiB: Math.round(s.events / mib),
    deltaShare: deltas / s.events,
    deltaByteShare: ((s.bytesByType["thinking/delta"] ?? 0) + (s.bytesByType.assistant ?? 0)) / s.bytes,
    toolByteShare:
      ((s.bytesByType["tool_call/started"] ?? 0) + (s.bytesByType["tool_call/completed"] ?? 0)) / s.bytes,
    startedThenCompleted: `${s.startedThenCompleted}/${s.completed}`,
    deltasPerCall: deltas / Math.max(1, s.completed),
    meanDeltaChars: s.deltaTextChars / Math.max(1, deltas),
    meanToolEventBytes:
      ((s.bytesByType["tool_call/started"] ?? 0) + (s.bytesByType["tool_call/completed"] ?? 0)) /
      Math.max(1, s.toolEvents),
  };
}

export function measureFixtures() {
  /** @type {{ file: string, shape: Shape }[]} */
  const each = [];
  const all = empty();
  for (const file of readdirSync(FIXTURES)
    .filter((f) => f.endsWith(".ndjson"))
    .sort()) {
    const shape = measure(readFileSync(path.join(FIXTURES, file)));
    each.push({ file, shape });
    if (!BEFORE_2026.has(file)) add(all, shape);
  }
  return { each, all };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { each, all } = measureFixtures();
  const file = process.argv.indexOf("--file");
  if (file !== -1) {
    const shape = measure(readFileSync(process.argv[file + 1] ?? ""));
    process.stdout.write(`${JSON.stringify({ shape, summary: summary(shape) })}\n`);
  } else if (process.argv.includes("--json")) {
    process.stdout.write(`${JSON.stringify({ each, all, summary: summary(all) }, null, 2)}\n`);
  } else {
    const pct = (/** @type {number} */ x) => `${(100 * x).toFixed(0)}%`;
    for (const { file, shape } of [...each, { file: "2026 captures together", shape: all }]) {
      const m = summary(shape);
      process.stdout.write(
        `${file.slice(0, 48).padEnd(48)} ${String(m.kib).padStart(4)} KiB ${String(shape.events).padStart(4)} events, ` +
          `${String(shape.toolEvents).padStart(2)} tool events = ${String(m.toolEventsPerMiB).padStart(4)}/MiB, ` +
          `deltas ${pct(m.deltaShare)} of events (${pct(m.deltaByteShare)} of bytes), tool events ${pct(m.toolByteShare)} of bytes, ` +
          `started→completed ${m.startedThenCompleted}, ${m.deltasPerCall.toFixed(0)} deltas/call, ` +
          `${m.meanDeltaChars.toFixed(1)} chars/delta, ${m.meanToolEventBytes.toFixed(0)} B/tool event\n`,
      );
    }
    process.stdout.write(`kinds (2026): ${JSON.stringify(all.kinds)}\n`);
    process.stdout.write(`bytes by type (2026): ${JSON.stringify(all.bytesByType)}\n`);
  }
}

// @ts-check
/**
 * Log latency: the pacing agent writes ~200 events `delayMs` apart and records when it wrote each; each
 * line of the action's stdout is stamped as it arrives, and each event is matched to the first log line
 * it produces. The floor (with BENCH_FLOOR_ECHO) echoes each line's index as it parses it.
 */
import { chmodSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pacedEvents } from "../generate-paced.mjs";
import {
  checkGone,
  FLOOR,
  PACED_AGENT,
  prepare,
  readJson,
  readOutputs,
  runNode,
  workspacePath,
} from "../lib.mjs";

/**
 * @typedef {{ i: number, kind: string, expect: import("../generate-paced.mjs").Matcher }} Expected
 * @typedef {{ action: { kind: string, ms: number }[], floor: number[], missing: string[] }} Latencies
 */

/**
 * @param {import("../lib.mjs").Target} target @param {number} runs @param {number} delayMs
 * @param {string[]} leftovers
 */
export async function measureLatency(target, runs, delayMs, leftovers) {
  chmodSync(PACED_AGENT, 0o755);
  const events = pacedEvents(workspacePath("latency"));
  const r = prepare("latency", {
    agentPath: PACED_AGENT,
    actionYml: target.actionYml,
    inputs: { "stream-partial-output": "true" },
  });
  const script = path.join(r.dir, "paced-script.json");
  const times = path.join(r.dir, "paced-times.json");
  writeFileSync(script, JSON.stringify({ delayMs, lines: events.map((e) => e.line) }));
  const env = { PACED_AGENT_SCRIPT: script, PACED_AGENT_TIMES: times };
  /** @type {Expected[]} */
  const expected = events.flatMap((e, i) => (e.expect ? [{ i, kind: e.kind, expect: e.expect }] : []));
  const paced = { target, r, times, env, expected, leftovers };
  /** @type {Latencies} */
  const result = { action: [], floor: [], missing: [] };
  process.stdout.write("  log latency:");
  for (let run = 0; run < runs; run++) {
    await actionLatencies(paced, result);
    await floorLatencies(paced, result);
    process.stdout.write(` ${run + 1}/${runs}`);
  }
  process.stdout.write("\n");
  return { ...result, events: events.length, measuredEvents: expected.length };
}

/**
 * @typedef {{ target: import("../lib.mjs").Target, r: ReturnType<typeof prepare>, times: string, env: Record<string, string>, expected: Expected[], leftovers: string[] }} Paced
 */

/** The action's run: each expected event's first log line, and how long after the event it came. @param {Paced} p @param {Latencies} result */
async function actionLatencies({ target, r, times, env, expected, leftovers }, result) {
  r.resetFiles();
  rmSync(times, { force: true });
  const a = lineCollector();
  const res = await runNode({
    args: [target.dist],
    env: { ...r.actionEnv, ...env },
    cwd: r.workspace,
    onStdout: a.onStdout,
    timeoutMs: 60_000,
    extraPids: () => [readJson(times)?.pid].filter((p) => p !== undefined),
  });
  const outputs = readOutputs(r.files.GITHUB_OUTPUT);
  if (res.code !== 0 || outputs.conclusion !== "success") {
    throw new Error(`the action failed on the paced run (exit ${res.code}): ${outputs.error}\n${res.stderr}`);
  }
  const written = readJson(times);
  checkGone(written?.pid, leftovers, "pacing agent after an action run");
  const claimed = new Set();
  for (const e of expected) {
    const m = e.expect;
    const idx = a.lines.findIndex(
      (l, k) =>
        !claimed.has(k) &&
        (m.equals === undefined || l.text === m.equals) &&
        (m.startsWith === undefined || l.text.startsWith(m.startsWith)) &&
        (m.includes === undefined || l.text.includes(m.includes)),
    );
    if (idx === -1) {
      result.missing.push(`${e.kind} #${e.i}: ${JSON.stringify(m)}`);
      continue;
    }
    claimed.add(idx);
    const line = /** @type {{ at: number }} */ (a.lines[idx]);
    result.action.push({ kind: e.kind, ms: line.at - written.times[e.i] });
  }
}

/** The floor's run: when it echoed each expected event's index. @param {Paced} p @param {Latencies} result */
async function floorLatencies({ r, times, env, expected, leftovers }, result) {
  rmSync(times, { force: true });
  const f = lineCollector();
  const fres = await runNode({
    args: [FLOOR, PACED_AGENT, ...r.agentArgs],
    env: { ...r.floorEnv, ...env, BENCH_FLOOR_ECHO: "1" },
    cwd: r.workspace,
    onStdout: f.onStdout,
    timeoutMs: 60_000,
    extraPids: () => [readJson(times)?.pid].filter((p) => p !== undefined),
  });
  if (fres.code !== 0)
    throw new Error(`the floor failed on the paced run (exit ${fres.code}): ${fres.stderr}`);
  const fwritten = readJson(times);
  checkGone(fwritten?.pid, leftovers, "pacing agent after a floor run");
  /** @type {Map<number, number>} */
  const seen = new Map();
  for (const l of f.lines) if (/^\d+$/.test(l.text)) seen.set(Number(l.text), l.at);
  for (const e of expected) {
    const at = seen.get(e.i);
    if (at !== undefined) result.floor.push(at - fwritten.times[e.i]);
  }
}

/** Splits the stream into lines as the runner does, each stamped with when its last byte arrived. */
function lineCollector() {
  /** @type {{ text: string, at: number }[]} */
  const lines = [];
  let rest = "";
  const decoder = new TextDecoder();
  return {
    lines,
    onStdout: (/** @type {Buffer} */ chunk, /** @type {number} */ at) => {
      const parts = (rest + decoder.decode(chunk, { stream: true })).split("\n");
      rest = parts.pop() ?? "";
      for (const p of parts) lines.push({ text: p.endsWith("\r") ? p.slice(0, -1) : p, at });
    },
  };
}

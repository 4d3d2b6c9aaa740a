// @ts-check
/**
 * `npm run bench`: runs the bundled action (dist/index.js) the way the runner does (`node dist/index.js`
 * with `INPUT_*` and the file-command variables set, stdin closed, stdout a pipe), against the fake agent
 * or a pacing agent, and compares it with the floor (bench/floor.mjs: spawn the same agent, readline +
 * JSON.parse). Prints each figure against its goal and writes bench/out/results.json.
 *
 *   npm run bench                      # the working tree's dist/ (~1 minute on 2 cores)
 *   npm run bench -- --dist HEAD       # the committed dist/ of a revision (HEAD, a sha, a tag)
 *   npm run bench -- --quick           # one run of each, for a smoke test
 *   npm run bench -- --big-runs 3 --startup-runs 9 --latency-runs 2 --delay-ms 20
 *
 * See BENCHMARKS.md for what each figure means; bench/profile.mjs for where the time goes.
 */
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateBig, generateTiny, pacedEvents } from "./generate.mjs";
import {
  checkGone,
  FAKE_AGENT,
  FLOOR,
  installCleanup,
  killAll,
  OUT,
  PACED_AGENT,
  prepare,
  ROOT,
  readJson,
  readOutputs,
  runNode,
  selectTarget,
  USAGE,
  workspacePath,
} from "./lib.mjs";

const GOALS = { ratio: 1.5, rssMiB: 128, startupMs: 120, latencyMs: 100 };

// ---------------------------------------------------------------------------------------------
// Options

/** @param {string[]} argv */
function parseOptions(argv) {
  const o = { bigRuns: 5, startupRuns: 15, latencyRuns: 3, delayMs: 20, dist: "worktree" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = () => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 1) fail(`${a} needs a whole number of at least 1`);
      return v;
    };
    if (a === "--quick") Object.assign(o, { bigRuns: 1, startupRuns: 3, latencyRuns: 1 });
    else if (a === "--big-runs") o.bigRuns = num();
    else if (a === "--startup-runs") o.startupRuns = num();
    else if (a === "--latency-runs") o.latencyRuns = num();
    else if (a === "--delay-ms") o.delayMs = num();
    else if (a === "--dist") o.dist = argv[++i] ?? fail("--dist needs worktree or a git revision");
    else
      fail(
        `unknown option ${a} (use --dist REV, --quick, --big-runs N, --startup-runs N, --latency-runs N, --delay-ms N)`,
      );
  }
  return o;
}

/** @param {string} message @returns {never} */
function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Statistics and formatting

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? Number.NaN) + (s[m] ?? Number.NaN)) / 2;
};
/** @param {number[]} xs @param {number} p */
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
const round = (/** @type {number} */ x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const mib = (/** @type {number} */ kib) => kib / 1024;
/** @param {string} s @param {number} n */
const pad = (s, n) => s + " ".repeat(Math.max(0, n - [...s].length));
const log = (/** @type {string} */ s) => process.stdout.write(`${s}\n`);

function machine() {
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? "?",
    memGiB: round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

/** @typedef {{ wallMs: number, maxRssKiB: number, hwmKiB: number, cpuMs: number }} Sample */

/** @param {{ wallMs: number }} res @param {{ maxRssKiB: number, hwmKiB: number, userMs: number, systemMs: number }} usage @returns {Sample} */
const sample = (res, usage) => ({
  wallMs: round(res.wallMs),
  maxRssKiB: usage.maxRssKiB,
  hwmKiB: usage.hwmKiB,
  cpuMs: round(usage.userMs + usage.systemMs),
});

/** Runs `fns` `runs` times after one warm-up each, rotating the order so that none always goes first. */
async function interleaved(
  /** @type {((keep: boolean) => Promise<void>)[]} */ fns,
  /** @type {number} */ runs,
  /** @type {string} */ title,
) {
  process.stdout.write(`  ${title}: warm-up`);
  for (const f of fns) await f(false);
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < fns.length; k++)
      await /** @type {(keep: boolean) => Promise<void>} */ (fns[(i + k) % fns.length])(true);
    if (runs <= 5 || (i + 1) % 5 === 0 || i + 1 === runs) process.stdout.write(` ${i + 1}/${runs}`);
  }
  process.stdout.write("\n");
}

// ---------------------------------------------------------------------------------------------
// The measurements

/**
 * The ≥64 MiB stream: wall time, peak RSS and CPU time of the action vs the floor (and, to price the raw
 * copy the action must keep, the floor plus that copy), interleaved.
 * @param {import("./lib.mjs").Target} target @param {string} transcript
 * @param {{ stats: { lines: number, toolCalls: number }, workspace: import("./lib.mjs").WorkspaceFile[] }} big
 * @param {number} runs @param {string[]} leftovers
 */
async function measureThroughput(target, transcript, big, runs, leftovers) {
  const expected = big.stats;
  const record = path.join(OUT, "run", "big-agent-record.json");
  const r = prepare("big", {
    agentPath: FAKE_AGENT,
    actionYml: target.actionYml,
    inputs: { "stream-partial-output": "true" },
    files: big.workspace,
  });
  const scenario = path.join(r.dir, "scenario.json");
  writeFileSync(scenario, JSON.stringify({ transcript, record }));
  const usageFile = path.join(r.dir, "usage.json");
  const agentPid = () => readJson(record)?.pid;
  /** @type {{ action: Sample[], floor: Sample[], floorTee: Sample[] }} */
  const samples = { action: [], floor: [], floorTee: [] };
  let logBytes = 0;
  let chunks = 0;
  let argvChecked = false;

  const action = async (/** @type {boolean} */ keep) => {
    r.resetFiles();
    rmSync(usageFile, { force: true });
    rmSync(record, { force: true });
    const res = await runNode({
      args: ["--require", USAGE, target.dist],
      env: { ...r.actionEnv, FAKE_AGENT_SCENARIO: scenario, BENCH_USAGE_FILE: usageFile },
      cwd: r.workspace,
      countStdout: true,
      timeoutMs: 180_000,
      extraPids: () => [agentPid()].filter((p) => p !== undefined),
    });
    const outputs = readOutputs(r.files.GITHUB_OUTPUT);
    const usage = readJson(usageFile);
    if (res.code !== 0 || outputs.conclusion !== "success" || !usage) {
      throw new Error(
        `the action failed on the 64 MiB stream (exit ${res.code ?? res.signal}, conclusion ${outputs.conclusion}): ${outputs.error ?? ""}\n${res.stderr}`,
      );
    }
    if (Number(outputs["tool-calls"]) !== expected.toolCalls) {
      throw new Error(
        `the action counted ${outputs["tool-calls"]} tool calls, expected ${expected.toolCalls}`,
      );
    }
    const rec = readJson(record);
    if (!argvChecked && rec) {
      argvChecked = true;
      if (JSON.stringify(rec.argv) !== JSON.stringify(r.agentArgs)) {
        log(`  note: the floor's agent arguments differ from the action's: ${JSON.stringify(rec.argv)}`);
      }
    }
    checkGone(rec?.pid, leftovers, "fake agent after an action run");
    logBytes = res.stdoutBytes;
    r.resetFiles(); // the action's 64 MiB copy of the stream goes at once, the checkout is reset
    if (keep) samples.action.push(sample(res, usage));
  };

  const floor = (/** @type {boolean} */ tee) => async (/** @type {boolean} */ keep) => {
    r.resetFiles(); // the checkout as it was before the run (the agent wrapper leaves its final state)
    rmSync(usageFile, { force: true });
    rmSync(record, { force: true });
    const teeFile = path.join(r.dir, "floor-tee.ndjson");
    const res = await runNode({
      args: ["--require", USAGE, FLOOR, r.agentFile, ...r.agentArgs],
      env: {
        ...r.floorEnv,
        FAKE_AGENT_SCENARIO: scenario,
        BENCH_USAGE_FILE: usageFile,
        ...(tee ? { BENCH_FLOOR_TEE: teeFile } : {}),
      },
      cwd: r.workspace,
      timeoutMs: 180_000,
      extraPids: () => [agentPid()].filter((p) => p !== undefined),
    });
    rmSync(teeFile, { force: true });
    const counts = JSON.parse(res.stdout.trim().split("\n").pop() ?? "{}").floor;
    const usage = readJson(usageFile);
    if (res.code !== 0 || counts?.lines !== expected.lines || counts?.malformed !== 0 || !usage) {
      throw new Error(`the floor failed (exit ${res.code}): ${res.stdout}\n${res.stderr}`);
    }
    checkGone(readJson(record)?.pid, leftovers, "fake agent after a floor run");
    if (keep) {
      (tee ? samples.floorTee : samples.floor).push(sample(res, usage));
      if (!tee) chunks = counts.chunks;
    }
  };

  await interleaved([floor(false), action, floor(true)], runs, "64 MiB stream");
  return { samples, logBytes, chunks };
}

/**
 * The 3-event run: wall time of the action vs the floor, and when the action's first output appears
 * (its first statement runs: everything before is Node's start and loading the bundle).
 * @param {import("./lib.mjs").Target} target @param {string} transcript @param {number} runs
 * @param {string[]} leftovers
 */
async function measureStartup(target, transcript, runs, leftovers) {
  const record = path.join(OUT, "run", "tiny-agent-record.json");
  const r = prepare("tiny", { agentPath: FAKE_AGENT, actionYml: target.actionYml });
  const scenario = path.join(r.dir, "scenario.json");
  writeFileSync(scenario, JSON.stringify({ transcript, record }));
  const agentPid = () => readJson(record)?.pid;
  /** @type {{ action: number[], firstOutput: number[], floor: number[], node: number[] }} */
  const samples = { action: [], firstOutput: [], floor: [], node: [] };
  const action = async (/** @type {boolean} */ keep) => {
    r.resetFiles();
    const res = await runNode({
      args: [target.dist],
      env: { ...r.actionEnv, FAKE_AGENT_SCENARIO: scenario },
      cwd: r.workspace,
      countStdout: true,
      timeoutMs: 30_000,
      extraPids: () => [agentPid()].filter((p) => p !== undefined),
    });
    const outputs = readOutputs(r.files.GITHUB_OUTPUT);
    if (res.code !== 0 || outputs.conclusion !== "success") {
      throw new Error(
        `the action failed on the 3-event run (exit ${res.code}): ${outputs.error}\n${res.stderr}`,
      );
    }
    checkGone(agentPid(), leftovers, "fake agent after a start-up run");
    if (keep) {
      samples.action.push(res.wallMs);
      samples.firstOutput.push(res.firstStdoutMs ?? Number.NaN);
    }
  };
  const floor = async (/** @type {boolean} */ keep) => {
    const res = await runNode({
      args: [FLOOR, r.agentFile, ...r.agentArgs],
      env: { ...r.floorEnv, FAKE_AGENT_SCENARIO: scenario },
      cwd: r.workspace,
      timeoutMs: 30_000,
      extraPids: () => [agentPid()].filter((p) => p !== undefined),
    });
    if (res.code !== 0 || !res.stdout.includes('"lines":3')) {
      throw new Error(`the floor failed on the 3-event run (exit ${res.code}): ${res.stdout}\n${res.stderr}`);
    }
    checkGone(agentPid(), leftovers, "fake agent after a floor start-up run");
    if (keep) samples.floor.push(res.wallMs);
  };
  const bareNode = async (/** @type {boolean} */ keep) => {
    const res = await runNode({ args: ["-e", "0"], env: r.floorEnv, cwd: r.workspace, timeoutMs: 30_000 });
    if (keep) samples.node.push(res.wallMs);
  };
  await interleaved([floor, action, bareNode], runs, "start-up");
  return samples;
}

/**
 * Log latency: the pacing agent writes ~200 events `delayMs` apart and records when it wrote each; we
 * timestamp each line of the action's stdout as it arrives and match each event to the first log line
 * it produces. The floor (with BENCH_FLOOR_ECHO) echoes each line's index as it parses it.
 * @param {import("./lib.mjs").Target} target @param {number} runs @param {number} delayMs
 * @param {string[]} leftovers
 */
async function measureLatency(target, runs, delayMs, leftovers) {
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
  const agentPid = () => readJson(times)?.pid;
  const expected = events.flatMap((e, i) => (e.expect ? [{ i, kind: e.kind, expect: e.expect }] : []));

  /** Splits the stream into lines as the runner does, each stamped with when its last byte arrived. */
  const lineCollector = () => {
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
  };

  /** @type {{ action: { kind: string, ms: number }[], floor: number[], missing: string[] }} */
  const result = { action: [], floor: [], missing: [] };
  process.stdout.write("  log latency:");
  for (let run = 0; run < runs; run++) {
    // The action.
    r.resetFiles();
    rmSync(times, { force: true });
    const a = lineCollector();
    const res = await runNode({
      args: [target.dist],
      env: { ...r.actionEnv, ...env },
      cwd: r.workspace,
      onStdout: a.onStdout,
      timeoutMs: 60_000,
      extraPids: () => [agentPid()].filter((p) => p !== undefined),
    });
    const outputs = readOutputs(r.files.GITHUB_OUTPUT);
    if (res.code !== 0 || outputs.conclusion !== "success") {
      throw new Error(
        `the action failed on the paced run (exit ${res.code}): ${outputs.error}\n${res.stderr}`,
      );
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
    // The floor.
    rmSync(times, { force: true });
    const f = lineCollector();
    const fres = await runNode({
      args: [FLOOR, PACED_AGENT, ...r.agentArgs],
      env: { ...r.floorEnv, ...env, BENCH_FLOOR_ECHO: "1" },
      cwd: r.workspace,
      onStdout: f.onStdout,
      timeoutMs: 60_000,
      extraPids: () => [agentPid()].filter((p) => p !== undefined),
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
    process.stdout.write(` ${run + 1}/${runs}`);
  }
  process.stdout.write("\n");
  return { ...result, events: events.length, measuredEvents: expected.length };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  installCleanup();
  const opts = parseOptions(process.argv.slice(2));
  if (process.platform !== "linux") fail("the benchmark reads /proc: run it on Linux");
  if (!existsSync(FAKE_AGENT)) fail(`${path.relative(ROOT, FAKE_AGENT)} is missing`);
  const nodeMajor = Number(process.versions.node.split(".")[0]);
  if (nodeMajor < 24) {
    fail(
      `this is Node ${process.version}; the action runs on node24. Run it through npm (npm run bench), which puts node_modules/.bin/node (Node 24) first on PATH`,
    );
  }
  const started = performance.now();
  mkdirSync(OUT, { recursive: true });
  rmSync(path.join(OUT, "run"), { recursive: true, force: true });
  mkdirSync(path.join(OUT, "run"), { recursive: true });
  /** @type {import("./lib.mjs").Target} */
  let target;
  try {
    target = selectTarget(opts.dist);
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }

  const m = machine();
  const loadBefore = os.loadavg().map((x) => round(x, 2));
  log(
    `cursor-agent-action bench: ${m.cores} cores (${m.cpu}), ${m.memGiB} GiB, ${m.os}, Node ${m.node}, load ${loadBefore.join(" ")}`,
  );
  if ((loadBefore[0] ?? 0) > m.cores / 2) {
    log(
      `  warning: the machine is busy (load ${loadBefore[0]} on ${m.cores} cores): the figures will be noisy`,
    );
  }
  log(
    `bundle: ${target.label}, dist/index.js ${(target.bytes / 1024).toFixed(0)} KiB, sha256 ${target.sha256}…`,
  );

  const bigFile = path.join(OUT, "big.ndjson");
  const tinyFile = path.join(OUT, "tiny.ndjson");
  const t = performance.now();
  // The transcripts name the workspace of their runs, as a real run's init `cwd` does.
  const bigRun = generateBig(bigFile, { root: workspacePath("big") });
  const big = bigRun.stats;
  generateTiny(tinyFile, workspacePath("tiny"));
  log(
    `transcript: ${(big.bytes / 2 ** 20).toFixed(1)} MiB, ${big.lines} lines, ${big.toolCalls} tool calls ` +
      `(${big.edits} edits of ${big.files} files, ${big.shells} shell of which ${big.failedShells} fail, ${big.reads} reads, ${big.greps} greps), ` +
      `generated in ${Math.round(performance.now() - t)} ms`,
  );

  /** @type {string[]} */
  const leftovers = [];
  const startup = await measureStartup(target, tinyFile, opts.startupRuns, leftovers);
  const tp = await measureThroughput(target, bigFile, bigRun, opts.bigRuns, leftovers);
  const lat = await measureLatency(target, opts.latencyRuns, opts.delayMs, leftovers);

  // Figures.
  const med = (/** @type {Sample[]} */ xs, /** @type {(s: Sample) => number} */ f) => median(xs.map(f));
  const aWall = med(tp.samples.action, (s) => s.wallMs);
  const fWall = med(tp.samples.floor, (s) => s.wallMs);
  const tWall = med(tp.samples.floorTee, (s) => s.wallMs);
  const ratio = aWall / fWall;
  const aRss = med(tp.samples.action, (s) => mib(s.maxRssKiB));
  const aRssMax = Math.max(...tp.samples.action.map((s) => mib(s.maxRssKiB)));
  const fRss = med(tp.samples.floor, (s) => mib(s.maxRssKiB));
  const aCpu = med(tp.samples.action, (s) => s.cpuMs);
  const fCpu = med(tp.samples.floor, (s) => s.cpuMs);
  const tCpu = med(tp.samples.floorTee, (s) => s.cpuMs);
  const sA = median(startup.action);
  const sF = median(startup.floor);
  const sFirst = median(startup.firstOutput);
  const sNode = median(startup.node);
  const latMs = lat.action.map((x) => x.ms);
  const latMed = median(latMs);
  const latP95 = percentile(latMs, 95);
  const latMax = Math.max(...latMs);
  const fLatMed = median(lat.floor);
  const fLatMax = Math.max(...lat.floor);
  /** @type {Record<string, number>} */
  const worstByKind = {};
  for (const x of lat.action) worstByKind[x.kind] = Math.max(worstByKind[x.kind] ?? 0, round(x.ms, 2));

  const goals = [
    {
      name: "64 MiB stream: wall time, action / floor",
      action: `${(aWall / 1000).toFixed(2)} s`,
      floor: `${(fWall / 1000).toFixed(2)} s`,
      result: `${ratio.toFixed(2)}×`,
      goal: `≤ ${GOALS.ratio}×`,
      met: ratio <= GOALS.ratio,
    },
    {
      name: "64 MiB stream: peak RSS of the process",
      action: `${aRss.toFixed(1)} MiB`,
      floor: `${fRss.toFixed(1)} MiB`,
      result: `${aRss.toFixed(1)} MiB (max ${aRssMax.toFixed(1)})`,
      goal: `≤ ${GOALS.rssMiB} MiB`,
      met: aRss <= GOALS.rssMiB,
    },
    {
      name: "start-up, 3-event run: wall time",
      action: `${sA.toFixed(0)} ms`,
      floor: `${sF.toFixed(0)} ms`,
      result: `+${(sA - sF).toFixed(0)} ms`,
      goal: `≤ +${GOALS.startupMs} ms`,
      met: sA - sF <= GOALS.startupMs,
    },
    {
      name: `log latency, ${lat.measuredEvents} events × ${opts.latencyRuns}: worst`,
      action: `${latMax.toFixed(1)} ms`,
      floor: `${fLatMax.toFixed(1)} ms`,
      result: `median ${latMed.toFixed(1)}, p95 ${latP95.toFixed(1)} ms`,
      goal: `worst < ${GOALS.latencyMs} ms`,
      met: latMax < GOALS.latencyMs && lat.missing.length === 0,
    },
  ];

  /** @type {[number, number, number, number, number]} */
  const w = [42, 12, 12, 28, 17];
  log("");
  log(
    `${pad("figure (medians)", w[0])}${pad("action", w[1])}${pad("floor", w[2])}${pad("result", w[3])}${pad("goal", w[4])}met`,
  );
  log("-".repeat(w.reduce((a, b) => a + b, 0) + 7));
  for (const g of goals) {
    log(
      `${pad(g.name, w[0])}${pad(g.action, w[1])}${pad(g.floor, w[2])}${pad(g.result, w[3])}${pad(g.goal, w[4])}${g.met ? "met" : "NOT MET"}`,
    );
  }
  log("");
  log(
    `64 MiB stream: floor + the raw copy alone (BENCH_FLOOR_TEE) ${(tWall / 1000).toFixed(2)} s = ${(tWall / fWall).toFixed(2)}× the floor; ` +
      `CPU time ${(aCpu / 1000).toFixed(2)} s action, ${(fCpu / 1000).toFixed(2)} s floor, ${(tCpu / 1000).toFixed(2)} s floor + copy; ` +
      `${(big.bytes / 2 ** 20 / (aWall / 1000)).toFixed(0)} MiB/s through the action; log ${(tp.logBytes / 1024).toFixed(0)} KiB; ` +
      `the stream arrived in ~${tp.chunks} chunks`,
  );
  log(
    `start-up: the action's first output after ${sFirst.toFixed(0)} ms (bare \`node -e 0\` exits after ${sNode.toFixed(0)} ms)`,
  );
  log(
    `log latency: floor median ${fLatMed.toFixed(2)} ms; worst by event kind (ms) ${JSON.stringify(worstByKind)}`,
  );
  if (lat.missing.length) log(`events whose log line never appeared: ${lat.missing.join("; ")}`);
  log(leftovers.length ? `LEFTOVER processes (killed): ${leftovers.join(", ")}` : "no leftover processes");
  const loadAfter = os.loadavg().map((x) => round(x, 2));

  const results = {
    date: new Date().toISOString(),
    machine: { ...m, loadavgBefore: loadBefore, loadavgAfter: loadAfter },
    bundle: { label: target.label, sha256: target.sha256, bytes: target.bytes, dist: opts.dist },
    options: opts,
    transcript: { big, tiny: { events: 3 }, paced: { events: lat.events, measured: lat.measuredEvents } },
    throughput: {
      runs: tp.samples.action.length,
      samples: tp.samples,
      medianWallMs: { action: round(aWall), floor: round(fWall), floorWithCopy: round(tWall) },
      ratio: round(ratio, 3),
      floorWithCopyRatio: round(tWall / fWall, 3),
      medianRssMiB: { action: round(aRss), floor: round(fRss) },
      maxRssMiB: { action: round(aRssMax) },
      medianCpuMs: { action: round(aCpu), floor: round(fCpu), floorWithCopy: round(tCpu) },
      logBytes: tp.logBytes,
      chunks: tp.chunks,
    },
    startup: {
      runs: startup.action.length,
      actionMs: startup.action.map((x) => round(x)),
      actionFirstOutputMs: startup.firstOutput.map((x) => round(x)),
      floorMs: startup.floor.map((x) => round(x)),
      bareNodeMs: startup.node.map((x) => round(x)),
      medianMs: {
        action: round(sA),
        actionFirstOutput: round(sFirst),
        floor: round(sF),
        bareNode: round(sNode),
      },
      overheadMs: round(sA - sF),
    },
    latency: {
      runs: opts.latencyRuns,
      delayMs: opts.delayMs,
      eventsPerRun: lat.events,
      measuredPerRun: lat.measuredEvents,
      action: { medianMs: round(latMed, 2), p95Ms: round(latP95, 2), worstMs: round(latMax, 2), worstByKind },
      floor: { medianMs: round(fLatMed, 2), worstMs: round(fLatMax, 2) },
      missing: lat.missing,
    },
    goals,
    leftovers,
    benchSeconds: round((performance.now() - started) / 1000),
  };
  writeFileSync(path.join(OUT, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  // The per-run directories go (the action's copies of the stream, logs); the generated transcripts stay
  // for bench/profile.mjs (bench/out/big.ndjson is regenerated identically on each run).
  rmSync(path.join(OUT, "run"), { recursive: true, force: true });
  log(
    `\nwrote ${path.relative(ROOT, path.join(OUT, "results.json"))} (bench took ${results.benchSeconds} s)`,
  );
}

main().catch((e) => {
  killAll();
  process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

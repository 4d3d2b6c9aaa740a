// @ts-check
/**
 * `npm run bench`: runs the bundled action (dist/index.js) the way the runner does (`node dist/index.js`
 * with `INPUT_*` and the file-command variables set, stdin closed, stdout a pipe), against the bench's
 * replaying agent (bench/replay-agent.mjs: the transcript in 64 KiB writes; its stdout is the action's
 * transcript file) or a pacing agent, and compares it with the floor (bench/floor.mjs: spawn the same
 * agent with the same scenario, read its stdout pipe with readline, JSON.parse each line). Wall time and
 * CPU time of the process tree (user + sys, the agent included on both sides) are compared, with bare
 * `node -e 0` timed in the same rotation as the machine's speed of the moment. Workloads: the 2026-shaped
 * run (bench/generate-captures.mjs, from the captures' measured shape: bench/capture-shape.mjs), the long
 * run (bench/generate.mjs), the edit-heavy run and the scale runs (bench/generate-shapes.mjs). Prints each
 * figure against its goal and writes bench/out/results.json.
 *
 *   npm run bench                      # the working tree's dist/ (~3 minutes on 2 cores)
 *   npm run bench -- --dist HEAD       # the committed dist/ of a revision (HEAD, a sha, a tag)
 *   npm run bench -- --quick           # one run of each, for a smoke test (~2 minutes)
 *   npm run bench -- --big-runs 3 --startup-runs 9 --latency-runs 2 --delay-ms 20
 *
 * See BENCHMARKS.md for what each figure means; bench/profile.mjs for where the time goes.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureFixtures, summary } from "./capture-shape.mjs";
import { generateBig, generateTiny, pacedEvents } from "./generate.mjs";
import { generateCaptureShaped } from "./generate-captures.mjs";
import { generateCalls, generateEdits, generateManyFiles } from "./generate-shapes.mjs";
import {
  checkGone,
  FLOOR,
  installCleanup,
  killAll,
  OUT,
  PACED_AGENT,
  prepare,
  REPLAY_AGENT,
  ROOT,
  readJson,
  readOutputs,
  runNode,
  selectTarget,
  USAGE,
  workspacePath,
} from "./lib.mjs";

const GOALS = {
  ratio: 1.5,
  rssMiB: 128,
  /** Peak RSS on the largest stream, and on the most tool calls, against the floor's on the same. */
  rssFactor: 1.6,
  /** 2,000 files × 200 lines: agent exit → action exit, and peak RSS; × 3,000 lines: peak RSS. */
  endMs: 1000,
  endRssMiB: 200,
  bigEndRssMiB: 250,
  startupMs: 50,
  latencyMs: 5,
};

/**
 * Lines added and removed between two directories by GNU diff's minimal line diff (`diff -r -d`).
 * @param {string} a @param {string} b
 */
function minimalCounts(a, b) {
  const r = spawnSync("diff", ["-r", "-d", a, b], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`diff -r -d failed: ${r.stderr}`);
  let added = 0;
  let removed = 0;
  for (const line of r.stdout.split("\n")) {
    if (line.startsWith(">")) added++;
    else if (line.startsWith("<")) removed++;
  }
  return { added, removed };
}

/** Workloads whose file outputs differed from the reference (reported, and a goal not met). @type {string[]} */
const inexact = [];

/** Counts a run is checked against. @param {{ toolCalls: number, lines: number }} s */
const pick = (s) => ({ toolCalls: s.toolCalls, lines: s.lines });

/** The sample with the median wall time. @param {Sample[]} xs @returns {Sample} */
const medianSample = (xs) =>
  /** @type {Sample} */ ([...xs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(xs.length / 2)]);

// ---------------------------------------------------------------------------------------------
// Options

/** @param {string[]} argv */
function parseOptions(argv) {
  const o = {
    bigRuns: 5,
    startupRuns: 15,
    latencyRuns: 3,
    delayMs: 20,
    dist: "worktree",
    /** Sizes (MiB) of the edit-heavy run for the memory curve (64 is the 5-run one). */
    curve: [16, 64, 256, 1024],
    /** Tool-call counts for memory against calls. */
    calls: [100_000, 1_000_000],
    filesRuns: 3,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = () => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 1) fail(`${a} needs a whole number of at least 1`);
      return v;
    };
    const list = () => {
      const v = (argv[++i] ?? "").split(",").map(Number);
      if (v.some((x) => !Number.isInteger(x) || x < 1)) fail(`${a} needs whole numbers, comma-separated`);
      return v;
    };
    if (a === "--quick")
      Object.assign(o, {
        bigRuns: 1,
        startupRuns: 3,
        latencyRuns: 1,
        curve: [64],
        calls: [100_000],
        filesRuns: 1,
      });
    else if (a === "--curve") o.curve = list();
    else if (a === "--calls") o.calls = list();
    else if (a === "--files-runs") o.filesRuns = num();
    else if (a === "--big-runs") o.bigRuns = num();
    else if (a === "--startup-runs") o.startupRuns = num();
    else if (a === "--latency-runs") o.latencyRuns = num();
    else if (a === "--delay-ms") o.delayMs = num();
    else if (a === "--dist") o.dist = argv[++i] ?? fail("--dist needs worktree or a git revision");
    else
      fail(
        `unknown option ${a} (use --dist REV, --quick, --big-runs N, --startup-runs N, --latency-runs N, --delay-ms N, --curve MiB,…, --calls N,…, --files-runs N)`,
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

/**
 * One run: `cpuMs` is the process's own CPU time (user + sys), `treeCpuMs` its process tree's (with the
 * agent, its wrapper, git: bench/usage.cjs), `agentCpuMs` the replaying agent's own.
 * `phases` (the 64 MiB streams, bench/usage.cjs), in ms from the process's start: when the agent was spawned
 * and its first chunk read; the stream (first chunk read → last) and the main thread's CPU in it; the last
 * chunk → the process's exit, and that exit → the bench seeing it; the main thread's wait for a core from
 * the first chunk to the exit; V8's worker threads' CPU.
 * @typedef {{ agentSpawnedMs: number, firstChunkMs: number, streamMs: number, streamMainCpuMs: number, lastChunkToExitMs: number, exitSeenMs: number, runQueueMs: number, v8WorkersMs: number }} Phases
 * @typedef {{ wallMs: number, maxRssKiB: number, rusageMaxRssKiB: number, hwmKiB: number, cpuMs: number, treeCpuMs: number, agentCpuMs?: number, endMs?: number, drainMs?: number, outputs?: Record<string, string | undefined>, phases?: Phases }} Sample
 */

/**
 * @typedef {{ at: number, mainCpuMs: number, runQueueMs?: number }} Moment
 * @typedef {{ spawnAt?: number, firstRead?: Moment, lastRead?: Moment, exit?: Moment, v8WorkersMs?: number }} RawPhases
 * @param {{ wallMs: number, exitedAt: number }} res @param {RawPhases | undefined} p @returns {Phases | undefined}
 */
function phasesOf(res, p) {
  const first = p?.firstRead;
  const last = p?.lastRead ?? first;
  const exit = p?.exit;
  if (!p || p.spawnAt === undefined || !first || !last || !exit) return undefined;
  const start = res.exitedAt - res.wallMs;
  return {
    agentSpawnedMs: round(p.spawnAt - start),
    firstChunkMs: round(first.at - start),
    streamMs: round(last.at - first.at),
    streamMainCpuMs: round(last.mainCpuMs - first.mainCpuMs),
    lastChunkToExitMs: round(exit.at - last.at),
    exitSeenMs: round(res.exitedAt - exit.at),
    runQueueMs: round((exit.runQueueMs ?? Number.NaN) - (first.runQueueMs ?? Number.NaN)),
    v8WorkersMs: round(p.v8WorkersMs ?? Number.NaN),
  };
}

/** @param {{ wallMs: number, exitedAt: number }} res @param {{ maxRssKiB: number, hwmKiB: number, userMs: number, systemMs: number, childUserMs?: number, childSystemMs?: number, phases?: RawPhases }} usage @param {number} [agentCpuMs] @returns {Sample} */
const sample = (res, usage, agentCpuMs) => ({
  wallMs: round(res.wallMs),
  // VmHWM, the peak of this process's own image: getrusage's ru_maxrss is kept across execve, so a child
  // starts from its parent's (the bench's) RSS at the fork; the two agree while the bench is small.
  maxRssKiB: usage.hwmKiB ?? usage.maxRssKiB,
  rusageMaxRssKiB: usage.maxRssKiB,
  hwmKiB: usage.hwmKiB,
  cpuMs: round(usage.userMs + usage.systemMs),
  treeCpuMs: round(usage.userMs + usage.systemMs + (usage.childUserMs ?? 0) + (usage.childSystemMs ?? 0)),
  agentCpuMs: agentCpuMs === undefined ? undefined : round(agentCpuMs),
  phases: phasesOf(res, usage.phases),
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
 * One workload: wall time, peak RSS and CPU time (its own and its process tree's) of the action vs the
 * floor, and bare `node -e 0` (the machine's speed at that moment), interleaved; with `tee`, also the
 * ablations: the floor plus the raw copy the action once kept, and the floor fed through a file as the
 * action is (BENCH_FLOOR_STDOUT_FILE); with `files`, also the end of the run: from the agent's exit
 * (bench/agent-then-edit.sh stamps it) to the action's.
 * @param {import("./lib.mjs").Target} target
 * @param {{ name: string, transcript: string, toolCalls: number, lines: number, files?: import("./lib.mjs").WorkspaceFile[], tee?: boolean, drain?: boolean, lineWrites?: boolean, runs: number, timeoutMs?: number }} w
 * `lineWrites`: the agent writes a line at a time (the memory runs: bench/replay-agent.mjs says why).
 * `drain`: the agent exits only once its reader has caught up (bench/replay-agent.mjs), so that "agent
 * exit → action exit" is the end of the run's own work, as on a real run, not a backlog.
 * @param {string[]} leftovers
 */
async function measureStream(target, w, leftovers) {
  const record = path.join(OUT, "run", `${w.name}-agent-record.json`);
  const r = prepare(w.name, {
    agentPath: REPLAY_AGENT,
    actionYml: target.actionYml,
    inputs: { "stream-partial-output": "true" },
    files: w.files,
  });
  const scenario = path.join(r.dir, "scenario.json");
  writeFileSync(
    scenario,
    JSON.stringify({
      transcript: w.transcript,
      record,
      drain: w.drain === true,
      lineWrites: w.lineWrites === true,
    }),
  );
  const usageFile = path.join(r.dir, "usage.json");
  const exitFile = path.join(r.dir, "agent-exit");
  const agentPid = () => readJson(record)?.pid;
  const timeoutMs = w.timeoutMs ?? 180_000;
  /**
   * With `tee` (the 64 MiB streams): `floor` is fed through a file, the action's transport, `floorPipe`
   * through a pipe, and the lesser of the two is the floor of each figure; `floorTee`: through a pipe,
   * copying each chunk. Without (the scale runs, whose figure is memory): `floor` is fed through a pipe,
   * as it always was (the leaner: reading a file that is already whole, the floor runs ahead of the GC).
   * @type {{ action: Sample[], floor: Sample[], floorTee: Sample[], floorPipe: Sample[], node: number[] }}
   */
  const samples = { action: [], floor: [], floorTee: [], floorPipe: [], node: [] };
  let logBytes = 0;
  let chunks = 0;
  let agentChunks = 0;
  let argvChecked = false;

  /**
   * The 64 MiB streams' phases (bench/usage.cjs): the agent's spawn, and the reads of its stdout file
   * (the action's in RUNNER_TEMP, where src/run/live-agent.ts puts it; the file floor's own).
   * @param {string} stdoutFile
   */
  const phaseEnv = (stdoutFile) =>
    /** @type {Record<string, string>} */ (
      w.tee ? { BENCH_PHASES_SPAWN: r.agentFile, BENCH_PHASES_READ: stdoutFile } : {}
    );
  const action = async (/** @type {boolean} */ keep) => {
    r.resetFiles();
    for (const f of [usageFile, record, exitFile]) rmSync(f, { force: true });
    const res = await runNode({
      args: ["--require", USAGE, target.dist],
      env: {
        ...r.actionEnv,
        FAKE_AGENT_SCENARIO: scenario,
        BENCH_USAGE_FILE: usageFile,
        BENCH_AGENT_EXIT: exitFile,
        ...phaseEnv(path.join(r.actionEnv.RUNNER_TEMP ?? "", "cursor-agent", "transcript-")),
      },
      cwd: r.workspace,
      countStdout: true,
      timeoutMs,
      extraPids: () => [agentPid()].filter((p) => p !== undefined),
    });
    const outputs = readOutputs(r.files.GITHUB_OUTPUT);
    const usage = readJson(usageFile);
    if (res.code !== 0 || outputs.conclusion !== "success" || !usage) {
      throw new Error(
        `the action failed on ${w.name} (exit ${res.code ?? res.signal}, conclusion ${outputs.conclusion}): ${outputs.error ?? ""}\n${res.stderr}`,
      );
    }
    if (Number(outputs["tool-calls"]) !== w.toolCalls) {
      throw new Error(
        `${w.name}: the action counted ${outputs["tool-calls"]} tool calls, expected ${w.toolCalls}`,
      );
    }
    if (w.files) {
      // Exact at every size: the line counts of a minimal diff, by GNU diff (`-d`), an implementation of
      // its own (git's xdiff, even with --minimal, skips lines that occur very often: not minimal).
      const listed = JSON.parse(outputs["files-changed"] ?? "[]").length;
      const { added, removed } = minimalCounts(r.initialDir, r.finalDir);
      if (
        listed !== w.files.length ||
        Number(outputs["lines-added"]) !== added ||
        Number(outputs["lines-removed"]) !== removed
      ) {
        inexact.push(
          `${w.name}: the action reported ${listed} files +${outputs["lines-added"]} −${outputs["lines-removed"]}; GNU diff -d says ${w.files.length} files +${added} −${removed}`,
        );
      }
    }
    const rec = readJson(record);
    if (!argvChecked && rec) {
      argvChecked = true;
      if (JSON.stringify(rec.argv) !== JSON.stringify(r.agentArgs)) {
        log(`  note: the floor's agent arguments differ from the action's: ${JSON.stringify(rec.argv)}`);
      }
    }
    checkGone(rec?.pid, leftovers, `replay agent after an action run (${w.name})`);
    logBytes = res.stdoutBytes;
    const s = sample(res, usage, rec?.cpuMs);
    if (w.files) {
      const ns = existsSync(exitFile) ? Number(readFileSync(exitFile, "utf8").trim()) : Number.NaN;
      s.endMs = round(res.exitedAt - ns / 1e6);
      if (rec?.drained) s.drainMs = rec.drained.waitedMs;
      s.outputs = {
        "files-changed": String(JSON.parse(outputs["files-changed"] ?? "[]").length),
        "lines-added": outputs["lines-added"],
        "lines-removed": outputs["lines-removed"],
      };
    }
    r.resetFiles(); // the action's copy of the stream goes at once, the checkout is reset
    if (keep) samples.action.push(s);
  };

  /** @param {"pipe" | "tee" | "file"} how */
  const floor = (how) => async (/** @type {boolean} */ keep) => {
    r.resetFiles(); // the checkout as it was before the run (the agent wrapper leaves its final state)
    rmSync(usageFile, { force: true });
    rmSync(record, { force: true });
    const teeFile = path.join(r.dir, "floor-tee.ndjson");
    const stdoutFile = path.join(r.dir, "floor-stdout.ndjson");
    rmSync(stdoutFile, { force: true });
    const res = await runNode({
      args: ["--require", USAGE, FLOOR, r.agentFile, ...r.agentArgs],
      env: {
        ...r.floorEnv,
        FAKE_AGENT_SCENARIO: scenario,
        BENCH_USAGE_FILE: usageFile,
        ...(how === "tee" ? { BENCH_FLOOR_TEE: teeFile } : {}),
        ...(how === "file" ? { BENCH_FLOOR_STDOUT_FILE: stdoutFile, ...phaseEnv(stdoutFile) } : {}),
      },
      cwd: r.workspace,
      timeoutMs,
      extraPids: () => [agentPid()].filter((p) => p !== undefined),
    });
    rmSync(teeFile, { force: true });
    rmSync(stdoutFile, { force: true });
    const counts = JSON.parse(res.stdout.trim().split("\n").pop() ?? "{}").floor;
    const usage = readJson(usageFile);
    if (res.code !== 0 || counts?.lines !== w.lines || counts?.malformed !== 0 || !usage) {
      throw new Error(`the floor failed on ${w.name} (exit ${res.code}): ${res.stdout}\n${res.stderr}`);
    }
    const rec = readJson(record);
    checkGone(rec?.pid, leftovers, `replay agent after a floor run (${w.name})`);
    if (keep) {
      const main = w.tee ? "file" : "pipe";
      (how === "tee" ? samples.floorTee : how === main ? samples.floor : samples.floorPipe).push(
        sample(res, usage, rec?.cpuMs),
      );
      if (how === main) {
        chunks = counts.chunks;
        agentChunks = rec?.chunks ?? 0;
      }
    }
  };
  const bareNode = async (/** @type {boolean} */ keep) => {
    const res = await runNode({ args: ["-e", "0"], env: r.floorEnv, cwd: r.workspace, timeoutMs: 30_000 });
    if (keep) samples.node.push(res.wallMs);
  };

  const fns = w.tee
    ? [floor("file"), action, bareNode, floor("pipe"), floor("tee")]
    : [floor("pipe"), action, bareNode];
  // One run of a large workload has no warm-up: the file cache is warm from generating it.
  if (w.runs === 1) {
    process.stdout.write(`  ${w.name}:`);
    for (const f of fns) await f(true);
    process.stdout.write(" 1/1\n");
  } else await interleaved(fns, w.runs, w.name);
  rmSync(r.dir, { recursive: true, force: true });
  return { samples, logBytes, chunks, agentChunks };
}

/**
 * The 3-event run: wall time of the action vs the floor, and when the action's first output appears
 * (its first statement runs: everything before is Node's start and loading the bundle).
 * @param {import("./lib.mjs").Target} target @param {string} transcript @param {number} runs
 * @param {string[]} leftovers
 */
async function measureStartup(target, transcript, runs, leftovers) {
  const record = path.join(OUT, "run", "tiny-agent-record.json");
  const r = prepare("tiny", { agentPath: REPLAY_AGENT, actionYml: target.actionYml });
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
    checkGone(agentPid(), leftovers, "replay agent after a start-up run");
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
    checkGone(agentPid(), leftovers, "replay agent after a floor start-up run");
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
  if (!existsSync(REPLAY_AGENT)) fail(`${path.relative(ROOT, REPLAY_AGENT)} is missing`);
  chmodSync(REPLAY_AGENT, 0o755);
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
  let t = performance.now();
  // The transcripts name the workspace of their runs, as a real run's init `cwd` does.
  const bigRun = generateBig(bigFile, { root: workspacePath("big") });
  const big = bigRun.stats;
  generateTiny(tinyFile, workspacePath("tiny"));
  log(
    `long run: ${(big.bytes / 2 ** 20).toFixed(1)} MiB, ${big.lines} lines, ${big.toolCalls} tool calls ` +
      `(${big.edits} edits of ${big.files} files, ${big.shells} shell of which ${big.failedShells} fail, ${big.reads} reads, ${big.greps} greps), ` +
      `generated in ${Math.round(performance.now() - t)} ms`,
  );
  const editsFile = path.join(OUT, "edits-64.ndjson");
  t = performance.now();
  const editsRun = generateEdits(editsFile, { targetBytes: 64 * 2 ** 20, root: workspacePath("edits-64") });
  const ed = editsRun.stats;
  log(
    `edit-heavy run: ${(ed.bytes / 2 ** 20).toFixed(1)} MiB, ${ed.lines} lines, ${ed.toolCalls} tool calls ` +
      `(${((2 * ed.toolCalls) / (ed.bytes / 2 ** 20)).toFixed(0)} tool events per MiB; ${ed.edits} edits of ${ed.files} files, ` +
      `${ed.shells} shell of which ${ed.failedShells} fail, ${ed.reads} reads), generated in ${Math.round(performance.now() - t)} ms`,
  );

  const capFile = path.join(OUT, "captures-64.ndjson");
  t = performance.now();
  const capRun = generateCaptureShaped(capFile, {
    targetBytes: 64 * 2 ** 20,
    root: workspacePath("captures-64"),
  });
  const cap = capRun.stats;
  const genMs = Math.round(performance.now() - t);
  // The captures' shape and the generated run's, measured the same way (bench/capture-shape.mjs).
  const capturesShape = summary(measureFixtures().all);
  // In a child: reading 64 MiB here would grow the bench's RSS, and a child's getrusage peak starts from
  // its parent's at the fork.
  const shapeRun = spawnSync(
    process.execPath,
    [path.join(ROOT, "bench", "capture-shape.mjs"), "--file", capFile],
    {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    },
  );
  /** @type {ReturnType<typeof summary>} */
  const capShape = JSON.parse(shapeRun.stdout).summary;
  /** @param {ReturnType<typeof summary>} x */
  const shapeText = (x) =>
    `${x.toolEventsPerMiB} tool events per MiB, deltas ${(100 * x.deltaShare).toFixed(0)}% of events, ` +
    `${x.deltasPerCall.toFixed(0)} deltas per call, started→completed ${x.startedThenCompleted}`;
  log(
    `2026-shaped run: ${(cap.bytes / 2 ** 20).toFixed(1)} MiB, ${cap.lines} lines, ${cap.toolCalls} tool calls ` +
      `(${cap.edits} edits of ${cap.files} files of which ${cap.editErrors} fail, ${cap.shells} shell of which ${cap.failedShells} fail, ` +
      `${cap.reads} reads, ${cap.greps} greps, ${cap.globs} globs), generated in ${genMs} ms\n` +
      `  measured: ${shapeText(capShape)}\n  the 2026 captures in fixtures/: ${shapeText(capturesShape)}`,
  );

  /** @type {string[]} */
  const leftovers = [];
  const startup = await measureStartup(target, tinyFile, opts.startupRuns, leftovers);
  const ctp = await measureStream(
    target,
    {
      name: "2026-shaped 64 MiB",
      transcript: capFile,
      ...pick(cap),
      files: capRun.workspace,
      tee: true,
      runs: opts.bigRuns,
    },
    leftovers,
  );
  rmSync(capFile, { force: true });
  const tp = await measureStream(
    target,
    {
      name: "long run 64 MiB",
      transcript: bigFile,
      ...pick(big),
      files: undefined,
      tee: true,
      runs: opts.bigRuns,
    },
    leftovers,
  );
  // The long run's checkout is not part of its files-changed check: its edits are reported, their files
  // listed; the edit-heavy and many-files runs check files-changed exactly.
  const etp = await measureStream(
    target,
    {
      name: "edit-heavy 64 MiB",
      transcript: editsFile,
      ...pick(ed),
      files: editsRun.workspace,
      tee: true,
      runs: opts.bigRuns,
    },
    leftovers,
  );
  rmSync(editsFile, { force: true });

  /** The memory curve: the edit-heavy run at other sizes, once each. */
  /** @type {{ mib: number, action: Sample, floor: Sample }[]} */
  const curve = [];
  for (const size of opts.curve) {
    if (size === 64) {
      // The floor's leaner transport on the day (its peak RSS), as on the other sizes' pipe.
      const [a, b] = [medianSample(etp.samples.floor), medianSample(etp.samples.floorPipe)];
      curve.push({
        mib: 64,
        action: medianSample(etp.samples.action),
        floor: a.maxRssKiB <= b.maxRssKiB ? a : b,
      });
      continue;
    }
    const file = path.join(OUT, `edits-${size}.ndjson`);
    const g = generateEdits(file, { targetBytes: size * 2 ** 20, root: workspacePath(`edits-${size}`) });
    const m = await measureStream(
      target,
      {
        name: `edit-heavy ${size} MiB`,
        transcript: file,
        ...pick(g.stats),
        files: g.workspace,
        lineWrites: true,
        runs: 1,
        timeoutMs: 900_000,
      },
      leftovers,
    );
    rmSync(file, { force: true });
    curve.push({
      mib: size,
      action: /** @type {Sample} */ (m.samples.action[0]),
      floor: /** @type {Sample} */ (m.samples.floor[0]),
    });
  }
  curve.sort((a, b) => a.mib - b.mib);

  /** Memory against the number of tool calls. */
  /** @type {{ calls: number, mib: number, action: Sample, floor: Sample }[]} */
  const byCalls = [];
  for (const n of opts.calls) {
    const file = path.join(OUT, `calls-${n}.ndjson`);
    const g = generateCalls(file, { calls: n, root: workspacePath(`calls-${n}`) });
    const m = await measureStream(
      target,
      {
        name: `${n} tool calls`,
        transcript: file,
        ...pick(g.stats),
        lineWrites: true,
        runs: 1,
        timeoutMs: 1_800_000,
      },
      leftovers,
    );
    rmSync(file, { force: true });
    byCalls.push({
      calls: n,
      mib: g.stats.bytes / 2 ** 20,
      action: /** @type {Sample} */ (m.samples.action[0]),
      floor: /** @type {Sample} */ (m.samples.floor[0]),
    });
  }

  /** Many files: the end of the run. */
  /** @type {{ files: number, lines: number, runs: Sample[], floor: Sample[] }[]} */
  const many = [];
  for (const [nFiles, nLines, runs] of /** @type {[number, number, number][]} */ ([
    [2000, 200, opts.filesRuns],
    [2000, 3000, 1],
  ])) {
    const name = `files-${nFiles}x${nLines}`;
    const file = path.join(OUT, `${name}.ndjson`);
    const g = generateManyFiles(file, { files: nFiles, lines: nLines, root: workspacePath(name) });
    const m = await measureStream(
      target,
      {
        name: `${nFiles} files × ${nLines} lines`,
        transcript: file,
        ...pick(g.stats),
        files: g.workspace,
        drain: true,
        runs,
        timeoutMs: 900_000,
      },
      leftovers,
    );
    rmSync(file, { force: true });
    many.push({ files: nFiles, lines: nLines, runs: m.samples.action, floor: m.samples.floor });
  }

  const lat = await measureLatency(target, opts.latencyRuns, opts.delayMs, leftovers);

  // Figures.
  const med = (/** @type {Sample[]} */ xs, /** @type {(s: Sample) => number} */ f) => median(xs.map(f));
  /** The lesser of the floor's two transports (file, pipe), per figure. @param {Sample[][]} xs @param {(s: Sample) => number} f */
  const least = (xs, f) => Math.min(...xs.filter((x) => x.length > 0).map((x) => med(x, f)));
  const figures = (
    /** @type {{ action: Sample[], floor: Sample[], floorTee: Sample[], floorPipe: Sample[], node: number[] }} */ x,
  ) => ({
    aWall: med(x.action, (s) => s.wallMs),
    fWall: least([x.floor, x.floorPipe], (s) => s.wallMs),
    tWall: med(x.floorTee, (s) => s.wallMs),
    aRss: med(x.action, (s) => mib(s.maxRssKiB)),
    aRssMax: Math.max(...x.action.map((s) => mib(s.maxRssKiB))),
    fRss: least([x.floor, x.floorPipe], (s) => mib(s.maxRssKiB)),
    aCpu: med(x.action, (s) => s.cpuMs),
    fCpu: least([x.floor, x.floorPipe], (s) => s.cpuMs),
    tCpu: med(x.floorTee, (s) => s.cpuMs),
    aTree: med(x.action, (s) => s.treeCpuMs),
    fTree: least([x.floor, x.floorPipe], (s) => s.treeCpuMs),
    aAgent: med(x.action, (s) => s.agentCpuMs ?? Number.NaN),
    fAgent: med(x.floor, (s) => s.agentCpuMs ?? Number.NaN),
    /** The floor's wall time above its own CPU time (waiting: start-up, the agent, the transport). */
    fIdle: med(x.floor, (s) => s.wallMs - s.cpuMs),
    fileWall: med(x.floor, (s) => s.wallMs),
    fileTree: med(x.floor, (s) => s.treeCpuMs),
    pipeWall: med(x.floorPipe, (s) => s.wallMs),
    pipeTree: med(x.floorPipe, (s) => s.treeCpuMs),
    pipeIdle: med(x.floorPipe, (s) => s.wallMs - s.cpuMs),
    node: median(x.node),
    aPhases: phaseMedians(x.action),
    fPhases: phaseMedians(x.floor),
  });
  /**
   * The ratio of each rotation's own action and floor runs (the floor the lesser of its two transports in
   * that rotation): its median, and its spread. A machine that slows for a while slows both runs of a
   * rotation, which the ratio of the medians above does not pair; the spread shows how noisy a figure is.
   * @param {{ action: Sample[], floor: Sample[], floorPipe: Sample[] }} x @param {(s: Sample) => number} f
   */
  const paired = (x, f) => {
    const ratios = x.action.flatMap((a, i) => {
      const floors = [x.floor[i], x.floorPipe[i]].filter((s) => s !== undefined).map(f);
      return floors.length ? [f(a) / Math.min(...floors)] : [];
    });
    if (ratios.length === 0) return "n/a";
    return `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
  };
  /** @param {Sample[]} xs @returns {Phases | undefined} */
  function phaseMedians(xs) {
    const ps = xs.flatMap((s) => (s.phases ? [s.phases] : []));
    if (ps.length === 0) return undefined;
    const keys = /** @type {(keyof Phases)[]} */ (Object.keys(/** @type {Phases} */ (ps[0])));
    return /** @type {Phases} */ (
      Object.fromEntries(keys.map((k) => [k, round(median(ps.map((p) => p[k])))]))
    );
  }
  /** The phases, action against the floor through a file (medians). @param {ReturnType<typeof figures>} F */
  const phaseLine = (F) => {
    const a = F.aPhases;
    const f = F.fPhases;
    if (!a || !f) return "";
    /** @param {keyof Phases} k */
    const both = (k) => `${a[k].toFixed(0)} / ${f[k].toFixed(0)}`;
    return (
      `\n  phases, action / floor through a file (ms, medians): agent spawned at ${both("agentSpawnedMs")}, first chunk read at ${both("firstChunkMs")}; ` +
      `stream (first → last chunk) ${both("streamMs")}, the main thread's CPU in it ${both("streamMainCpuMs")}; ` +
      `last chunk → exit ${both("lastChunkToExitMs")}; exit → seen ${both("exitSeenMs")}; ` +
      `the main thread waiting for a core (first chunk → exit) ${both("runQueueMs")}; V8's worker threads' CPU ${both("v8WorkersMs")}`
    );
  };
  const C = figures(ctp.samples);
  const L = figures(tp.samples);
  const E = figures(etp.samples);
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
  const top = curve.at(-1);
  const topCalls = byCalls.at(-1);
  const [m200, m3000] = many;
  const endMs = m200 ? med(m200.runs, (s) => s.endMs ?? Number.NaN) : Number.NaN;
  const endRss = m200 ? med(m200.runs, (s) => mib(s.maxRssKiB)) : Number.NaN;
  const bigRss = m3000?.runs[0] ? mib(m3000.runs[0].maxRssKiB) : Number.NaN;

  /** Wall and CPU (process tree) ratios of one 64 MiB workload, against the goal. @param {string} n @param {ReturnType<typeof figures>} F */
  const ratioGoals = (n, F) => [
    {
      name: `${n}: wall, action / floor`,
      action: `${(F.aWall / 1000).toFixed(2)} s`,
      floor: `${(F.fWall / 1000).toFixed(2)} s`,
      result: `${(F.aWall / F.fWall).toFixed(2)}× (node -e 0 ${F.node.toFixed(0)} ms)`,
      goal: `≤ ${GOALS.ratio}×`,
      met: F.aWall / F.fWall <= GOALS.ratio,
    },
    {
      name: `${n}: CPU (tree), action / floor`,
      action: `${(F.aTree / 1000).toFixed(2)} s`,
      floor: `${(F.fTree / 1000).toFixed(2)} s`,
      result: `${(F.aTree / F.fTree).toFixed(2)}×`,
      goal: `≤ ${GOALS.ratio}×`,
      met: F.aTree / F.fTree <= GOALS.ratio,
    },
  ];
  const goals = [
    ...ratioGoals("2026-shaped 64 MiB", C),
    ...ratioGoals("long run 64 MiB", L),
    ...ratioGoals("edit-heavy 64 MiB", E),
    {
      name: "long run 64 MiB: peak RSS",
      action: `${L.aRss.toFixed(1)} MiB`,
      floor: `${L.fRss.toFixed(1)} MiB`,
      result: `${L.aRss.toFixed(1)} MiB (max ${L.aRssMax.toFixed(1)})`,
      goal: `≤ ${GOALS.rssMiB} MiB`,
      met: L.aRss <= GOALS.rssMiB,
    },
    ...(top
      ? [
          {
            name: `edit-heavy ${top.mib} MiB: peak RSS`,
            action: `${mib(top.action.maxRssKiB).toFixed(1)} MiB`,
            floor: `${mib(top.floor.maxRssKiB).toFixed(1)} MiB`,
            result: `${(top.action.maxRssKiB / top.floor.maxRssKiB).toFixed(2)}× the floor`,
            goal: `≤ ${GOALS.rssFactor}× floor`,
            met: top.action.maxRssKiB / top.floor.maxRssKiB <= GOALS.rssFactor,
          },
        ]
      : []),
    ...(topCalls
      ? [
          {
            name: `${topCalls.calls} tool calls: peak RSS`,
            action: `${mib(topCalls.action.maxRssKiB).toFixed(1)} MiB`,
            floor: `${mib(topCalls.floor.maxRssKiB).toFixed(1)} MiB`,
            result: `${(topCalls.action.maxRssKiB / topCalls.floor.maxRssKiB).toFixed(2)}× the floor`,
            goal: `≤ ${GOALS.rssFactor}× floor`,
            met: topCalls.action.maxRssKiB / topCalls.floor.maxRssKiB <= GOALS.rssFactor,
          },
        ]
      : []),
    {
      name: "2000 files × 200 lines: agent exit → exit",
      action: `${endMs.toFixed(0)} ms`,
      floor: "",
      result: `${endMs.toFixed(0)} ms, RSS ${endRss.toFixed(0)} MiB`,
      goal: `≤ ${GOALS.endMs} ms, ${GOALS.endRssMiB} MiB`,
      met: endMs <= GOALS.endMs && endRss <= GOALS.endRssMiB,
    },
    {
      name: "2000 files × 3000 lines: peak RSS",
      action: `${bigRss.toFixed(1)} MiB`,
      floor: m3000?.floor[0] ? `${mib(m3000.floor[0].maxRssKiB).toFixed(1)} MiB` : "",
      result: `${bigRss.toFixed(1)} MiB, end ${(m3000?.runs[0]?.endMs ?? Number.NaN).toFixed(0)} ms`,
      goal: `≤ ${GOALS.bigEndRssMiB} MiB`,
      met: bigRss <= GOALS.bigEndRssMiB,
    },
    {
      name: "outputs exact (files, lines ±) everywhere",
      action: inexact.length ? `${inexact.length} differ` : "all exact",
      floor: "",
      result: inexact.length ? "see below" : "GNU diff -d agrees",
      goal: "exact",
      met: inexact.length === 0,
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
  const w = [44, 12, 12, 30, 20];
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
  for (const [label, F, x, bytes] of /** @type {const} */ ([
    ["2026-shaped", C, ctp, cap.bytes],
    ["long run", L, tp, big.bytes],
    ["edit-heavy", E, etp, ed.bytes],
  ])) {
    log(
      `${label}: CPU own ${(F.aCpu / 1000).toFixed(2)} s action, ${(F.fCpu / 1000).toFixed(2)} s floor (${(F.aCpu / F.fCpu).toFixed(2)}×); ` +
        `tree ${(F.aTree / 1000).toFixed(2)} / ${(F.fTree / 1000).toFixed(2)} s; the agent ${F.aAgent.toFixed(0)} / ${F.fAgent.toFixed(0)} ms ` +
        `in ${x.agentChunks} writes; node -e 0 ${F.node.toFixed(0)} ms\n` +
        `  the floor through a file (the action's transport) ${(F.fileWall / 1000).toFixed(2)} s, CPU tree ${(F.fileTree / 1000).toFixed(2)} s, wall above its CPU ${F.fIdle.toFixed(0)} ms; ` +
        `through a pipe ${(F.pipeWall / 1000).toFixed(2)} s, CPU tree ${(F.pipeTree / 1000).toFixed(2)} s, wall above its CPU ${F.pipeIdle.toFixed(0)} ms (the lesser of each is the floor)\n` +
        `  floor + the raw copy (BENCH_FLOOR_TEE, through a pipe) ${(F.tWall / F.fWall).toFixed(2)}× the floor, CPU ${(F.tCpu / 1000).toFixed(2)} s; ` +
        `${(bytes / 2 ** 20 / (F.aWall / 1000)).toFixed(0)} MiB/s through the action; log ${(x.logBytes / 1024).toFixed(0)} KiB\n` +
        `  paired, each rotation's action over that rotation's lesser floor: ${paired(x.samples, (s) => s.wallMs)} wall, ` +
        `${paired(x.samples, (s) => s.treeCpuMs)} CPU (tree) (median, least–most: how far the machine moved)` +
        phaseLine(F),
    );
  }
  log(
    `memory curve (edit-heavy, peak RSS action / floor, wall ratio): ${curve
      .map(
        (c) =>
          `${c.mib} MiB ${mib(c.action.maxRssKiB).toFixed(0)}/${mib(c.floor.maxRssKiB).toFixed(0)} MiB ${(c.action.wallMs / c.floor.wallMs).toFixed(2)}×`,
      )
      .join("; ")}`,
  );
  log(
    `by tool calls (peak RSS action / floor, wall ratio): ${byCalls
      .map(
        (c) =>
          `${c.calls} calls (${c.mib.toFixed(0)} MiB) ${mib(c.action.maxRssKiB).toFixed(0)}/${mib(c.floor.maxRssKiB).toFixed(0)} MiB ${(c.action.wallMs / c.floor.wallMs).toFixed(2)}×`,
      )
      .join("; ")}`,
  );
  log(
    `many files (agent exit → action exit; peak RSS): ${many
      .map(
        (m) =>
          `${m.files} × ${m.lines}: ${m.runs.map((s) => `${(s.endMs ?? Number.NaN).toFixed(0)} ms`).join(", ")} (the agent waited ${m.runs.map((s) => `${s.drainMs ?? "?"}`).join(", ")} ms for the action to catch up); ${m.runs.map((s) => `${mib(s.maxRssKiB).toFixed(0)} MiB`).join(", ")} (floor ${m.floor.map((s) => `${mib(s.maxRssKiB).toFixed(0)} MiB`).join(", ")}); outputs ${JSON.stringify(m.runs[0]?.outputs)}`,
      )
      .join("; ")}`,
  );
  log(
    `start-up: the action's first output after ${sFirst.toFixed(0)} ms (bare \`node -e 0\` exits after ${sNode.toFixed(0)} ms)`,
  );
  log(
    `log latency: floor median ${fLatMed.toFixed(2)} ms; worst by event kind (ms) ${JSON.stringify(worstByKind)}`,
  );
  for (const x of inexact) log(`NOT EXACT: ${x}`);
  if (lat.missing.length) log(`events whose log line never appeared: ${lat.missing.join("; ")}`);
  log(leftovers.length ? `LEFTOVER processes (killed): ${leftovers.join(", ")}` : "no leftover processes");
  const loadAfter = os.loadavg().map((x) => round(x, 2));

  const stream = (/** @type {ReturnType<typeof figures>} */ F, /** @type {typeof tp} */ x) => ({
    runs: x.samples.action.length,
    samples: x.samples,
    medianWallMs: { action: round(F.aWall), floor: round(F.fWall), floorWithCopy: round(F.tWall) },
    ratio: round(F.aWall / F.fWall, 3),
    floorWithCopyRatio: round(F.tWall / F.fWall, 3),
    medianRssMiB: { action: round(F.aRss), floor: round(F.fRss) },
    maxRssMiB: { action: round(F.aRssMax) },
    medianCpuMs: { action: round(F.aCpu), floor: round(F.fCpu), floorWithCopy: round(F.tCpu) },
    medianTreeCpuMs: {
      action: round(F.aTree),
      floor: round(F.fTree),
      floorThroughFile: round(F.fileTree),
      floorThroughPipe: round(F.pipeTree),
    },
    cpuRatio: round(F.aTree / F.fTree, 3),
    ownCpuRatio: round(F.aCpu / F.fCpu, 3),
    medianAgentCpuMs: { action: round(F.aAgent), floor: round(F.fAgent) },
    floorWallMs: { throughFile: round(F.fileWall), throughPipe: round(F.pipeWall) },
    floorWallAboveCpuMs: { throughFile: round(F.fIdle), throughPipe: round(F.pipeIdle) },
    bareNodeMs: round(F.node),
    medianPhasesMs: { action: F.aPhases, floorThroughFile: F.fPhases },
    logBytes: x.logBytes,
    chunks: x.chunks,
  });
  const results = {
    date: new Date().toISOString(),
    machine: { ...m, loadavgBefore: loadBefore, loadavgAfter: loadAfter },
    bundle: { label: target.label, sha256: target.sha256, bytes: target.bytes, dist: opts.dist },
    options: opts,
    transcript: {
      capturesShaped: { ...cap, shape: capShape, capturesShape },
      big,
      edits: ed,
      tiny: { events: 3 },
      paced: { events: lat.events, measured: lat.measuredEvents },
    },
    capturesShaped: stream(C, ctp),
    throughput: stream(L, tp),
    editHeavy: stream(E, etp),
    memoryCurve: curve,
    byToolCalls: byCalls,
    manyFiles: many,
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
    inexact,
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

// @ts-check
/**
 * One streamed workload: wall time, peak RSS and CPU time (its own and its process tree's) of the action
 * vs the floor, and bare `node -e 0` (the machine's speed at that moment), interleaved; with `tee`, also
 * the ablations: the floor plus the raw copy the action once kept, and the floor fed through a file as the
 * action is (BENCH_FLOOR_STDOUT_FILE); with `files`, also the end of the run: from the agent's exit
 * (bench/agent-then-edit.sh stamps it) to the action's.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  checkGone,
  FLOOR,
  OUT,
  prepare,
  REPLAY_AGENT,
  readJson,
  readOutputs,
  runNode,
  USAGE,
} from "../lib.mjs";
import { interleaved, log, round, sample } from "./stats.mjs";

/**
 * @typedef {import("./stats.mjs").Sample} Sample
 * @typedef {{ name: string, transcript: string, toolCalls: number, lines: number, files?: import("../lib.mjs").WorkspaceFile[], tee?: boolean, drain?: boolean, lineWrites?: boolean, runs: number, timeoutMs?: number }} Workload
 * `lineWrites`: the agent writes a line at a time (the memory runs: bench/replay-agent.mjs says why).
 * `drain`: the agent exits only once its reader has caught up (bench/replay-agent.mjs), so that "agent
 * exit → action exit" is the end of the run's own work, as on a real run, not a backlog.
 * @typedef {{ action: Sample[], floor: Sample[], floorTee: Sample[], floorPipe: Sample[], node: number[] }} StreamSamples
 * With `tee` (the 64 MiB streams): `floor` is fed through a file, the action's transport, `floorPipe`
 * through a pipe, and the lesser of the two is the floor of each figure; `floorTee`: through a pipe,
 * copying each chunk. Without (the scale runs, whose figure is memory): `floor` is fed through a pipe,
 * as it always was (the leaner: reading a file that is already whole, the floor runs ahead of the GC).
 * @typedef {{ leftovers: string[], inexact: string[] }} Findings agents left running; workloads whose
 * file outputs differed from the reference (reported, and a goal not met)
 */

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

/**
 * @param {import("../lib.mjs").Target} target @param {Workload} w @param {Findings} found
 * @returns {Promise<{ samples: StreamSamples, logBytes: number, chunks: number, agentChunks: number }>}
 */
export async function measureStream(target, w, found) {
  const s = setUp(target, w, found);
  const fns = w.tee
    ? [floorRun(s, "file"), actionRun(s), bareNode(s), floorRun(s, "pipe"), floorRun(s, "tee")]
    : [floorRun(s, "pipe"), actionRun(s), bareNode(s)];
  // One run of a large workload has no warm-up: the file cache is warm from generating it.
  if (w.runs === 1) {
    process.stdout.write(`  ${w.name}:`);
    for (const f of fns) await f(true);
    process.stdout.write(" 1/1\n");
  } else await interleaved(fns, w.runs, w.name);
  rmSync(s.r.dir, { recursive: true, force: true });
  return { samples: s.samples, logBytes: s.logBytes, chunks: s.chunks, agentChunks: s.agentChunks };
}

/**
 * The workload's run directory and scenario, and what its runs gather.
 * @param {import("../lib.mjs").Target} target @param {Workload} w @param {Findings} found
 */
function setUp(target, w, found) {
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
  /** @type {StreamSamples} */
  const samples = { action: [], floor: [], floorTee: [], floorPipe: [], node: [] };
  return {
    target,
    w,
    found,
    r,
    record,
    scenario,
    usageFile: path.join(r.dir, "usage.json"),
    exitFile: path.join(r.dir, "agent-exit"),
    agentPid: () => /** @type {number | undefined} */ (readJson(record)?.pid),
    timeoutMs: w.timeoutMs ?? 180_000,
    samples,
    logBytes: 0,
    chunks: 0,
    agentChunks: 0,
    argvChecked: false,
  };
}

/** @typedef {ReturnType<typeof setUp>} Stream */

/**
 * The 64 MiB streams' phases (bench/usage.cjs): the agent's spawn, and the reads of its stdout file
 * (the action's in RUNNER_TEMP, where src/run/live-agent.ts puts it; the file floor's own).
 * @param {Stream} s @param {string} stdoutFile
 */
const phaseEnv = (s, stdoutFile) =>
  /** @type {Record<string, string>} */ (
    s.w.tee ? { BENCH_PHASES_SPAWN: s.r.agentFile, BENCH_PHASES_READ: stdoutFile } : {}
  );

/** @param {Stream} s */
const actionRun = (s) => async (/** @type {boolean} */ keep) => {
  const { r, w } = s;
  r.resetFiles();
  for (const f of [s.usageFile, s.record, s.exitFile]) rmSync(f, { force: true });
  const res = await runNode({
    args: ["--require", USAGE, s.target.dist],
    env: {
      ...r.actionEnv,
      FAKE_AGENT_SCENARIO: s.scenario,
      BENCH_USAGE_FILE: s.usageFile,
      BENCH_AGENT_EXIT: s.exitFile,
      ...phaseEnv(s, path.join(r.actionEnv.RUNNER_TEMP ?? "", "cursor-agent", "transcript-")),
    },
    cwd: r.workspace,
    countStdout: true,
    timeoutMs: s.timeoutMs,
    extraPids: () => [s.agentPid()].filter((p) => p !== undefined),
  });
  const outputs = readOutputs(r.files.GITHUB_OUTPUT);
  const usage = readJson(s.usageFile);
  if (res.code !== 0 || outputs.conclusion !== "success" || !usage) {
    throw new Error(
      `the action failed on ${w.name} (exit ${res.code ?? res.signal}, conclusion ${outputs.conclusion}): ${outputs.error ?? ""}\n${res.stderr}`,
    );
  }
  checkOutputs(s, outputs);
  const rec = readJson(s.record);
  if (!s.argvChecked && rec) {
    s.argvChecked = true;
    if (JSON.stringify(rec.argv) !== JSON.stringify(r.agentArgs)) {
      log(`  note: the floor's agent arguments differ from the action's: ${JSON.stringify(rec.argv)}`);
    }
  }
  checkGone(rec?.pid, s.found.leftovers, `replay agent after an action run (${w.name})`);
  s.logBytes = res.stdoutBytes;
  const x = sample(res, usage, rec?.cpuMs);
  if (w.files) {
    const ns = existsSync(s.exitFile) ? Number(readFileSync(s.exitFile, "utf8").trim()) : Number.NaN;
    x.endMs = round(res.exitedAt - ns / 1e6);
    if (rec?.drained) x.drainMs = rec.drained.waitedMs;
    x.outputs = {
      "files-changed": String(JSON.parse(outputs["files-changed"] ?? "[]").length),
      "lines-added": outputs["lines-added"],
      "lines-removed": outputs["lines-removed"],
    };
  }
  r.resetFiles(); // the action's copy of the stream goes at once, the checkout is reset
  if (keep) s.samples.action.push(x);
};

/**
 * The tool-call count, exact; and with `files`, the files and line counts of a minimal diff, by GNU
 * diff (`-d`), an implementation of its own (git's xdiff, even with --minimal, skips lines that occur
 * very often: not minimal), exact at every size.
 * @param {Stream} s @param {Record<string, string | undefined>} outputs
 */
function checkOutputs({ w, r, found }, outputs) {
  if (Number(outputs["tool-calls"]) !== w.toolCalls) {
    throw new Error(
      `${w.name}: the action counted ${outputs["tool-calls"]} tool calls, expected ${w.toolCalls}`,
    );
  }
  if (!w.files) return;
  const listed = JSON.parse(outputs["files-changed"] ?? "[]").length;
  const { added, removed } = minimalCounts(r.initialDir, r.finalDir);
  if (
    listed !== w.files.length ||
    Number(outputs["lines-added"]) !== added ||
    Number(outputs["lines-removed"]) !== removed
  ) {
    found.inexact.push(
      `${w.name}: the action reported ${listed} files +${outputs["lines-added"]} −${outputs["lines-removed"]}; GNU diff -d says ${w.files.length} files +${added} −${removed}`,
    );
  }
}

/** @param {Stream} s @param {"pipe" | "tee" | "file"} how */
const floorRun = (s, how) => async (/** @type {boolean} */ keep) => {
  const { r, w } = s;
  r.resetFiles(); // the checkout as it was before the run (the agent wrapper leaves its final state)
  rmSync(s.usageFile, { force: true });
  rmSync(s.record, { force: true });
  const teeFile = path.join(r.dir, "floor-tee.ndjson");
  const stdoutFile = path.join(r.dir, "floor-stdout.ndjson");
  rmSync(stdoutFile, { force: true });
  const res = await runNode({
    args: ["--require", USAGE, FLOOR, r.agentFile, ...r.agentArgs],
    env: {
      ...r.floorEnv,
      FAKE_AGENT_SCENARIO: s.scenario,
      BENCH_USAGE_FILE: s.usageFile,
      ...(how === "tee" ? { BENCH_FLOOR_TEE: teeFile } : {}),
      ...(how === "file" ? { BENCH_FLOOR_STDOUT_FILE: stdoutFile, ...phaseEnv(s, stdoutFile) } : {}),
    },
    cwd: r.workspace,
    timeoutMs: s.timeoutMs,
    extraPids: () => [s.agentPid()].filter((p) => p !== undefined),
  });
  rmSync(teeFile, { force: true });
  rmSync(stdoutFile, { force: true });
  const counts = JSON.parse(res.stdout.trim().split("\n").pop() ?? "{}").floor;
  const usage = readJson(s.usageFile);
  if (res.code !== 0 || counts?.lines !== w.lines || counts?.malformed !== 0 || !usage) {
    throw new Error(`the floor failed on ${w.name} (exit ${res.code}): ${res.stdout}\n${res.stderr}`);
  }
  const rec = readJson(s.record);
  checkGone(rec?.pid, s.found.leftovers, `replay agent after a floor run (${w.name})`);
  if (!keep) return;
  const main = w.tee ? "file" : "pipe";
  const into = how === "tee" ? s.samples.floorTee : how === main ? s.samples.floor : s.samples.floorPipe;
  into.push(sample(res, usage, rec?.cpuMs));
  if (how === main) {
    s.chunks = counts.chunks;
    s.agentChunks = rec?.chunks ?? 0;
  }
};

/** @param {Stream} s */
const bareNode = (s) => async (/** @type {boolean} */ keep) => {
  const res = await runNode({ args: ["-e", "0"], env: s.r.floorEnv, cwd: s.r.workspace, timeoutMs: 30_000 });
  if (keep) s.samples.node.push(res.wallMs);
};

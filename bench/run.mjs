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
import { chmodSync, existsSync, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { installCleanup, killAll, OUT, REPLAY_AGENT, ROOT, selectTarget } from "./lib.mjs";
import { figures } from "./run/figures.mjs";
import { goalRows, headline } from "./run/goals.mjs";
import { measureLatency } from "./run/measure-latency.mjs";
import { measureStartup } from "./run/measure-startup.mjs";
import { measureStream } from "./run/measure-stream.mjs";
import { fail, parseOptions } from "./run/options.mjs";
import { printRest, printStreams, printTable } from "./run/report.mjs";
import { writeResults } from "./run/results.mjs";
import { manyFiles, memoryByCalls, memoryCurve, pick } from "./run/scale.mjs";
import { log, machine, round } from "./run/stats.mjs";
import { generateWorkloads } from "./run/workloads.mjs";

async function main() {
  installCleanup();
  const opts = parseOptions(process.argv.slice(2));
  const started = performance.now();
  const target = setUp(opts);
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
  const W = generateWorkloads();

  /** @type {import("./run/measure-stream.mjs").Findings} */
  const found = { leftovers: [], inexact: [] };
  const startup = await measureStartup(target, W.tinyFile, opts.startupRuns, found.leftovers);
  /** @param {string} name @param {string} transcript @param {{ toolCalls: number, lines: number }} stats @param {import("./lib.mjs").WorkspaceFile[] | undefined} files */
  const stream64 = (name, transcript, stats, files) =>
    measureStream(target, { name, transcript, ...pick(stats), files, tee: true, runs: opts.bigRuns }, found);
  const ctp = await stream64("2026-shaped 64 MiB", W.capFile, W.cap, W.capRun.workspace);
  rmSync(W.capFile, { force: true });
  // The long run's checkout is not part of its files-changed check: its edits are reported, their files
  // listed; the edit-heavy and many-files runs check files-changed exactly.
  const tp = await stream64("long run 64 MiB", W.bigFile, W.big, undefined);
  const etp = await stream64("edit-heavy 64 MiB", W.editsFile, W.ed, W.editsRun.workspace);
  rmSync(W.editsFile, { force: true });
  const curve = await memoryCurve(target, opts.curve, etp.samples, found);
  const byCalls = await memoryByCalls(target, opts.calls, found);
  const many = await manyFiles(target, opts.filesRuns, found);
  const lat = await measureLatency(target, opts.latencyRuns, opts.delayMs, found.leftovers);

  const [C, L, E] = [figures(ctp.samples), figures(tp.samples), figures(etp.samples)];
  /** @type {import("./run/goals.mjs").Measured} */
  const M = { opts, C, L, E, startup, lat, curve, byCalls, many, inexact: found.inexact };
  const h = headline(M);
  const goals = goalRows(M, h);
  printTable(goals);
  printStreams([
    ["2026-shaped", C, ctp, W.cap.bytes],
    ["long run", L, tp, W.big.bytes],
    ["edit-heavy", E, etp, W.ed.bytes],
  ]);
  printRest(M, h, found.leftovers);
  const streams = { ctp, tp, etp };
  const seconds = writeResults({
    M,
    h,
    goals,
    W,
    streams,
    target,
    machine: m,
    loadBefore,
    started,
    leftovers: found.leftovers,
  });
  // The per-run directories go (the action's copies of the stream, logs); the generated transcripts stay
  // for bench/profile.mjs (bench/out/big.ndjson is regenerated identically on each run).
  rmSync(path.join(OUT, "run"), { recursive: true, force: true });
  log(`\nwrote ${path.relative(ROOT, path.join(OUT, "results.json"))} (bench took ${seconds} s)`);
}

/**
 * Checks the machine and Node, empties bench/out/run/, and copies the build under test aside.
 * @param {ReturnType<typeof parseOptions>} opts
 */
function setUp(opts) {
  if (process.platform !== "linux") fail("the benchmark reads /proc: run it on Linux");
  if (!existsSync(REPLAY_AGENT)) fail(`${path.relative(ROOT, REPLAY_AGENT)} is missing`);
  chmodSync(REPLAY_AGENT, 0o755);
  const nodeMajor = Number(process.versions.node.split(".")[0]);
  if (nodeMajor < 24) {
    fail(
      `this is Node ${process.version}; the action runs on node24. Run it through npm (npm run bench), which puts node_modules/.bin/node (Node 24) first on PATH`,
    );
  }
  mkdirSync(OUT, { recursive: true });
  rmSync(path.join(OUT, "run"), { recursive: true, force: true });
  mkdirSync(path.join(OUT, "run"), { recursive: true });
  try {
    return selectTarget(opts.dist);
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
}

main().catch((e) => {
  killAll();
  process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

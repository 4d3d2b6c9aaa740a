// @ts-check
/**
 * Where the action spends its time: runs the committed bundle exactly as the bench does, under
 * `node --cpu-prof`, then maps every sampled frame of dist/index.js back to the TypeScript source through
 * dist/index.js.map (node:module's SourceMap) and prints self and inclusive time per function and per
 * source file or package.
 *
 *   npm exec -- node bench/profile.mjs            # the ≥64 MiB stream (bench/out/big.ndjson)
 *   npm exec -- node bench/profile.mjs tiny       # the 3-event run (start-up)
 *   npm exec -- node bench/profile.mjs edits      # the 64 MiB edit-heavy stream
 *   npm exec -- node bench/profile.mjs captures   # the 64 MiB 2026-shaped stream (bench/generate-captures.mjs)
 *   npm exec -- node bench/profile.mjs many       # 2,000 files × 200 lines edited once each (the end of the run)
 *   npm exec -- node bench/profile.mjs big --top 30 --interval 100   # µs between samples (default 250)
 *   npm exec -- node bench/profile.mjs big --dist HEAD                # the committed build
 *   npm exec -- node bench/profile.mjs big --repeat 3                 # averaged over 3 profiled runs
 *
 * The .cpuprofile is kept under bench/out/prof/ (open it in Chrome DevTools for a flame chart).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateBig, generateTiny } from "./generate.mjs";
import { generateCaptureShaped } from "./generate-captures.mjs";
import { generateEdits, generateManyFiles } from "./generate-shapes.mjs";
import {
  installCleanup,
  OUT,
  prepare,
  REPLAY_AGENT,
  ROOT,
  readOutputs,
  runNode,
  selectTarget,
  workspacePath,
} from "./lib.mjs";
import { analyze } from "./profile/analyze.mjs";

/**
 * Runs the action under --cpu-prof on `transcript`; returns the profile's path.
 * @param {import("./lib.mjs").Target} target @param {string} transcript @param {string} name
 * @param {number} interval µs between samples @param {import("./lib.mjs").WorkspaceFile[]} [files]
 */
export async function profileAction(target, transcript, name, interval = 250, files = undefined) {
  const r = prepare(`profile-${name}`, {
    agentPath: REPLAY_AGENT,
    actionYml: target.actionYml,
    inputs: { "stream-partial-output": "true" },
    files,
  });
  const scenario = path.join(r.dir, "scenario.json");
  writeFileSync(scenario, JSON.stringify({ transcript }));
  const dir = path.join(OUT, "prof");
  mkdirSync(dir, { recursive: true });
  const file = `${name}.cpuprofile`;
  rmSync(path.join(dir, file), { force: true });
  const res = await runNode({
    args: [
      "--cpu-prof",
      "--cpu-prof-dir",
      dir,
      "--cpu-prof-name",
      file,
      "--cpu-prof-interval",
      String(interval),
      target.dist,
    ],
    env: { ...r.actionEnv, FAKE_AGENT_SCENARIO: scenario },
    cwd: r.workspace,
    countStdout: true,
    timeoutMs: 180_000,
  });
  const outputs = readOutputs(r.files.GITHUB_OUTPUT);
  rmSync(r.dir, { recursive: true, force: true });
  if (res.code !== 0 || outputs.conclusion !== "success") {
    throw new Error(`the action failed under the profiler (exit ${res.code}): ${res.stderr}`);
  }
  return { profile: path.join(dir, file), wallMs: res.wallMs };
}

/** The command line: the workload, and --top, --interval, --repeat, --dist. @param {string[]} args */
function parseArgs(args) {
  const valueAt = new Set(
    ["--top", "--interval", "--dist", "--repeat"]
      .map((f) => args.indexOf(f))
      .filter((i) => i !== -1)
      .map((i) => i + 1),
  );
  const which = args.find((a, i) => !a.startsWith("--") && !valueAt.has(i)) ?? "big";
  const topIdx = args.indexOf("--top");
  const intervalIdx = args.indexOf("--interval");
  const repeatIdx = args.indexOf("--repeat");
  const distIdx = args.indexOf("--dist");
  return {
    which,
    n: topIdx !== -1 ? Number(args[topIdx + 1]) : 25,
    interval: intervalIdx !== -1 ? Number(args[intervalIdx + 1]) : 250,
    repeat: repeatIdx !== -1 ? Math.max(1, Number(args[repeatIdx + 1])) : 1,
    dist: distIdx !== -1 ? args[distIdx + 1] : "worktree",
  };
}

/**
 * The transcript of workload `which` (generated into bench/out/), or a file named so; and the files it
 * edits. @param {string} which @param {string} name
 * @returns {{ transcript: string, files?: import("./lib.mjs").WorkspaceFile[] }}
 */
function workload(which, name) {
  const root = workspacePath(`profile-${name}`);
  const at = (/** @type {string} */ f) => path.join(OUT, f);
  if (which === "tiny") {
    generateTiny(at("tiny.ndjson"), root);
    return { transcript: at("tiny.ndjson") };
  }
  if (which === "big")
    return { transcript: at("big.ndjson"), files: generateBig(at("big.ndjson"), { root }).workspace };
  if (which === "edits") {
    const files = generateEdits(at("edits.ndjson"), { targetBytes: 64 * 2 ** 20, root }).workspace;
    return { transcript: at("edits.ndjson"), files };
  }
  if (which === "captures") {
    const files = generateCaptureShaped(at("captures.ndjson"), { targetBytes: 64 * 2 ** 20, root }).workspace;
    return { transcript: at("captures.ndjson"), files };
  }
  if (which === "many") {
    const files = generateManyFiles(at("many.ndjson"), { files: 2000, lines: 200, root }).workspace;
    return { transcript: at("many.ndjson"), files };
  }
  return { transcript: path.resolve(which) };
}

async function main() {
  installCleanup();
  const o = parseArgs(process.argv.slice(2));
  /** @type {import("./lib.mjs").Target} */
  let target;
  try {
    target = selectTarget(o.dist);
  } catch (e) {
    process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
  mkdirSync(OUT, { recursive: true });
  const name = path.basename(o.which).replace(/\W+/g, "_");
  const { transcript, files } = workload(o.which, name);
  // Only this run's profiles are kept.
  rmSync(path.join(OUT, "prof"), { recursive: true, force: true });
  const profiles = [];
  const walls = [];
  for (let i = 0; i < o.repeat; i++) {
    const { profile, wallMs } = await profileAction(
      target,
      transcript,
      `${name}-${i + 1}`,
      o.interval,
      files,
    );
    profiles.push(profile);
    walls.push(Math.round(wallMs));
  }
  process.stdout.write(
    `profile of ${target.label} on ${path.relative(ROOT, transcript)}: ${o.repeat} run(s) of ${walls.join(", ")} ms wall under the profiler; `,
  );
  printProfile(analyze(profiles, target.dist), profiles, o.n);
}

/**
 * @param {ReturnType<typeof analyze>} a @param {string[]} profiles @param {number} n rows of the
 * per-function tables
 */
function printProfile(a, profiles, n) {
  const print = (
    /** @type {string} */ title,
    /** @type {{ name: string, ms: number, pct: number }[]} */ rows,
  ) => {
    process.stdout.write(`\n${title}\n`);
    for (const r of rows)
      process.stdout.write(`  ${String(r.ms).padStart(8)} ms ${String(r.pct).padStart(5)} %  ${r.name}\n`);
  };
  process.stdout.write(
    `${a.totalMs} ms sampled per run on average (${profiles.map((p) => path.relative(ROOT, p)).join(", ")})\n`,
  );
  print("time by stage (each sample counted once, innermost matching frame)", a.top(a.stages, 20));
  for (const [phase, ms] of a.top(a.phases, 5).map((r) => /** @type {[string, number]} */ ([r.name, r.ms]))) {
    const rows = a
      .top(a.phaseStages, 200)
      .filter((r) => r.name.startsWith(`${phase}\t`))
      .slice(0, 8)
      .map((r) => ({ ...r, name: r.name.slice(phase.length + 1) }));
    print(`phase "${phase}": ${ms} ms (top stages; % of all samples)`, rows);
  }
  print("start-up: evaluating modules, by package (innermost module on the stack)", a.top(a.modules, 12));
  print("self time by source file / package", a.top(a.selfFile, 15));
  print("self time by function", a.top(a.selfFn, n));
  print("inclusive time by function", a.top(a.inclFn, n));
  print(
    'inclusive time by function in the phase "end of run"',
    a
      .top(a.phaseIncl, 100_000)
      .filter((r) => r.name.startsWith("end of run\t"))
      .slice(0, n)
      .map((r) => ({ ...r, name: r.name.slice("end of run\t".length) })),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    process.stderr.write(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}

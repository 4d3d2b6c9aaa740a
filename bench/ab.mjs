// @ts-check
/**
 * An A/B of two builds on the 64 MiB streams: the 2026-shaped run, the long run and the edit-heavy one
 * (bench/replay-agent.mjs replaying each in 64 KiB writes), each build and the
 * floor run interleaved in rotating order after a warm-up, as `npm run bench` does; medians and each
 * build's ratio to the floor of the same run, by wall time and by the process's own CPU time (user +
 * system, bench/usage.cjs; the floor's too). For judging one change, not for BENCHMARKS.md's table.
 * The floor runs through a pipe and through a file (the action's transport), and each ratio is to the
 * lesser of the two medians, as `npm run bench` takes it (a pipe alone made the ratios 5–10% kinder).
 *
 *   npm exec -- node bench/ab.mjs HEAD worktree [--runs 7] [--only captures|captures-raw|long|edits|tiny|many]
 *   npm exec -- node bench/ab.mjs /tmp/a /tmp/b    # two builds `node scripts/bundle.mjs <dir>` wrote
 *
 * `--only tiny`: the 3-event run alone (start-up); its runs are many and short, so give more of them.
 * `--only many`: 2,000 files × 200 lines edited once each, with each build's end of the run (the agent's
 * exit → the action's, as `npm run bench` times it).
 * `--only captures-raw`: the 2026-shaped run with every line break inside a string written raw, as 2026
 * CLI builds write some (generate-captures.mjs `writeRawLineBreaks`: every one, the worst case); the floor
 * reads the same events written one to a line, so the ratio prices what framing over several lines costs.
 * A build from before framing by string state cannot read that stream: compare a build with itself.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateBig, generateTiny } from "./generate.mjs";
import { generateCaptureShaped, writeRawLineBreaks } from "./generate-captures.mjs";
import { generateEdits, generateManyFiles } from "./generate-shapes.mjs";
import {
  FLOOR,
  installCleanup,
  OUT,
  prepare,
  REPLAY_AGENT,
  readJson,
  readOutputs,
  runNode,
  selectTarget,
  USAGE,
  workspacePath,
} from "./lib.mjs";

const argv = process.argv.slice(2);
const flag = (/** @type {string} */ name, /** @type {string} */ dflt) => {
  const i = argv.indexOf(name);
  if (i === -1) return dflt;
  const v = argv[i + 1] ?? dflt;
  argv.splice(i, 2);
  return v;
};
const runs = Number(flag("--runs", "7"));
const only = flag("--only", "");
const [revA = "HEAD", revB = "worktree"] = argv;
installCleanup();

/** Each build copied aside: selectTarget reuses one directory. */
const targets = [revA, revB].map((rev, i) => {
  const t = selectTarget(rev);
  const dir = path.join(OUT, `ab-${i}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.dirname(path.dirname(t.dist)), dir, { recursive: true });
  return {
    ...t,
    name: `${rev}`,
    dist: path.join(dir, "dist", "index.js"),
    actionYml: path.join(dir, "action.yml"),
  };
});

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? /** @type {number} */ (s[(s.length - 1) / 2])
    : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

const workloads = [];
if (only === "tiny") {
  const file = path.join(OUT, "tiny.ndjson");
  generateTiny(file, workspacePath("ab-tiny"));
  workloads.push({ name: "ab-tiny", file, files: undefined });
}
if (only === "" || only === "captures") {
  const file = path.join(OUT, "captures-64.ndjson");
  const g = generateCaptureShaped(file, { targetBytes: 64 * 2 ** 20, root: workspacePath("ab-captures") });
  workloads.push({ name: "ab-captures", file, files: g.workspace });
}
if (only === "captures-raw") {
  const file = path.join(OUT, "captures-64.ndjson");
  const g = generateCaptureShaped(file, {
    targetBytes: 64 * 2 ** 20,
    root: workspacePath("ab-captures-raw"),
  });
  const raw = path.join(OUT, "captures-64-raw.ndjson");
  const n = writeRawLineBreaks(file, raw);
  console.log(`captures-raw: ${n.events} of ${n.lines} events written over ${n.physical} lines`);
  workloads.push({ name: "ab-captures-raw", file: raw, floorFile: file, files: g.workspace });
}
if (only === "" || only === "long") {
  const file = path.join(OUT, "big.ndjson");
  generateBig(file, { root: workspacePath("ab-long") });
  workloads.push({ name: "ab-long", file, files: undefined });
}
if (only === "" || only === "edits") {
  const file = path.join(OUT, "edits-64.ndjson");
  const g = generateEdits(file, { targetBytes: 64 * 2 ** 20, root: workspacePath("ab-edits") });
  workloads.push({ name: "ab-edits", file, files: g.workspace });
}

if (only === "many") {
  const file = path.join(OUT, "many.ndjson");
  const g = generateManyFiles(file, { files: 2000, lines: 200, root: workspacePath("ab-many") });
  workloads.push({ name: "ab-many", file, files: g.workspace });
}

for (const w of workloads) {
  /** @type {Record<string, number[]>} the floor's by transport apart (`floor-pipe`, `floor-file`) */
  const wall = {};
  /** @type {Record<string, number[]>} */
  const cpu = {};
  /** @type {Record<string, number[]>} */
  const rss = {};
  /** @type {Record<string, number[]>} the agent's exit → the action's, where the agent leaves files */
  const end = {};
  const fns = [];
  for (const t of targets) {
    wall[t.name] = [];
    const r = prepare(w.name, {
      agentPath: REPLAY_AGENT,
      actionYml: t.actionYml,
      inputs: { "stream-partial-output": "true" },
      files: w.files,
    });
    const scenario = path.join(r.dir, "scenario.json");
    writeFileSync(scenario, JSON.stringify({ transcript: w.file }));
    const floorScenario = path.join(r.dir, "floor-scenario.json");
    writeFileSync(floorScenario, JSON.stringify({ transcript: w.floorFile ?? w.file }));
    fns.push(async (/** @type {boolean} */ keep) => {
      r.resetFiles();
      const usageFile = path.join(r.dir, "usage.json");
      const exitFile = path.join(r.dir, "agent-exit");
      rmSync(exitFile, { force: true });
      const res = await runNode({
        args: ["--require", USAGE, t.dist],
        env: {
          ...r.actionEnv,
          FAKE_AGENT_SCENARIO: scenario,
          BENCH_USAGE_FILE: usageFile,
          BENCH_AGENT_EXIT: exitFile,
        },
        cwd: r.workspace,
        countStdout: true,
        timeoutMs: 120_000,
      });
      if (keep && existsSync(exitFile))
        end[t.name] = [
          ...(end[t.name] ?? []),
          res.exitedAt - Number(readFileSync(exitFile, "utf8").trim()) / 1e6,
        ];
      const out = readOutputs(r.files.GITHUB_OUTPUT);
      if (res.code !== 0 || out.conclusion !== "success")
        throw new Error(`${t.name} failed: ${res.stderr} ${out.error}`);
      const u = readJson(usageFile);
      if (keep) {
        wall[t.name]?.push(res.wallMs);
        cpu[t.name] = [...(cpu[t.name] ?? []), u.userMs + u.systemMs];
        rss[t.name] = [...(rss[t.name] ?? []), u.maxRssKiB / 1024];
      }
    });
    if (t === targets[0]) {
      for (const how of ["pipe", "file"]) {
        const name = `floor-${how}`;
        wall[name] = [];
        fns.push(async (/** @type {boolean} */ keep) => {
          r.resetFiles();
          const usageFile = path.join(r.dir, "floor-usage.json");
          const stdoutFile = path.join(r.dir, "floor-stdout.ndjson");
          rmSync(stdoutFile, { force: true });
          const res = await runNode({
            args: ["--require", USAGE, FLOOR, r.agentFile, ...r.agentArgs],
            env: {
              ...r.floorEnv,
              FAKE_AGENT_SCENARIO: floorScenario,
              BENCH_USAGE_FILE: usageFile,
              ...(how === "file" ? { BENCH_FLOOR_STDOUT_FILE: stdoutFile } : {}),
            },
            cwd: r.workspace,
            timeoutMs: 120_000,
          });
          rmSync(stdoutFile, { force: true });
          if (res.code !== 0) throw new Error(`floor (${how}) failed: ${res.stderr}`);
          if (keep) {
            wall[name]?.push(res.wallMs);
            const u = readJson(usageFile);
            cpu[name] = [...(cpu[name] ?? []), u.userMs + u.systemMs];
          }
        });
      }
    }
  }
  for (const f of fns) await f(false);
  for (let i = 0; i < runs; i++)
    for (let k = 0; k < fns.length; k++)
      await /** @type {(k: boolean) => Promise<void>} */ (fns[(i + k) % fns.length])(true);
  const isFloor = (/** @type {string} */ k) => k.startsWith("floor-");
  // The lesser floor of the two transports, per figure.
  const lesser = (/** @type {Record<string, number[]>} */ m) =>
    Math.min(
      ...Object.entries(m)
        .filter(([k]) => isFloor(k))
        .map(([, v]) => median(v)),
    );
  const floor = lesser(wall);
  const parts = Object.entries(wall).map(
    ([k, v]) => `${k} ${median(v).toFixed(0)} ms${isFloor(k) ? "" : ` (${(median(v) / floor).toFixed(2)}×)`}`,
  );
  console.log(`${w.name}: ${parts.join(", ")}`);
  const floorCpu = lesser(cpu);
  console.log(
    `  cpu (own): ${Object.entries(cpu)
      .map(
        ([k, v]) =>
          `${k} ${median(v).toFixed(0)} ms${isFloor(k) ? "" : ` (${(median(v) / floorCpu).toFixed(2)}×)`}`,
      )
      .join(", ")}; rss: ${Object.entries(rss)
      .map(([k, v]) => `${k} ${median(v).toFixed(0)} MiB`)
      .join(", ")}`,
  );
  if (Object.keys(end).length > 0 && w.files)
    console.log(
      `  end of run (agent exit → exit): ${Object.entries(end)
        .map(([k, v]) => `${k} ${median(v).toFixed(0)} ms (${v.map((x) => x.toFixed(0)).join(", ")})`)
        .join("; ")}`,
    );
  mkdirSync(OUT, { recursive: true });
}

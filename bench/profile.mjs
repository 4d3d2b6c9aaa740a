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
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ENTRY as BUNDLE_ENTRY } from "../scripts/bundle.mjs";
import { generateBig, generateTiny } from "./generate.mjs";
import { generateCaptureShaped } from "./generate-captures.mjs";
import { generateEdits, generateManyFiles } from "./generate-shapes.mjs";
import {
  DIST,
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

/**
 * @typedef {{ functionName: string, url: string, lineNumber: number, columnNumber: number }} CallFrame
 * @typedef {{ id: number, callFrame: CallFrame, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[], startTime: number, endTime: number }} Profile
 */

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

/** A short name for a source: `src/stream/events.ts`, `zod`, `node:internal/…`. @param {string} source */
function shortSource(source) {
  const s = source
    .replace(/^webpack:\/\/[^/]*\//, "")
    .replace(/^\.\//, "")
    .replace(/^file:\/\//, "");
  const nm = s.lastIndexOf("node_modules/");
  if (nm !== -1) {
    const rest = s.slice(nm + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? s);
  }
  const src = s.indexOf("src/");
  return src !== -1 ? s.slice(src) : s;
}

/**
 * Stages of the action's work once it runs (not evaluating modules), decided on a sample's stack from the innermost
 * frame outwards (first match wins). `fn` is the frame's label, `file` its source (TypeScript file,
 * package or node: module), `raw` the profiler's function name. Outside `run()` a sample is idle, garbage
 * collection, or start-up (compiling and evaluating the bundle's modules).
 * @type {[string, (f: { fn: string, file: string, raw: string }) => boolean][]}
 */
const STAGES = [
  ["JSON.parse of each line (lines.ts parseObject)", (f) => f.fn.startsWith("parseObject ")],
  ["raw transcript copy (tee: fs.WriteStream)", (f) => f.file === "node:internal/fs/streams"],
  [
    "log output (LogWriter.flush → stdout)",
    (f) => f.file === "src/render/log-writer.ts" && /^flush /.test(f.fn),
  ],
  ["zod (events.ts / tools.ts schemas)", (f) => f.file === "zod"],
  ["events.ts toEvent (besides zod)", (f) => f.file === "src/stream/events.ts"],
  ["framing (lines.ts: split, decode, concat)", (f) => f.file === "src/stream/lines.ts"],
  ["git subprocesses (changes/git.ts)", (f) => f.file === "src/changes/git.ts"],
  [
    "change tracking and diffs (changes/*.ts, diff)",
    (f) => f.file.startsWith("src/changes/") || f.file === "diff",
  ],
  [
    "end-of-run report (report.ts, markdown.ts, redact.ts, publish.ts)",
    (f) =>
      ["src/render/report.ts", "src/render/markdown.ts", "src/render/redact.ts", "src/publish.ts"].includes(
        f.file,
      ),
  ],
  ["run model (model/*.ts)", (f) => f.file.startsWith("src/model/")],
  ["live log rendering (render/*.ts)", (f) => f.file.startsWith("src/render/")],
  [
    "consume loop and pipe reading",
    (f) => f.file === "src/pipeline/consume.ts" || f.file.startsWith("node:internal/streams/"),
  ],
  ["agent process (agent/*.ts, execa, spawn)", (f) => f.file.startsWith("src/agent/") || f.file === "execa"],
];

/** @param {{ fn: string, file: string, raw: string }[]} stack innermost first */
function stageOf(stack) {
  const top = stack[0]?.raw;
  if (top === "(idle)") return "idle (waiting for the agent's bytes)";
  if (top === "(garbage collector)") return "garbage collection";
  if (stack.some((f) => f.raw === "compileSourceTextModule")) return "start-up: compiling dist/index.js";
  // Module evaluation runs under __webpack_require__; so does the synchronous start of the action (the
  // entry module awaits it at top level). What the entry module's outermost frame called, past the
  // runtime's async-module glue, tells them apart: a function of src/ is the action, webpack's require a
  // module being evaluated. No function name is assumed, so renaming or moving the action's functions
  // keeps this right. Code resumed after an await has neither frame.
  let inRun = false;
  for (let i = stack.findLastIndex((f) => f.file === BUNDLE_ENTRY) - 1; i >= 0; i--) {
    const f = /** @type {{ fn: string, file: string, raw: string }} */ (stack[i]);
    if (/require__$/.test(f.raw)) break;
    if (f.file.startsWith("src/")) {
      inRun = true;
      break;
    }
  }
  if (!inRun && stack.some((f) => f.raw === "__webpack_require__" || f.raw === "evaluate"))
    return "start-up: evaluating the bundle's modules (or a lazy chunk's)";
  for (const f of stack) {
    const stage = STAGES.find(([, test]) => test(f));
    if (stage) return stage[0];
  }
  if (stack.some((f) => f.file.startsWith("src/"))) return "rest of the action (main.ts, reports, outputs)";
  return "other (node internals: bootstrap, exit, timers)";
}

/**
 * Self and inclusive time per function (mapped to the TypeScript source), per source, and per stage,
 * averaged over one or more profiles of the same build.
 * @param {string | string[]} profilePaths
 */
export function analyze(profilePaths, dist = DIST) {
  const paths = Array.isArray(profilePaths) ? profilePaths : [profilePaths];
  const distDir = `file://${path.dirname(dist)}/`;
  /** @type {Map<string, SourceMap | undefined>} */
  const maps = new Map();
  const mapOf = (/** @type {string} */ url) => {
    if (!url.startsWith(distDir) || !url.endsWith(".js")) return undefined;
    if (!maps.has(url)) {
      const file = `${fileURLToPath(url)}.map`;
      maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, "utf8"))) : undefined);
    }
    return maps.get(url);
  };
  /** @type {Map<string, { fn: string, file: string, raw: string }>} */
  const labels = new Map();
  const label = (/** @type {ProfileNode} */ n) => {
    const cf = n.callFrame;
    const cacheKey = `${cf.url}:${cf.lineNumber}:${cf.columnNumber}:${cf.functionName}`;
    const cached = labels.get(cacheKey);
    if (cached) return cached;
    const raw = cf.functionName;
    let fn = raw || "(anonymous)";
    let file = cf.url ? shortSource(cf.url) : fn.startsWith("(") ? fn : "(native)";
    const map = mapOf(cf.url);
    if (map) {
      // A webpack module factory (named by its id) starts on unmapped glue: look a little further in.
      const reach = /^\d+$/.test(raw) ? 4000 : 1;
      for (let k = 0; k < reach; k += 3) {
        const e = /** @type {any} */ (map.findEntry(cf.lineNumber, cf.columnNumber + k));
        const src = e?.originalSource;
        if (!src || (reach > 1 && (src.includes("external node") || src.includes("webpack/")))) continue;
        file = shortSource(src);
        fn = `${reach > 1 ? `module ${raw}` : e.name || raw || "(anonymous)"} ${file}:${e.originalLine + 1}`;
        break;
      }
    } else if (cf.url) {
      fn = `${fn} ${file}:${cf.lineNumber + 1}`;
    }
    const l = { fn, file, raw };
    labels.set(cacheKey, l);
    return l;
  };
  /** @type {Map<string, number>} */
  const selfFn = new Map();
  /** @type {Map<string, number>} */
  const selfFile = new Map();
  /** @type {Map<string, number>} */
  const inclFn = new Map();
  /** @type {Map<string, number>} */
  const stages = new Map();
  /** @type {Map<string, number>} */
  const phases = new Map();
  /** @type {Map<string, number>} */
  const modules = new Map();
  /** @type {Map<string, number>} */
  const phaseStages = new Map();
  /** Inclusive time by function within each phase ("phase\tfunction"). */
  /** @type {Map<string, number>} */
  const phaseIncl = new Map();
  let total = 0;
  const add = (/** @type {Map<string, number>} */ m, /** @type {string} */ k, /** @type {number} */ v) =>
    m.set(k, (m.get(k) ?? 0) + v);
  for (const profilePath of paths) {
    /** @type {Profile} */
    const prof = JSON.parse(readFileSync(profilePath, "utf8"));
    /** @type {Map<number, ProfileNode>} */
    const byId = new Map();
    /** @type {Map<number, number>} */
    const parent = new Map();
    for (const n of prof.nodes) {
      byId.set(n.id, n);
      for (const c of n.children ?? []) parent.set(c, n.id);
    }
    // Phases: before the first sample inside consume() (start-up, spawning the agent), up to the last
    // one (the stream), after it (the end of the run: change summary, report, outputs, exit).
    const inConsume = (/** @type {number} */ id) => {
      for (let cur = /** @type {number | undefined} */ (id); cur !== undefined; cur = parent.get(cur)) {
        const n = byId.get(cur);
        if (n && label(n).file === "src/pipeline/consume.ts") return true;
      }
      return false;
    };
    let first = -1;
    let last = -1;
    for (let i = 0; i < prof.samples.length; i++) {
      if (!inConsume(/** @type {number} */ (prof.samples[i]))) continue;
      if (first === -1) first = i;
      last = i;
    }
    for (let i = 0; i < prof.samples.length; i++) {
      // Averaged over the profiles.
      const dt = (prof.timeDeltas[i + 1] ?? 0) / 1000 / paths.length;
      const id = /** @type {number} */ (prof.samples[i]);
      const node = byId.get(id);
      if (!node) continue;
      total += dt;
      const phase =
        first === -1 ? "whole run" : i < first ? "start-up" : i <= last ? "the stream" : "end of run";
      const l = label(node);
      add(selfFn, l.fn, dt);
      add(selfFile, l.file, dt);
      const seen = new Set();
      /** @type {{ fn: string, file: string, raw: string }[]} */
      const stack = [];
      for (let cur = /** @type {number | undefined} */ (id); cur !== undefined; cur = parent.get(cur)) {
        const n = byId.get(cur);
        if (!n) break;
        const fl = label(n);
        stack.push(fl);
        if (seen.has(fl.fn)) continue;
        seen.add(fl.fn);
        add(inclFn, fl.fn, dt);
        add(phaseIncl, `${phase}\t${fl.fn}`, dt);
      }
      const stage = stageOf(stack);
      add(stages, stage, dt);
      if (stage.startsWith("start-up: evaluating")) {
        // Which package's module was being evaluated: the innermost module factory on the stack.
        const mod = stack.find((f) => f.fn.startsWith("module "));
        add(modules, mod ? mod.file : "(webpack runtime, node built-ins)", dt);
      }
      add(phases, phase, dt);
      add(phaseStages, `${phase}\t${stage}`, dt);
    }
  }
  const top = (/** @type {Map<string, number>} */ m, /** @type {number} */ n) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => ({
        name: k,
        ms: Math.round(ms * 10) / 10,
        pct: Math.round((ms / total) * 1000) / 10,
      }));
  return {
    totalMs: Math.round(total),
    top,
    selfFn,
    selfFile,
    inclFn,
    stages,
    phases,
    phaseStages,
    phaseIncl,
    modules,
  };
}

async function main() {
  installCleanup();
  const args = process.argv.slice(2);
  const valueAt = new Set(
    ["--top", "--interval", "--dist", "--repeat"]
      .map((f) => args.indexOf(f))
      .filter((i) => i !== -1)
      .map((i) => i + 1),
  );
  const which = args.find((a, i) => !a.startsWith("--") && !valueAt.has(i)) ?? "big";
  const topIdx = args.indexOf("--top");
  const n = topIdx !== -1 ? Number(args[topIdx + 1]) : 25;
  const intervalIdx = args.indexOf("--interval");
  const interval = intervalIdx !== -1 ? Number(args[intervalIdx + 1]) : 250;
  const repeatIdx = args.indexOf("--repeat");
  const repeat = repeatIdx !== -1 ? Math.max(1, Number(args[repeatIdx + 1])) : 1;
  const distIdx = args.indexOf("--dist");
  /** @type {import("./lib.mjs").Target} */
  let target;
  try {
    target = selectTarget(distIdx !== -1 ? args[distIdx + 1] : "worktree");
  } catch (e) {
    process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
  mkdirSync(OUT, { recursive: true });
  let transcript;
  let files;
  const name = path.basename(which).replace(/\W+/g, "_");
  if (which === "tiny") {
    transcript = path.join(OUT, "tiny.ndjson");
    generateTiny(transcript, workspacePath(`profile-${name}`));
  } else if (which === "big") {
    transcript = path.join(OUT, "big.ndjson");
    files = generateBig(transcript, { root: workspacePath(`profile-${name}`) }).workspace;
  } else if (which === "edits") {
    transcript = path.join(OUT, "edits.ndjson");
    files = generateEdits(transcript, {
      targetBytes: 64 * 2 ** 20,
      root: workspacePath(`profile-${name}`),
    }).workspace;
  } else if (which === "captures") {
    transcript = path.join(OUT, "captures.ndjson");
    files = generateCaptureShaped(transcript, {
      targetBytes: 64 * 2 ** 20,
      root: workspacePath(`profile-${name}`),
    }).workspace;
  } else if (which === "many") {
    transcript = path.join(OUT, "many.ndjson");
    files = generateManyFiles(transcript, {
      files: 2000,
      lines: 200,
      root: workspacePath(`profile-${name}`),
    }).workspace;
  } else {
    transcript = path.resolve(which);
  }
  // Only this run's profiles are kept.
  rmSync(path.join(OUT, "prof"), { recursive: true, force: true });
  const profiles = [];
  const walls = [];
  for (let i = 0; i < repeat; i++) {
    const { profile, wallMs } = await profileAction(target, transcript, `${name}-${i + 1}`, interval, files);
    profiles.push(profile);
    walls.push(Math.round(wallMs));
  }
  const a = analyze(profiles, target.dist);
  const print = (
    /** @type {string} */ title,
    /** @type {{ name: string, ms: number, pct: number }[]} */ rows,
  ) => {
    process.stdout.write(`\n${title}\n`);
    for (const r of rows)
      process.stdout.write(`  ${String(r.ms).padStart(8)} ms ${String(r.pct).padStart(5)} %  ${r.name}\n`);
  };
  process.stdout.write(
    `profile of ${target.label} on ${path.relative(ROOT, transcript)}: ${repeat} run(s) of ${walls.join(", ")} ms wall under the profiler; ${a.totalMs} ms sampled per run on average (${profiles.map((p) => path.relative(ROOT, p)).join(", ")})\n`,
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

// @ts-check
/**
 * Shared by bench/run.mjs and bench/profile.mjs: paths, running `node` children that are always cleaned
 * up, and preparing a run of the action through the tests' launcher (test/harness/launch.mjs: INPUT_*
 * with action.yml's defaults, file-command files, RUNNER_TEMP, stdin closed) next to the floor's view of
 * the same agent. The bench measures a build as committed (dist/, or a revision's dist/), not src/.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  FAKE_AGENT,
  isProcessAlive,
  prepareStep,
  readFileCommand,
  spawnAction,
} from "../test/harness/launch.mjs";

export const BENCH = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(BENCH, "..");
export const OUT = path.join(BENCH, "out");
export const DIST = path.join(ROOT, "dist", "index.js");
export { FAKE_AGENT };
export const PACED_AGENT = path.join(BENCH, "paced-agent.mjs");
/** The agent of the throughput and start-up runs: replays a transcript in 64 KiB writes (its header). */
export const REPLAY_AGENT = path.join(BENCH, "replay-agent.mjs");
export const EDIT_AGENT = path.join(BENCH, "agent-then-edit.sh");
export const FLOOR = path.join(BENCH, "floor.mjs");
export const USAGE = path.join(BENCH, "usage.cjs");
export const API_KEY = "key_bench0000000000000000000000000000000000000000";
/** Never valid: GITHUB_API_URL points at a closed local port, so no call leaves the machine. */
export const GITHUB_TOKEN = "ghs_bench000000000000000000000000000000";
export const PROMPT = "Refactor pricing and cart to integer cents; keep the API; make the tests pass.";

// ---------------------------------------------------------------------------------------------
// Processes: every child is tracked and killed, with all its descendants, if we stop early

/** @type {Set<{ pid: number | undefined, extra: () => number[] }>} */
const live = new Set();

/** All descendants of `pid`, from /proc (the agent sits in its own process group, so a group kill misses it). */
export function descendants(/** @type {number} */ pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // ended while we looked
    }
  }
  const out = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const c of children.get(/** @type {number} */ (queue.pop())) ?? []) {
      out.push(c);
      queue.push(c);
    }
  }
  return out;
}

/** @param {number[]} pids */
export function killPids(pids) {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/**
 * True when `pid` is a process this bench started for a run: its command line or environment names a
 * run directory under bench/out/run/. Guards every kill of a pid read from a file (the agent's), which
 * may have ended and had its pid reused by now.
 * @param {number} pid
 */
export function isOurs(pid) {
  const marker = path.join(OUT, "run");
  for (const f of ["cmdline", "environ"]) {
    try {
      if (readFileSync(`/proc/${pid}/${f}`, "utf8").includes(marker)) return true;
    } catch {
      // gone, or not ours to read
    }
  }
  return false;
}

/** @param {{ pid: number | undefined, extra: () => number[] }} entry */
function killEntry(entry) {
  const pids = entry.pid === undefined ? [] : [entry.pid, ...descendants(entry.pid)];
  killPids([...pids, ...entry.extra().filter(isOurs)]);
  live.delete(entry);
}

export function killAll() {
  for (const entry of [...live]) killEntry(entry);
}

/** Kill every child (and its descendants) when we exit or are stopped. */
export function installCleanup() {
  process.on("exit", killAll);
  for (const sig of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
    process.on(sig, () => {
      killAll();
      process.stderr.write(`\nbench: stopped by ${sig}; child processes killed\n`);
      process.exit(130);
    });
  }
}

export const wallNow = () => performance.timeOrigin + performance.now();

/**
 * @typedef {object} RunSpec
 * @property {string[]} args arguments of `node` (process.execPath)
 * @property {Record<string, string>} env
 * @property {string} cwd
 * @property {string} [stdoutFile] stdout goes straight to this file (else it is a pipe read here)
 * @property {(chunk: Buffer, at: number) => void} [onStdout] each chunk with its wall-clock arrival
 * @property {boolean} [countStdout] read piped stdout only to count it (no copy kept)
 * @property {number} timeoutMs
 * @property {() => number[]} [extraPids] pids to kill too if we stop early (the agent, once known)
 */

/**
 * @typedef {object} RunResult
 * @property {number | null} code
 * @property {NodeJS.Signals | null} signal
 * @property {number} wallMs from just before spawn to the process's exit
 * @property {number} exitedAt the wall clock (ms since the epoch, {@link wallNow}) at the process's exit
 * @property {string} stdout when piped and no onStdout (first MB)
 * @property {number} stdoutBytes when piped
 * @property {number | undefined} firstStdoutMs when piped: from just before spawn to the first chunk
 * @property {string} stderr first 64 KB
 */

/** @param {RunSpec} spec @returns {Promise<RunResult>} */
export function runNode(spec) {
  return new Promise((resolve, reject) => {
    const fd = spec.stdoutFile ? openSync(spec.stdoutFile, "w") : undefined;
    const t0 = performance.now();
    const child = spawnAction({ args: spec.args, cwd: spec.cwd, env: spec.env, stdout: fd ?? "pipe" });
    if (fd !== undefined) closeSync(fd);
    const entry = { pid: child.pid, extra: spec.extraPids ?? (() => []) };
    live.add(entry);
    let stdout = "";
    let stdoutBytes = 0;
    /** @type {number | undefined} */
    let firstStdoutMs;
    let stderr = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (c) => {
      if (stderr.length < 65536) stderr += c;
    });
    child.stdout?.on("data", (/** @type {Buffer} */ c) => {
      firstStdoutMs ??= performance.now() - t0;
      stdoutBytes += c.length;
      if (spec.onStdout) spec.onStdout(c, wallNow());
      else if (!spec.countStdout && stdout.length < 1 << 20) stdout += c.toString("utf8");
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killEntry(entry);
    }, spec.timeoutMs);
    child.once("error", (e) => {
      clearTimeout(timer);
      live.delete(entry);
      reject(e);
    });
    child.once("exit", (code, signal) => {
      const wallMs = performance.now() - t0;
      const exitedAt = wallNow();
      clearTimeout(timer);
      const done = () => {
        live.delete(entry);
        if (timedOut) reject(new Error(`timed out after ${spec.timeoutMs} ms: node ${spec.args.join(" ")}`));
        else resolve({ code, signal, wallMs, exitedAt, stdout, stdoutBytes, firstStdoutMs, stderr });
      };
      // Let piped stdout drain (a pipe held open by a leftover would never close: bounded).
      if (child.stdout && !child.stdout.readableEnded) {
        const t = setTimeout(done, 2000);
        child.stdout.once("close", () => {
          clearTimeout(t);
          done();
        });
      } else done();
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Runs: the action as the runner starts it, and the floor with the same agent, arguments and pace

/**
 * @typedef {object} Target the build under test, copied aside so that a rebuild during the run cannot mix
 * two builds
 * @property {string} dist its dist/index.js
 * @property {string} actionYml the action.yml that goes with it (for the inputs' defaults)
 * @property {string} label e.g. `working tree dist/ (uncommitted changes; HEAD is 1531fb4)`, `commit 1531fb4 (…)`
 * @property {string} sha256 of its dist/index.js (first 16 hex digits)
 * @property {number} bytes of its dist/index.js
 */

/** @param {string[]} args */
const git = (args) =>
  execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();

/**
 * The build to measure: `worktree` (default: dist/ and action.yml as they are now) or any git revision
 * (`HEAD`, a sha, a tag: its committed dist/ and action.yml, from `git archive`).
 * @param {string} [rev]
 * @returns {Target}
 */
export function selectTarget(rev = "worktree") {
  const dir = path.join(OUT, "target");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let label;
  if (rev === "worktree") {
    if (!existsSync(DIST))
      throw new Error("dist/index.js is missing: build the bundle first (npm run bundle)");
    cpSync(path.join(ROOT, "dist"), path.join(dir, "dist"), { recursive: true });
    cpSync(path.join(ROOT, "action.yml"), path.join(dir, "action.yml"));
    let head = "";
    let dirty = "";
    try {
      head = git(["rev-parse", "--short", "HEAD"]);
      dirty = git(["status", "--porcelain", "--", "dist", "action.yml"]);
    } catch {
      // not a git checkout
    }
    label = `working tree dist/${head ? (dirty ? ` (uncommitted changes; HEAD is ${head})` : ` (= HEAD ${head})`) : ""}`;
  } else {
    let sha;
    try {
      sha = git(["rev-parse", "--verify", `${rev}^{commit}`]);
    } catch {
      throw new Error(`--dist ${rev}: not a git revision (use worktree, HEAD, a sha or a tag)`);
    }
    try {
      const tar = execFileSync("git", ["archive", "--format=tar", sha, "dist", "action.yml"], {
        cwd: ROOT,
        maxBuffer: 1 << 30,
        stdio: ["ignore", "pipe", "ignore"],
      });
      execFileSync("tar", ["-x", "-C", dir], { input: tar });
    } catch {
      throw new Error(`--dist ${rev}: that commit has no dist/ and action.yml to measure`);
    }
    label = `commit ${sha.slice(0, 7)} (${git(["log", "-1", "--format=%s", sha])})`;
  }
  const dist = path.join(dir, "dist", "index.js");
  if (!existsSync(dist)) throw new Error(`${rev}: no dist/index.js`);
  const bytes = readFileSync(dist);
  return {
    dist,
    actionYml: path.join(dir, "action.yml"),
    label,
    sha256: createHash("sha256").update(bytes).digest("hex").slice(0, 16),
    bytes: statSync(dist).size,
  };
}

/** Where {@link prepare} puts the workspace of the runs called `name` (a transcript may need it first). */
export const workspacePath = (/** @type {string} */ name) => path.join(OUT, "run", name, "workspace");

/**
 * @typedef {{ rel: string, initial: string, final: string }} WorkspaceFile a file of the checkout: its
 * committed content and what the run left in the working tree
 */

/** Writes each file's `initial` or `final` content under `dir`. @param {string} dir @param {WorkspaceFile[]} files @param {"initial" | "final"} which */
export function writeFiles(dir, files, which) {
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f.rel)), { recursive: true });
    writeFileSync(path.join(dir, f.rel), f[which]);
  }
}

/**
 * A git checkout as a run starts from: `files` committed with their initial content, the working tree
 * clean. Its own repository, so that git never sees the project's repository around bench/out.
 * @param {string} dir @param {WorkspaceFile[]} files
 */
export function makeCheckout(dir, files) {
  mkdirSync(dir, { recursive: true });
  writeFiles(dir, files, "initial");
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_AUTHOR_NAME: "bench",
    GIT_AUTHOR_EMAIL: "bench@example.com",
    GIT_COMMITTER_NAME: "bench",
    GIT_COMMITTER_EMAIL: "bench@example.com",
    GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
    GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
  };
  const run = (/** @type {string[]} */ args) => execFileSync("git", args, { cwd: dir, env, stdio: "ignore" });
  run(["init", "-q", "-b", "main"]);
  run(["add", "-A"]);
  run(["commit", "-q", "-m", "Before the agent's run"]);
}

/**
 * A fresh directory for one kind of run: the workspace (a clean git checkout of `files`, or of a README),
 * RUNNER_TEMP, the file-command files. With `files`, the agent is run through bench/agent-then-edit.sh,
 * which leaves the files' final content in the working tree when the agent ends (as a real run does);
 * `resetFiles` puts the initial content back before the next run.
 * @param {string} name
 * @param {{ agentPath: string, actionYml?: string, inputs?: Record<string, string>, env?: Record<string, string>, files?: WorkspaceFile[] }} o
 */
export function prepare(name, o) {
  const dir = path.join(OUT, "run", name);
  rmSync(dir, { recursive: true, force: true });
  const workspace = workspacePath(name);
  const runnerTemp = path.join(dir, "runner-temp");
  const files = o.files ?? [{ rel: "README.md", initial: "# bench\n", final: "# bench\n" }];
  makeCheckout(workspace, files);
  /** @type {Record<string, string>} */
  let editEnv = {};
  let agentFile = o.agentPath;
  /** The files before and after the run, each in a directory of its own (when `files`). */
  let finalDir = "";
  let initialDir = "";
  if (o.files) {
    finalDir = path.join(dir, "final");
    initialDir = path.join(dir, "initial");
    writeFiles(finalDir, o.files, "final");
    writeFiles(initialDir, o.files, "initial");
    editEnv = { BENCH_AGENT: o.agentPath, BENCH_FINAL_DIR: finalDir, BENCH_WORKSPACE: workspace };
    agentFile = EDIT_AGENT;
    chmodSync(EDIT_AGENT, 0o755);
  }
  const resetFiles = () => {
    rmSync(path.join(runnerTemp, "cursor-agent"), { recursive: true, force: true });
    for (const f of Object.values(commandFiles)) writeFileSync(f, "");
    if (o.files) writeFiles(workspace, o.files, "initial");
  };
  /** @type {Record<string, string>} */
  // The pipeline's figures are taken as the job's user (no-sudo), as they always were; what the default
  // strategy (auto: the agent's own user, where the runner allows it) adds is bench/isolation.mjs's.
  const inputs = {
    prompt: PROMPT,
    "api-key": API_KEY,
    "safety-strategy": "no-sudo",
    ...o.inputs,
    "agent-path": agentFile,
  };
  // A manual run (workflow_dispatch) by the repository's owner, as in the README's quick start.
  const step = prepareStep({
    workspace,
    runnerTemp,
    actionYml: o.actionYml,
    inputs,
    token: GITHUB_TOKEN,
    eventName: "workflow_dispatch",
    event: {
      inputs: { task: PROMPT },
      ref: "refs/heads/main",
      repository: { full_name: "octo/bench", name: "bench", owner: { login: "octo" } },
      sender: { login: "octo", type: "User" },
      workflow: ".github/workflows/agent.yml",
    },
    repository: "octo/bench",
    actor: "octo",
    apiUrl: "http://127.0.0.1:9",
    // agent-path names the agent: nothing to find on PATH.
    pathFirst: [],
    env: { ...editEnv, ...o.env },
  });
  const commandFiles = step.files;
  const actionEnv = step.env;
  const resolved = readInputs(actionEnv);
  // What the action hands the agent (src/agent/command.ts): its environment without the inputs and
  // the file commands, plus the key; and its command line.
  const floorEnv = { ...step.runnerEnv, CURSOR_API_KEY: API_KEY };
  const agentArgs = ["--print", "--output-format", "stream-json"];
  if (resolved["stream-partial-output"] === "true") agentArgs.push("--stream-partial-output");
  agentArgs.push("--workspace", workspace);
  if (resolved.force === "true") agentArgs.push("--force");
  if (resolved.trust === "true") agentArgs.push("--trust");
  agentArgs.push("--", PROMPT);
  resetFiles();
  return {
    dir,
    workspace,
    files: commandFiles,
    actionEnv,
    floorEnv,
    agentFile,
    agentArgs,
    resetFiles,
    initialDir,
    finalDir,
  };
}

/** $GITHUB_OUTPUT as the runner reads it. @param {string} file */
export const readOutputs = (file) => readFileCommand(file).values;

/** The inputs the action will read, by action.yml name, from its `INPUT_*` variables. @param {Record<string, string>} env */
function readInputs(env) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const [k, v] of Object.entries(env)) if (k.startsWith("INPUT_")) out[k.slice(6).toLowerCase()] = v;
  return out;
}

/** @param {string} file */
export function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** Kills and reports an agent left running after its run (there should be none). @param {number | undefined} pid */
export function checkGone(pid, /** @type {string[]} */ leftovers, /** @type {string} */ what) {
  if (pid !== undefined && isProcessAlive(pid) && isOurs(pid)) {
    leftovers.push(`${what} (pid ${pid})`);
    killPids([pid, ...descendants(pid)]);
  }
}

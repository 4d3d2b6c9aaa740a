/**
 * The end-to-end tests' view of a step: runs the bundle built from src/ for this test run (see bundleEntry)
 * through the one launcher (./launch.mjs: inputs with action.yml's defaults, file commands, the runner's
 * variables, PATH to the fake agent, stdin closed), in a fresh git workspace with a push or pull-request
 * event, then reads stdout and stderr as lines of workflow commands, the file commands as the runner
 * parses them, and the fake agent's record.
 */

import { type ChildProcess, execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import {
  chmod,
  copyFile,
  cp,
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile as writeFileAsync,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { inject } from "vitest";
import { DIST } from "../../scripts/bundle.mjs";
import { buildErrorFile } from "./build-bundle.js";
import {
  FAKE_AGENT_DIR,
  FIXTURES_DIR,
  isProcessAlive,
  prepareStep,
  REPO_ROOT,
  readActionManifest,
  readFileCommand,
  spawnAction,
} from "./launch.mjs";
import { RunnerLineSplitter, readWorkflowCommandLines, type WorkflowLog } from "./workflow-commands.js";

const execFileAsync = promisify(execFile);
const FAST_CLOCK = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), "fast-clock.mjs")).href;

export {
  FAKE_AGENT,
  FAKE_AGENT_DIR,
  FIXTURES_DIR,
  inputEnvName,
  isProcessAlive,
  parseFileCommand,
  REPO_ROOT,
  readActionManifest,
} from "./launch.mjs";

type FileCommandResult = ReturnType<typeof readFileCommand>;

/** The absolute path of a file in fixtures/. */
export function fixture(name: string): string {
  return join(FIXTURES_DIR, name);
}

// ---------------------------------------------------------------------------------------------
// The fake agent's scenario and record (see test/fake-agent/fake-agent.mjs)

export interface FakeAgentScenario {
  /** Keep chats as the CLI does (docs/session.md): `--resume <id>` continues one it has. */
  chats?: boolean;
  /**
   * Where the fake CLI keeps them (test/fake-agent/fake-agent.mjs ChatRule): "env" (the default:
   * CURSOR_CONFIG_DIR, CURSOR_DATA_DIR, XDG_CONFIG_HOME, ~/.cursor), "data", "xdg", or "home" (always
   * ~/.cursor, as older builds).
   */
  chatRule?: "env" | "data" | "xdg" | "home";
  /** Absolute path of an ndjson file replayed to stdout byte for byte. Default: a 3-event success. */
  transcript?: string;
  /** Pause between lines (or chunks), ms. */
  delayMs?: number;
  /** Write fixed-size chunks instead of one write per line. */
  chunkBytes?: number;
  /** Stop the replay after this many lines (a run cut short: no result). */
  stopAfterLines?: number;
  /** Written to stderr after the replay. */
  stderr?: string;
  /** Exit code after the replay (default 0). */
  exitCode?: number;
  /** After the replay, die by this signal (a real death by signal, not the CLI's 143/130 exits). */
  signal?: NodeJS.Signals;
  /** Never exit: after the whole replay, or mid-stream (before the result, or after stopAfterLines). */
  hang?: "after-result" | "mid-stream";
  /** Ignore SIGTERM and SIGINT; only SIGKILL stops it. Otherwise SIGTERM → exit 143, SIGINT → 130. */
  ignoreSigterm?: boolean;
  /** Start `sh -c 'sleep 300'` in the agent's process group; its pid goes in the record. */
  spawnChild?: boolean;
  /** Where the record goes; the harness picks a temp path when absent. */
  record?: string;
  /** An API key the fake rejects as invalid. */
  badKey?: string;
  /** Refuse to run without --trust, --yolo or -f (default true). */
  requireTrust?: boolean;
  /** The models --model accepts (any when absent). */
  models?: string[];
  /**
   * Before writing line N (0-based), wait until this file exists (see {@link createGate}): the test lets the
   * agent go on when something it waits for has happened, instead of guessing how long that takes.
   */
  gates?: Record<number, string>;
  /**
   * Before writing line N (after its gate), pause this many ms. Only for a test that shows something does
   * NOT happen within a while: a slow machine can then only miss a wrong request, never fail a right run.
   */
  pauses?: Record<number, number>;
}

export interface FakeAgentRecord {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  pid: number;
  /** spawnChild's `sh -c 'sleep 300'`, and the `sleep` it forked. */
  childPid?: number;
  grandchildPid?: number;
  /** Signals received, in order. */
  signals: string[];
  /** fd 0 was /dev/null, absent, or a pipe already at end-of-file; null if it died before checking. */
  stdinIsClosedOrNull: boolean | null;
  parsed?: { options: Record<string, string | boolean | string[] | null>; prompt: string };
  /** What the fake did: "usage-error", "auth-required", "bad-key", "untrusted", "unknown-model", "finished", ... */
  outcome: string;
  exitCode?: number;
  /** The line whose gate the replay is waiting on. */
  waitingAt?: number;
  /** With `chats`: where the chat was kept, its id, the id asked for, whether it was found, its turns before. */
  chat?: { dir: string; id: string; asked?: string; resumed: boolean; before: string[] };
}

/** A gate for {@link FakeAgentScenario.gates}: the fake agent waits before a line until it is opened. */
export interface Gate {
  file: string;
  open(): void;
}

/** A closed gate, in a directory that cleanupActionRuns() removes. */
export function createGate(): Gate {
  const dir = mkdtempSync(join(tmpdir(), "cursor-agent-action-gate-"));
  runRoots.add(dir);
  const file = join(dir, "open");
  return { file, open: () => writeFileSync(file, "") };
}

// ---------------------------------------------------------------------------------------------
// action.yml

/**
 * action.yml's `runs.main`, in the bundle the global setup built from src/ (test/harness/build-bundle.ts)
 * instead of the committed dist/: `dist/index.js` becomes `<bundleDir>/index.js`.
 */
export async function bundleEntry(): Promise<string> {
  const main = readActionManifest().main;
  const inBundle = relative(DIST, main);
  if (inBundle.startsWith("..") || isAbsolute(inBundle)) {
    throw new Error(`action.yml runs.main (${main}) is not in ${DIST}/, where scripts/bundle.mjs builds`);
  }
  const dir = inject("bundleDir");
  const entry = join(dir, inBundle);
  // The global setup may still be building: the directory appears whole (renamed), or the error file does.
  const deadline = Date.now() + BUILD_WAIT_MS;
  while (!existsSync(entry)) {
    const failure = await readFile(buildErrorFile(dir), "utf8").catch(() => undefined);
    if (failure !== undefined) throw new Error(failure);
    if (Date.now() > deadline)
      throw new Error(`the bundle under test did not appear at ${dir} within ${BUILD_WAIT_MS} ms`);
    await sleep(50);
  }
  return entry;
}

/** Far beyond ncc's ~10 s on two busy cores; only a hung build waits this long. */
const BUILD_WAIT_MS = 180_000;

// ---------------------------------------------------------------------------------------------
// Options and results

export interface PullRequestOptions {
  number: number;
  /** The head is in a fork: the token is read-only there. */
  fork?: boolean;
  headRef?: string;
  baseRef?: string;
  author?: string;
}

export interface RunActionOptions {
  /** Inputs by action.yml name; undefined means "not given" (the default applies). */
  inputs?: Record<string, string | number | boolean | undefined>;
  /** Extra environment, applied last; undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** Written to a temp JSON file named by FAKE_AGENT_SCENARIO; `record` defaults to a temp path. */
  scenario?: FakeAgentScenario;
  /** Use this directory as GITHUB_WORKSPACE instead of a fresh git repository. */
  workspace?: string;
  /** Default `push`, or `pull_request` when `pullRequest` is given. */
  eventName?: string;
  pullRequest?: PullRequestOptions;
  /** Replaces the generated event payload. */
  eventPayload?: Record<string, unknown>;
  /** GITHUB_API_URL, e.g. the stand-in's url. Default https://api.github.com. */
  apiUrl?: string;
  /** The value of `${{ github.token }}` in defaults. */
  githubToken?: string;
  /** Kill the action (SIGKILL) after this long. Default 90 s. */
  timeoutMs?: number;
  onStdout?: (chunk: string) => void;
  onStderr?: (chunk: string) => void;
  /** The script to run instead of action.yml's `runs.main` (absolute, or relative to the repo root). */
  entry?: string;
  /**
   * Run the action on a clock this many times faster (./fast-clock.mjs): for a test about the action's own
   * deadlines, whose assertions do not depend on how long its work takes.
   */
  clockRate?: number;
  /** A script node loads before the action (`--require`): a probe of the action's own process. */
  preload?: string;
}

export interface ActionDirs {
  /** Everything below lives here; removed by cleanupActionRuns(). */
  root: string;
  workspace: string;
  runnerTemp: string;
  home: string;
  /** Where GITHUB_OUTPUT & co. are, like the runner's `_runner_file_commands`. */
  fileCommands: string;
  eventPath: string;
  scenario?: string;
  record?: string;
}

export interface ActionResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** $GITHUB_OUTPUT as the runner reads it. */
  outputs: Record<string, string>;
  /** The runner's error for a malformed $GITHUB_OUTPUT (it fails the step). */
  outputsError?: string;
  summary: string;
  /** Bytes of $GITHUB_STEP_SUMMARY; the runner drops a summary over 1 MiB with an error. */
  summaryBytes: number;
  state: Record<string, string>;
  stateError?: string;
  /** $GITHUB_ENV and $GITHUB_PATH, for completeness. */
  exportedEnv: Record<string, string>;
  addedPath: string[];
  /** The fake agent's record, if it started. */
  record?: FakeAgentRecord;
  /**
   * Whether the agent / its spawnChild processes (`sh` or the `sleep` it forked) were still running
   * once the action had exited (they are then killed). Undefined when there was no such process.
   */
  agentAliveAfterExit?: boolean;
  agentChildAliveAfterExit?: boolean;
  /** stdout and stderr lines in arrival order, read as the runner reads them. */
  log: WorkflowLog;
  durationMs: number;
  timedOut: boolean;
  /** The process exited but something kept its stdout/stderr open past the runner's 5 s wait. */
  streamsHeldOpen: boolean;
  signalsSent: { signal: NodeJS.Signals; atMs: number }[];
  /** The environment the action was started with. */
  env: Record<string, string>;
  dirs: ActionDirs;
}

export interface ActionHandle {
  child: ChildProcess;
  dirs: ActionDirs;
  env: Record<string, string>;
  done: Promise<ActionResult>;
  /** stdout so far. */
  stdout(): string;
  /** Resolves once stdout contains the text or matches the pattern. */
  waitForStdout(pattern: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves with the fake agent's record once it exists (and satisfies `until`). */
  waitForRecord(until?: (record: FakeAgentRecord) => boolean, timeoutMs?: number): Promise<FakeAgentRecord>;
  /** Sends a signal to the action process (only the process, like the runner). */
  kill(signal?: NodeJS.Signals): boolean;
  /**
   * Cancels like the runner on Linux: SIGINT, then SIGTERM after `sigintMs` (7.5 s), then SIGKILL
   * to the action process alone after `sigtermMs` (2.5 s) more. Resolves with the result.
   */
  cancelLikeRunner(timings?: { sigintMs?: number; sigtermMs?: number }): Promise<ActionResult>;
}

// ---------------------------------------------------------------------------------------------
// Setup

const runRoots = new Set<string>();
const leftoverPids = new Set<number>();
const recordPaths = new Set<string>();

/** Removes every temp directory made by startAction/runAction and kills stray fake agents. */
export async function cleanupActionRuns(): Promise<void> {
  // An agent may have started after its action exited, so look at every record once more.
  for (const path of recordPaths) {
    const record = await readRecord(path);
    for (const pid of agentPids(record)) if (isProcessAlive(pid)) leftoverPids.add(pid);
  }
  recordPaths.clear();
  for (const pid of leftoverPids) killQuietly(pid);
  leftoverPids.clear();
  await Promise.all([...runRoots].map((root) => rm(root, { recursive: true, force: true })));
  runRoots.clear();
  shared = undefined;
  template = undefined;
}

// ---------------------------------------------------------------------------------------------
// For other users

/** Node, the bundle under test and the fake agent, where any user can read and run them. */
export interface SharedCopy {
  dir: string;
  /** This Node, as `<dir>/bin/node`: put `bin` first on PATH and `#!/usr/bin/env node` finds it. */
  bin: string;
  node: string;
  /** The bundle's entry (action.yml's `runs.main`). */
  entry: string;
  /** The fake agent's directory (for PATH) and its `cursor-agent` launcher. */
  fakeAgentDir: string;
  fakeAgent: string;
}

let shared: Promise<SharedCopy> | undefined;

/**
 * A copy of what a test runs as another user, in a directory any user can enter, made once per test file
 * (cleanupActionRuns() removes it). The checkout itself may sit in a private directory (0700) that only its
 * owner can enter: Node (node_modules/node), the fake agent (test/fake-agent) and, with TMPDIR there, the
 * bundle would all be out of that user's reach.
 */
export function sharedWithOtherUsers(): Promise<SharedCopy> {
  shared ??= (async () => {
    const dir = await mkdtemp(join(await worldTraversableTemp(), "cursor-agent-action-shared-"));
    runRoots.add(dir);
    const bin = join(dir, "bin");
    await mkdir(bin);
    const node = join(bin, "node");
    // A hard link costs nothing (the same file system); a copy otherwise.
    await link(process.execPath, node).catch(() => copyFile(process.execPath, node));
    const entry = await bundleEntry();
    const bundleDir = inject("bundleDir");
    await cp(bundleDir, join(dir, "bundle"), { recursive: true });
    const fakeAgentDir = join(dir, "fake-agent");
    await cp(FAKE_AGENT_DIR, fakeAgentDir, { recursive: true });
    await openToAll(dir);
    return {
      dir,
      bin,
      node,
      entry: join(dir, "bundle", relative(bundleDir, entry)),
      fakeAgentDir,
      fakeAgent: join(fakeAgentDir, "cursor-agent"),
    };
  })();
  return shared;
}

/** The temp directory, if every directory above it lets others through; else /tmp, which must. */
async function worldTraversableTemp(): Promise<string> {
  for (const candidate of [tmpdir(), "/tmp"]) {
    let ok = true;
    for (let d = resolve(candidate); ; d = dirname(d)) {
      if (((await stat(d)).mode & 0o001) === 0) ok = false;
      if (d === dirname(d)) break;
    }
    if (ok) return candidate;
  }
  throw new Error(`neither ${tmpdir()} nor /tmp can be entered by other users`);
}

/** `chmod -R a+rX`: readable by all; directories, and what was executable, runnable by all. */
async function openToAll(path: string): Promise<void> {
  const info = await stat(path);
  const mode = info.mode & 0o7777;
  const wanted = mode | 0o444 | (info.isDirectory() || mode & 0o111 ? 0o111 : 0);
  // Only when it changes: Node's copy is a hard link to the original.
  if (wanted !== mode) await chmod(path, wanted);
  if (info.isDirectory()) for (const name of await readdir(path)) await openToAll(join(path, name));
}

const REPOSITORY = "octo/repo";
const FIXED_DATE = "2026-01-01T00:00:00Z";

async function git(cwd: string, home: string, ...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync("git", args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: home,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_DATE: FIXED_DATE,
      GIT_COMMITTER_DATE: FIXED_DATE,
    },
  });
  return stdout.trim();
}

/** A repository with one commit, as actions/checkout would leave it: made by git once, at `path`. */
async function initWorkspace(path: string, home: string): Promise<string> {
  await mkdir(path, { recursive: true });
  await git(path, home, "-c", "init.defaultBranch=main", "init", "-q");
  await git(path, home, "config", "user.name", "Test User");
  await git(path, home, "config", "user.email", "test@example.com");
  await writeFileAsync(join(path, "README.md"), "# repo\n\nA test workspace.\n");
  await git(path, home, "add", "README.md");
  await git(path, home, "commit", "-q", "-m", "Initial commit");
  return git(path, home, "rev-parse", "HEAD");
}

/**
 * The first workspace of a test file's runs is made by git ({@link initWorkspace}); every later one is a
 * copy of it. The commit is the same either way (fixed content, author and dates), and copying saves the
 * six git processes a run would start (~1,400 in a suite).
 */
let template: Promise<{ dir: string; sha: string }> | undefined;

/** A fresh repository with one commit, as actions/checkout would leave it. */
async function createWorkspace(path: string, home: string): Promise<string> {
  template ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), "cursor-agent-action-template-"));
    runRoots.add(dir);
    const sha = await initWorkspace(join(dir, "repo"), home);
    return { dir: join(dir, "repo"), sha };
  })();
  const { dir, sha } = await template;
  await mkdir(dirname(path), { recursive: true });
  // cpSync, not fs/promises' cp: the promise version stats each entry several times through the thread
  // pool, ~24 ms of CPU a copy of this 43-entry repository against ~4 ms (~180 copies in a suite).
  cpSync(dir, path, { recursive: true });
  return sha;
}

async function headSha(workspace: string, home: string): Promise<string> {
  return git(workspace, home, "rev-parse", "HEAD").catch(() => "0".repeat(40));
}

function repositoryJson(fullName: string, fork: boolean) {
  const [owner = "octo", name = "repo"] = fullName.split("/");
  return {
    id: fork ? 222_222 : 111_111,
    node_id: fork ? "R_fork" : "R_repo",
    name,
    full_name: fullName,
    private: false,
    fork,
    owner: { login: owner, id: fork ? 3333 : 4444, type: fork ? "User" : "Organization" },
    html_url: `https://github.com/${fullName}`,
    default_branch: "main",
  };
}

function eventPayload(options: RunActionOptions, sha: string): Record<string, unknown> {
  if (options.eventPayload) return options.eventPayload;
  const repository = repositoryJson(REPOSITORY, false);
  const pr = options.pullRequest;
  if (!pr) {
    return {
      ref: "refs/heads/main",
      before: "0".repeat(40),
      after: sha,
      repository,
      pusher: { name: "octocat", email: "octocat@example.com" },
      sender: { login: "octocat", id: 583_231, type: "User" },
      head_commit: { id: sha, message: "Initial commit", timestamp: FIXED_DATE },
      commits: [],
    };
  }
  const author = pr.author ?? (pr.fork ? "outsider" : "octocat");
  const headRepo = pr.fork ? repositoryJson(`${author}/repo`, true) : repository;
  const headRef = pr.headRef ?? "feature";
  return {
    action: "opened",
    number: pr.number,
    pull_request: {
      id: 900_000 + pr.number,
      number: pr.number,
      state: "open",
      draft: false,
      title: "A change",
      body: "Please review.",
      html_url: `https://github.com/${REPOSITORY}/pull/${pr.number}`,
      user: { login: author, id: 5555, type: "User" },
      author_association: pr.fork ? "CONTRIBUTOR" : "MEMBER",
      head: { label: `${headRepo.owner.login}:${headRef}`, ref: headRef, sha, repo: headRepo },
      base: { label: `octo:${pr.baseRef ?? "main"}`, ref: pr.baseRef ?? "main", sha, repo: repository },
    },
    repository,
    sender: { login: author, id: 5555, type: "User" },
  };
}

async function prepare(options: RunActionOptions) {
  const root = await mkdtemp(join(tmpdir(), "cursor-agent-action-"));
  runRoots.add(root);
  const runnerTemp = join(root, "runner-temp");
  const home = join(root, "home");
  await mkdir(home, { recursive: true });

  const workspace = options.workspace ? resolve(options.workspace) : join(root, "work", "repo", "repo");
  const sha = options.workspace ? await headSha(workspace, home) : await createWorkspace(workspace, home);

  let scenario: string | undefined;
  let record: string | undefined;
  let scenarioEnv: Record<string, string> = {};
  if (options.scenario) {
    record = options.scenario.record ?? join(root, "agent-record.json");
    scenario = join(root, "agent-scenario.json");
    await writeFileAsync(scenario, JSON.stringify({ ...options.scenario, record }, null, 2));
    scenarioEnv = { FAKE_AGENT_SCENARIO: scenario };
  } else if (options.env?.FAKE_AGENT_SCENARIO) {
    scenario = options.env.FAKE_AGENT_SCENARIO;
    record = recordPathOf(scenario);
  }
  if (record) recordPaths.add(record);

  const pr = options.pullRequest;
  const { env, files, eventPath } = prepareStep({
    workspace,
    runnerTemp,
    home,
    sha,
    event: eventPayload(options, sha),
    eventName: options.eventName ?? (pr ? "pull_request" : "push"),
    repository: REPOSITORY,
    // The tests run side by side as root, where the default (auto) would run every agent as one shared
    // user, and end its processes: each test that is about that strategy names it (test/hostile/).
    inputs: { "safety-strategy": "no-sudo", ...options.inputs },
    token: options.githubToken,
    apiUrl: options.apiUrl,
    pullRequest: pr,
    env: { NODE_COMPILE_CACHE: COMPILE_CACHE, ...scenarioEnv, ...options.env },
  });
  const dirs: ActionDirs = {
    root,
    workspace,
    runnerTemp,
    home,
    fileCommands: dirname(files.GITHUB_OUTPUT),
    eventPath,
    scenario,
    record,
  };
  return { dirs, env, files };
}

function recordPathOf(scenarioPath: string): string | undefined {
  try {
    const scenario = JSON.parse(readFileSync(scenarioPath, "utf8")) as FakeAgentScenario;
    return scenario.record;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Processes

/** The fake agent and the processes it started. */
function agentPids(record: FakeAgentRecord | undefined): number[] {
  return [record?.pid, record?.childPid, record?.grandchildPid].filter(
    (pid): pid is number => pid !== undefined,
  );
}

function killQuietly(pid: number, signal: NodeJS.Signals = "SIGKILL"): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

async function aliveAfterGrace(pid: number | undefined, graceMs: number): Promise<boolean | undefined> {
  if (pid === undefined) return undefined;
  const deadline = Date.now() + graceMs;
  while (isProcessAlive(pid)) {
    if (Date.now() >= deadline) return true;
    await sleep(10);
  }
  return false;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
}

/** True if `promise` settles within `ms`; the timer is cleared either way so nothing lingers. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolvePromise) => {
    timer = setTimeout(() => resolvePromise(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true as const,
        () => true as const,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function readRecord(path: string | undefined): Promise<FakeAgentRecord | undefined> {
  if (!path) return undefined;
  try {
    return JSON.parse(await readFile(path, "utf8")) as FakeAgentRecord;
  } catch {
    return undefined;
  }
}

/**
 * V8's code cache for the ~180 runs of a suite (and the fake agent, which inherits it): each run compiled
 * the same bundle chunks, 25–95 ms of CPU a run. Node checks each entry against the file's contents and its
 * own version, so what runs is what was built. A runner starts the action once per job with no cache, so
 * bench/, which measures what users pay, never sets it. Measured: the suite's CPU 81–83 → 75–76 s.
 */
const COMPILE_CACHE = join(tmpdir(), "cursor-agent-action-compile-cache");

/** How long the runner waits for stdout/stderr to close after the process exited. */
const STREAM_GRACE_MS = 5_000;

/** Starts the action and returns at once; `done` settles when it has exited. */
/** When the harness kills an action that has not exited (a hang): far beyond any run here. */
const DEFAULT_KILL_MS = 90_000;

export async function startAction(options: RunActionOptions = {}): Promise<ActionHandle> {
  const { dirs, env, files } = await prepare(options);
  const entry = options.entry ? resolve(REPO_ROOT, options.entry) : await bundleEntry();
  if (!existsSync(entry)) throw new Error(`${entry} does not exist`);

  const startedAt = Date.now();
  const clock = options.clockRate ? ["--import", `${FAST_CLOCK}?rate=${options.clockRate}`] : [];
  const preload = options.preload ? ["--require", options.preload] : [];
  const child = spawnAction({ args: [...clock, ...preload, entry], cwd: dirs.workspace, env });

  let stdout = "";
  let stderr = "";
  const mergedLines: string[] = [];
  const splitters = { stdout: new RunnerLineSplitter(), stderr: new RunnerLineSplitter() };
  const stdoutWaiters = new Set<() => void>();
  const signalsSent: ActionResult["signalsSent"] = [];

  child.stdout?.setEncoding("utf8");
  child.stderr?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    stdout += chunk;
    mergedLines.push(...splitters.stdout.push(chunk));
    options.onStdout?.(chunk);
    for (const check of stdoutWaiters) check();
  });
  child.stderr?.on("data", (chunk: string) => {
    stderr += chunk;
    mergedLines.push(...splitters.stderr.push(chunk));
    options.onStderr?.(chunk);
  });

  const kill = (signal: NodeJS.Signals = "SIGTERM") => {
    signalsSent.push({ signal, atMs: Date.now() - startedAt });
    return child.kill(signal);
  };

  let timedOut = false;
  // A bound only a hang reaches (a run here takes seconds; CI may be several times slower).
  const timeout = setTimeout(() => {
    timedOut = true;
    kill("SIGKILL");
  }, options.timeoutMs ?? DEFAULT_KILL_MS);

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolvePromise, reject) => {
      child.once("error", reject);
      child.once("exit", (code, signal) => resolvePromise({ code, signal }));
    },
  );
  const streamsClosed = new Promise<void>((resolvePromise) => child.once("close", () => resolvePromise()));

  const done = (async (): Promise<ActionResult> => {
    const { code, signal } = await exited;
    const durationMs = Date.now() - startedAt;
    clearTimeout(timeout);
    // Like the runner: wait a while for the pipes to close, then stop waiting for them.
    const streamsHeldOpen = !(await settlesWithin(streamsClosed, STREAM_GRACE_MS));
    if (streamsHeldOpen) {
      child.stdout?.destroy();
      child.stderr?.destroy();
    }
    mergedLines.push(...splitters.stdout.end(), ...splitters.stderr.end());

    const record = await readRecord(dirs.record);
    const agentAliveAfterExit = await aliveAfterGrace(record?.pid, 250);
    const childAlive = await aliveAfterGrace(record?.childPid, 250);
    const grandchildAlive = await aliveAfterGrace(record?.grandchildPid, 250);
    const agentChildAliveAfterExit =
      childAlive === undefined ? undefined : childAlive || grandchildAlive === true;
    for (const pid of agentPids(record)) {
      if (isProcessAlive(pid)) {
        leftoverPids.add(pid);
        killQuietly(pid);
      }
    }

    const [output, state, exportedEnv] = [files.GITHUB_OUTPUT, files.GITHUB_STATE, files.GITHUB_ENV].map(
      readFileCommand,
    ) as [FileCommandResult, FileCommandResult, FileCommandResult];
    const [summary, pathText] = await Promise.all([
      readFile(files.GITHUB_STEP_SUMMARY, "utf8").catch(() => ""),
      readFile(files.GITHUB_PATH, "utf8").catch(() => ""),
    ]);
    const summaryBytes = await stat(files.GITHUB_STEP_SUMMARY).then(
      (info) => info.size,
      () => 0,
    );

    return {
      code,
      signal,
      stdout,
      stderr,
      outputs: output.values,
      outputsError: output.error,
      summary,
      summaryBytes,
      state: state.values,
      stateError: state.error,
      exportedEnv: exportedEnv.values,
      addedPath: pathText.split("\n").filter((line) => line !== ""),
      record,
      agentAliveAfterExit,
      agentChildAliveAfterExit,
      log: readWorkflowCommandLines(mergedLines),
      durationMs,
      timedOut,
      streamsHeldOpen,
      signalsSent,
      env,
      dirs,
    };
  })();

  const waitForStdout = (pattern: string | RegExp, timeoutMs = 10_000) =>
    new Promise<void>((resolvePromise, reject) => {
      const matches = () => (typeof pattern === "string" ? stdout.includes(pattern) : pattern.test(stdout));
      const finish = (error?: Error) => {
        clearTimeout(timer);
        stdoutWaiters.delete(check);
        if (error) reject(error);
        else resolvePromise();
      };
      const check = () => {
        if (matches()) finish();
      };
      const timer = setTimeout(
        () => finish(new Error(`stdout did not match ${String(pattern)} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      stdoutWaiters.add(check);
      exited.then(
        () => setImmediate(() => (matches() ? finish() : finish(new Error("the action exited first")))),
        (error: Error) => finish(error),
      );
      check();
    });

  const waitForRecord = async (until?: (record: FakeAgentRecord) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const record = await readRecord(dirs.record);
      if (record && (!until || until(record))) return record;
      if (Date.now() >= deadline)
        throw new Error(`no fake-agent record at ${dirs.record} within ${timeoutMs} ms`);
      await sleep(20);
    }
  };

  const cancelLikeRunner = async ({ sigintMs = 7_500, sigtermMs = 2_500 } = {}) => {
    const hasExited = () => child.exitCode !== null || child.signalCode !== null;
    if (!hasExited()) {
      kill("SIGINT");
      if (!(await settlesWithin(exited, sigintMs))) {
        kill("SIGTERM");
        if (!(await settlesWithin(exited, sigtermMs))) kill("SIGKILL");
      }
    }
    return done;
  };

  return {
    child,
    dirs,
    env,
    done,
    stdout: () => stdout,
    waitForStdout,
    waitForRecord,
    kill,
    cancelLikeRunner,
  };
}

/** Runs the action to completion. */
export async function runAction(options: RunActionOptions = {}): Promise<ActionResult> {
  return (await startAction(options)).done;
}

/** Whether a command is on PATH (tests that need sudo, setfacl or setpriv skip without them). */
export function can(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

// @ts-check
/**
 * Preparing a run of the action through the tests' launcher (test/harness/launch.mjs: INPUT_* with
 * action.yml's defaults, file-command files, RUNNER_TEMP, stdin closed) next to the floor's view of the
 * same agent (its environment and command line), in a git checkout of the run's files; and reading what
 * a run left (its outputs, a JSON record).
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { prepareStep, readFileCommand } from "../../test/harness/launch.mjs";
import { API_KEY, EDIT_AGENT, GITHUB_TOKEN, OUT, PROMPT } from "./paths.mjs";

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
 * `unchanged`: the files are only the checkout's (no agent-then-edit, nothing to put back).
 * @param {{ agentPath: string, actionYml?: string, inputs?: Record<string, string>, env?: Record<string, string>, files?: WorkspaceFile[], unchanged?: boolean }} o
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
  const edits = o.files && !o.unchanged;
  if (edits) {
    finalDir = path.join(dir, "final");
    initialDir = path.join(dir, "initial");
    writeFiles(finalDir, o.files ?? [], "final");
    writeFiles(initialDir, o.files ?? [], "initial");
    editEnv = { BENCH_AGENT: o.agentPath, BENCH_FINAL_DIR: finalDir, BENCH_WORKSPACE: workspace };
    agentFile = EDIT_AGENT;
    chmodSync(EDIT_AGENT, 0o755);
  }
  const resetFiles = () => {
    rmSync(path.join(runnerTemp, "cursor-agent"), { recursive: true, force: true });
    for (const f of Object.values(commandFiles)) writeFileSync(f, "");
    if (edits) writeFiles(workspace, o.files ?? [], "initial");
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
  // What the action hands the agent (src/agent/command.ts): its environment without the inputs and
  // the file commands, plus the key; and its command line.
  const floorEnv = { ...step.runnerEnv, CURSOR_API_KEY: API_KEY };
  const agentArgs = agentCommandLine(readInputs(actionEnv), workspace);
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

/** The agent's arguments as the action builds them from its inputs. @param {Record<string, string>} inputs @param {string} workspace */
function agentCommandLine(inputs, workspace) {
  const args = ["--print", "--output-format", "stream-json"];
  if (inputs["stream-partial-output"] === "true") args.push("--stream-partial-output");
  args.push("--workspace", workspace);
  if (inputs.force === "true") args.push("--force");
  if (inputs.trust === "true") args.push("--trust");
  args.push("--", PROMPT);
  return args;
}

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

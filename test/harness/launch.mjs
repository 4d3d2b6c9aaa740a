// @ts-check
/**
 * The one launcher: starts the action the way the GitHub runner starts a `node24` action's step, for the
 * end-to-end tests (test/harness/run-action.ts), the bench (bench/lib.mjs) and the scripts (scripts/demo.mjs,
 * scripts/render-images.mjs). Plain JavaScript with JSDoc types, so that .mjs scripts import it without a
 * TypeScript loader and TypeScript files get its types (tsconfig.check.json has allowJs).
 *
 * What the runner does, and so what this does (docs/runner.md):
 * - every input declared in action.yml arrives as `INPUT_<NAME>`, its `default:` applied when not given
 *   (docs/runner.md#inputs); `required:` is not enforced;
 * - the file commands are empty files under `$RUNNER_TEMP/_runner_file_commands/`, and the event payload
 *   a JSON file under `$RUNNER_TEMP/_github_workflow/` (docs/runner.md#file-commands);
 * - the step gets the GITHUB_* / RUNNER_* / ACTIONS_* variables of a hosted Linux runner;
 * - `node <runs.main>` starts with stdin closed at once (a pipe already at end of file);
 * - afterwards `$GITHUB_OUTPUT` & co. are parsed as the runner parses them.
 * `PATH` starts with test/fake-agent (unless told otherwise), so `cursor-agent` is the fake agent.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const ACTION_YML = path.join(REPO_ROOT, "action.yml");
export const FAKE_AGENT_DIR = path.join(REPO_ROOT, "test", "fake-agent");
export const FAKE_AGENT = path.join(FAKE_AGENT_DIR, "cursor-agent");
export const FIXTURES_DIR = path.join(REPO_ROOT, "fixtures");

// ---------------------------------------------------------------------------------------------
// action.yml

/** @typedef {{ name: string, default?: string, required: boolean }} ActionInput */
/** @typedef {{ inputs: ActionInput[], main: string }} ActionManifest */

/** @type {Map<string, ActionManifest>} */
const manifests = new Map();

/**
 * action.yml's inputs and `runs.main`, read with a YAML parser (cached per file).
 * @param {string} [actionYml] another action.yml (the bench measures older builds with their own)
 * @returns {ActionManifest}
 */
export function readActionManifest(actionYml = ACTION_YML) {
  const cached = manifests.get(actionYml);
  if (cached) return cached;
  /** @type {{ inputs?: Record<string, { default?: unknown, required?: unknown } | null>, runs?: { main?: string } }} */
  const document = parseYaml(readFileSync(actionYml, "utf8"));
  const inputs = Object.entries(document.inputs ?? {}).map(([name, spec]) => ({
    name,
    default: spec?.default === undefined || spec.default === null ? undefined : String(spec.default),
    required: spec?.required === true,
  }));
  const manifest = { inputs, main: document.runs?.main ?? "dist/index.js" };
  manifests.set(actionYml, manifest);
  return manifest;
}

/** `INPUT_<NAME>`: spaces become `_`, upper-cased, dashes kept (the runner's Handler.cs). @param {string} name */
export function inputEnvName(name) {
  return `INPUT_${name.replaceAll(" ", "_").toUpperCase()}`;
}

/**
 * Evaluates a `default:` the way the runner would for the two expressions this action uses; anything else
 * is a launcher limitation and fails loudly rather than passing a wrong value.
 * @param {string} value @param {{ workspace: string, token: string }} context
 */
function evaluateDefault(value, context) {
  return value.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, /** @type {string} */ expression) => {
    if (expression === "github.workspace") return context.workspace;
    if (expression === "github.token") return context.token;
    throw new Error(`action.yml default uses an expression the launcher cannot evaluate: ${expression}`);
  });
}

/** @typedef {Record<string, string | number | boolean | undefined>} Inputs by action.yml name; undefined: not given */

/**
 * The `INPUT_*` variables: every declared input is set (its value, its default, or the empty string), and
 * inputs the action does not declare still reach it (the runner only warns).
 * @param {Inputs | undefined} given @param {{ workspace: string, token: string }} context @param {string} [actionYml]
 * @returns {Record<string, string>}
 */
export function inputEnv(given, context, actionYml) {
  /** @type {Record<string, string>} */
  const env = {};
  /** @type {Map<string, string>} */
  const provided = new Map();
  for (const [name, value] of Object.entries(given ?? {})) {
    if (value !== undefined) provided.set(name.toLowerCase(), String(value));
  }
  for (const input of readActionManifest(actionYml).inputs) {
    const value = provided.get(input.name.toLowerCase());
    provided.delete(input.name.toLowerCase());
    env[inputEnvName(input.name)] =
      value ?? (input.default === undefined ? "" : evaluateDefault(input.default, context));
  }
  for (const [name, value] of Object.entries(given ?? {})) {
    if (value !== undefined && provided.has(name.toLowerCase())) env[inputEnvName(name)] = String(value);
  }
  return env;
}

// ---------------------------------------------------------------------------------------------
// File commands ($GITHUB_OUTPUT, $GITHUB_STATE, $GITHUB_ENV, $GITHUB_PATH, $GITHUB_STEP_SUMMARY)

/**
 * @typedef {{ GITHUB_OUTPUT: string, GITHUB_STATE: string, GITHUB_ENV: string, GITHUB_PATH: string,
 *   GITHUB_STEP_SUMMARY: string }} FileCommands
 */

/**
 * Parses a file-command file as the runner's `EnvFileKeyValuePairs` does on Linux into `values`: `NAME=VALUE`
 * lines and `NAME<<DELIMITER` … `DELIMITER` blocks; only `\n` ends a line (a `\r` stays in the value).
 * Throws the runner's errors for malformed content (each fails the step); pairs before it stay applied.
 * @param {string} text @param {Record<string, string>} [values]
 */
export function parseFileCommand(text, values = {}) {
  let index = 0;
  const readLine = () => {
    if (index >= text.length) return undefined;
    const lf = text.indexOf("\n", index);
    const start = index;
    if (lf < 0) {
      index = text.length;
      return { line: text.slice(start), newline: false };
    }
    index = lf + 1;
    return { line: text.slice(start, lf), newline: true };
  };
  for (let current = readLine(); current !== undefined; current = readLine()) {
    const { line } = current;
    if (line === "") continue;
    const equals = line.indexOf("=");
    const heredoc = line.indexOf("<<");
    if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
      values[line.slice(0, equals)] = line.slice(equals + 1);
    } else if (heredoc >= 0 && (equals < 0 || heredoc < equals)) {
      const key = line.slice(0, heredoc);
      const delimiter = line.slice(heredoc + 2);
      if (key === "" || delimiter === "") {
        throw new Error(`Invalid format '${line}'. Name must not be empty and delimiter must not be empty`);
      }
      const start = index;
      let end = index;
      for (let next = readLine(); next?.line !== delimiter; next = readLine()) {
        if (next === undefined) throw new Error(`Invalid value. Matching delimiter not found '${delimiter}'`);
        if (!next.newline) throw new Error("Invalid value. EOF marker missing new line.");
        end = index - 1;
      }
      values[key] = end > start ? text.slice(start, end) : "";
    } else {
      throw new Error(`Invalid format '${line}'`);
    }
  }
  return values;
}

/**
 * A file command as the runner reads it after the step (a BOM skipped; a missing file is empty).
 * @param {string} file @returns {{ values: Record<string, string>, error?: string }}
 */
export function readFileCommand(file) {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    // never written
  }
  /** @type {Record<string, string>} */
  const values = {};
  try {
    parseFileCommand(text.startsWith("\uFEFF") ? text.slice(1) : text, values);
    return { values };
  } catch (error) {
    return { values, error: error instanceof Error ? error.message : String(error) };
  }
}

// ---------------------------------------------------------------------------------------------
// The step's environment

/**
 * @typedef {object} StepSpec
 * @property {string} workspace GITHUB_WORKSPACE, and the step's working directory
 * @property {string} runnerTemp RUNNER_TEMP: the file commands and the event file are made under it
 * @property {Record<string, unknown>} event the payload written to GITHUB_EVENT_PATH
 * @property {string} [eventName] default `push`
 * @property {Inputs} [inputs]
 * @property {string} [actionYml] whose inputs and defaults apply (default: this repository's)
 * @property {string} [token] the value of `${{ github.token }}`
 * @property {string} [home] default: the user's
 * @property {string[]} [pathFirst] directories put before Node's and the inherited PATH (default: the fake agent's)
 * @property {string} [sha] GITHUB_SHA; default forty zeros
 * @property {string} [apiUrl] GITHUB_API_URL; default https://api.github.com
 * @property {string} [repository] GITHUB_REPOSITORY; default octo/repo
 * @property {string} [actor] GITHUB_ACTOR; default octocat
 * @property {{ number: number, headRef?: string, baseRef?: string }} [pullRequest] sets the merge ref
 * @property {Record<string, string | undefined>} [env] applied last; undefined removes a variable
 */

/**
 * Makes the step's files and environment: `env` is what the action starts with; `runnerEnv` the same
 * without the inputs and the file commands (what the action passes on to the agent, roughly).
 * @param {StepSpec} spec
 */
export function prepareStep(spec) {
  const fileCommandsDir = path.join(spec.runnerTemp, "_runner_file_commands");
  const workflowDir = path.join(spec.runnerTemp, "_github_workflow");
  mkdirSync(fileCommandsDir, { recursive: true });
  mkdirSync(workflowDir, { recursive: true });
  /** @type {FileCommands} */
  const files = {
    GITHUB_OUTPUT: path.join(fileCommandsDir, `set_output_${randomUUID()}`),
    GITHUB_STATE: path.join(fileCommandsDir, `save_state_${randomUUID()}`),
    GITHUB_ENV: path.join(fileCommandsDir, `set_env_${randomUUID()}`),
    GITHUB_PATH: path.join(fileCommandsDir, `add_path_${randomUUID()}`),
    GITHUB_STEP_SUMMARY: path.join(fileCommandsDir, `step_summary_${randomUUID()}`),
  };
  for (const file of Object.values(files)) writeFileSync(file, "");
  const eventPath = path.join(workflowDir, "event.json");
  writeFileSync(eventPath, JSON.stringify(spec.event, null, 2));

  const token = spec.token ?? "ghs_harnessTokenForTests0000000000000000";
  const pr = spec.pullRequest;
  const repository = spec.repository ?? "octo/repo";
  const owner = repository.split("/")[0] ?? "octo";
  const actor = spec.actor ?? "octocat";
  const apiUrl = spec.apiUrl ?? "https://api.github.com";
  const sha = spec.sha ?? "0".repeat(40);
  const ref = pr ? `refs/pull/${pr.number}/merge` : "refs/heads/main";
  /** @type {Record<string, string>} */
  const runnerEnv = {
    PATH: [
      ...(spec.pathFirst ?? [FAKE_AGENT_DIR]),
      path.dirname(process.execPath),
      process.env.PATH ?? "",
    ].join(path.delimiter),
    HOME: spec.home ?? process.env.HOME ?? homedir(),
    LANG: "C.UTF-8",
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_ACTION: "__octo_cursor-agent-action",
    GITHUB_ACTION_PATH: REPO_ROOT,
    GITHUB_ACTION_REPOSITORY: "octo/cursor-agent-action",
    GITHUB_ACTION_REF: "v1",
    GITHUB_ACTOR: actor,
    GITHUB_ACTOR_ID: "583231",
    GITHUB_TRIGGERING_ACTOR: actor,
    GITHUB_API_URL: apiUrl,
    GITHUB_GRAPHQL_URL: `${apiUrl}/graphql`,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_EVENT_NAME: spec.eventName ?? "push",
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_JOB: "agent",
    GITHUB_REF: ref,
    GITHUB_REF_NAME: pr ? `${pr.number}/merge` : "main",
    GITHUB_REF_TYPE: "branch",
    GITHUB_REF_PROTECTED: "false",
    GITHUB_HEAD_REF: pr ? (pr.headRef ?? "feature") : "",
    GITHUB_BASE_REF: pr ? (pr.baseRef ?? "main") : "",
    GITHUB_REPOSITORY: repository,
    GITHUB_REPOSITORY_ID: "111111",
    GITHUB_REPOSITORY_OWNER: owner,
    GITHUB_REPOSITORY_OWNER_ID: "4444",
    GITHUB_RETENTION_DAYS: "90",
    GITHUB_RUN_ID: "1234567890",
    GITHUB_RUN_NUMBER: "7",
    GITHUB_RUN_ATTEMPT: "1",
    GITHUB_SHA: sha,
    GITHUB_WORKFLOW: "Agent",
    GITHUB_WORKFLOW_REF: `${repository}/.github/workflows/agent.yml@${ref}`,
    GITHUB_WORKFLOW_SHA: sha,
    GITHUB_WORKSPACE: spec.workspace,
    RUNNER_OS: "Linux",
    RUNNER_ARCH: "X64",
    RUNNER_NAME: "GitHub Actions 1",
    RUNNER_ENVIRONMENT: "github-hosted",
    RUNNER_TEMP: spec.runnerTemp,
    RUNNER_TOOL_CACHE: path.join(path.dirname(spec.runnerTemp), "toolcache"),
    RUNNER_WORKSPACE: path.dirname(spec.workspace),
    // Always present for node actions; a child that does not need them should not get them.
    ACTIONS_RUNTIME_URL: "https://pipelines.actions.githubusercontent.com/harness/",
    ACTIONS_RUNTIME_TOKEN: `runtime-token-${randomUUID()}`,
    ACTIONS_RESULTS_URL: "https://results-receiver.actions.githubusercontent.com/",
    ACTIONS_CACHE_URL: "https://artifactcache.actions.githubusercontent.com/harness/",
  };
  /** @type {Record<string, string>} */
  const env = {
    ...runnerEnv,
    ...files,
    ...inputEnv(spec.inputs, { workspace: spec.workspace, token }, spec.actionYml),
  };
  for (const [name, value] of Object.entries(spec.env ?? {})) {
    if (value === undefined) {
      delete env[name];
      delete runnerEnv[name];
    } else {
      env[name] = value;
      runnerEnv[name] = value;
    }
  }
  return { env, runnerEnv, files, eventPath };
}

/**
 * `runs.main` of an action.yml as the runner resolves it (relative to the action's directory).
 * @param {string} [actionYml]
 */
export function actionMain(actionYml = ACTION_YML) {
  const main = path.resolve(path.dirname(actionYml), readActionManifest(actionYml).main);
  if (!existsSync(main)) throw new Error(`${main} does not exist: build the bundle first (npm run bundle)`);
  return main;
}

/**
 * Starts `node <args>` (the entry script last, after any node options) as the runner starts a step: in
 * `cwd` with exactly `env`, stdin a pipe closed at once, stdout a pipe (or the given file descriptor),
 * stderr a pipe.
 * @param {{ args: string[], env: Record<string, string>, cwd: string, stdout?: "pipe" | number }} o
 */
export function spawnAction(o) {
  const child = spawn(process.execPath, o.args, {
    cwd: o.cwd,
    env: o.env,
    stdio: ["pipe", o.stdout ?? "pipe", "pipe"],
  });
  child.stdin?.end();
  return child;
}

/** Alive and not a zombie: a killed orphan may linger as a zombie where nothing reaps it. @param {number} pid */
export function isProcessAlive(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    if (existsSync("/proc/self/stat")) return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

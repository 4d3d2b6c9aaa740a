/**
 * Settings: every input read and validated in one place, into one typed object.
 *
 * The runner applies action.yml's defaults but enforces nothing (docs/runner.md "Inputs"), and other hosts
 * (the local-action runner, a bare `node dist/index.js`) apply none, so the defaults are mirrored here;
 * a test reads action.yml so the two cannot drift. A bad input is an {@link InputError}: one line naming
 * the input and what is wrong.
 */

import { statSync } from "node:fs";
import path from "node:path";
import { InputError } from "../base/errors.js";
import { oneLine } from "../base/format.js";
import { MAX_PROMPT_BYTES } from "../base/limits.js";
import { type ContractSettings, readContractInputs } from "./contract.js";
import { CONVERSATION_EVENTS, type ConversationSettings, readConversationInputs } from "./conversation.js";
import { type DeliverSettings, readDeliverInputs } from "./deliver.js";
import { splitArgs } from "./extra-args.js";
import { INPUT_FILE_MAX_BYTES, type InputRoots, readInputFile } from "./input-file.js";
import { type InstallSettings, readInstallInputs } from "./install.js";
import { bool, headers, list, minutes, oneOf, wholeNumber } from "./values.js";

export const INPUT_DEFAULTS = {
  prompt: "",
  "prompt-file": "",
  "api-key": "",
  model: "",
  workspace: "",
  force: "false",
  trust: "true",
  "approve-mcps": "false",
  headers: "",
  resume: "",
  "require-resume": "false",
  "max-tool-calls": "",
  session: "",
  "timeout-minutes": "0",
  "agent-path": "cursor-agent",
  "extra-args": "",
  "stream-partial-output": "false",
  transcript: "",
  "fail-on-error": "true",
  "log-tool-output-lines": "40",
  "show-thinking": "false",
  comment: "true",
  progress: "true",
  "comment-key": "",
  "github-token": "",
  "job-summary": "true",
  "allowed-users": "",
  "allowed-bots": "",
  "protect-config": "true",
  "safety-strategy": "auto",
  "agent-user": "cursor-agent",
  "output-schema": "",
  "output-schema-file": "",
  review: "false",
  "fail-on-severity": "none",
  "cursor-version": "",
  "download-base-url": "https://downloads.cursor.com",
  "cursor-sha256": "",
  deliver: "none",
  branch: "",
  "allow-default-branch": "false",
  "deliver-on-failure": "false",
  "protected-paths": "default",
  "trigger-phrase": "@cursor",
  "assignee-trigger": "",
  "label-trigger": "",
} as const;

export type InputName = keyof typeof INPUT_DEFAULTS;

export interface Settings {
  /** The prompt text (from `prompt`, or read from `prompt-file`). Empty when replaying a transcript. */
  prompt: string;
  apiKey?: string;
  model?: string;
  /** Absolute. */
  workspace: string;
  force: boolean;
  trust: boolean;
  approveMcps: boolean;
  /** `Name: value` pairs, one `-H` each. */
  headers: string[];
  /** A session id to continue (`--resume`). */
  resume?: string;
  /** The CLI starting another chat than `resume` fails the run (it does so silently, and exits 0). */
  requireResume: boolean;
  /** Tool calls the agent may start; undefined: no limit. */
  maxToolCalls?: number;
  /**
   * `pull-request`: the thread's chat carried across runs in the Actions cache (src/session/). Unset, it is
   * `new`, or `pull-request` in conversation mode.
   */
  session: "new" | "pull-request";
  /** The cache service's token, kept in the action's memory only (it leaves the environment once read). */
  runtimeToken?: string;
  /** Stop the agent after this long; 0 means no limit. */
  timeoutMs: number;
  agentPath: string;
  /**
   * Arguments before the CLI's own: an installed CLI that is started through the node it bundles (Windows:
   * install/platform.ts `launcherIn`) has its index.js here. Never an input.
   */
  agentArgs: string[];
  extraArgs: string[];
  streamPartialOutput: boolean;
  /** A saved stream to render instead of running the agent (absolute). */
  transcript?: string;
  failOnError: boolean;
  toolOutputLines: number;
  showThinking: boolean;
  /** Post (and keep updated) one PR comment with the report. */
  comment: boolean;
  /** Write the comment when the agent starts and keep it current while it runs (only where it comments). */
  progress: boolean;
  /** Tells this step's comment from others' (matrix jobs set their own). */
  commentKey: string;
  githubToken?: string;
  jobSummary: boolean;
  /** Logins that may start the agent on comment, review and issue events without write permission. */
  allowedUsers: string[];
  /** Bot logins that may start it (`*`: any bot). */
  allowedBots: string[];
  /** Restore the agent's configuration files from a PR's base before the agent starts. */
  protectConfig: boolean;
  /** How the agent is kept from the job's privileges (src/security/strategy.ts). */
  safetyStrategy: SafetyStrategy;
  /** The user the agent runs as, for `unprivileged-user`. */
  agentUser?: string;
  /** Structured output and review mode (src/structured/). */
  contract: ContractSettings;
  /** Which Cursor CLI runs, and where it is downloaded from (src/install/). */
  install: InstallSettings;
  /** What becomes of the agent's changes (src/deliver/). */
  deliver: DeliverSettings;
  /**
   * Conversation mode (src/conversation/): the event is a comment, a review or an issue, and no transcript
   * is replayed. The prompt is then optional (without one the trigger phrase decides whether to run).
   */
  conversation?: ConversationSettings;
}

export type GetInput = (name: InputName) => string;

/** Reads `INPUT_<NAME>` as the runner sets it (upper-cased, spaces to `_`, dashes kept). */
export function inputsFromEnv(env: NodeJS.ProcessEnv): GetInput {
  return (name) => (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}

export function readSettings(getInput: GetInput, env: NodeJS.ProcessEnv): Settings {
  const get = (name: InputName): string => getInput(name) || INPUT_DEFAULTS[name];

  const workspace = resolveWorkspace(get("workspace") || env.GITHUB_WORKSPACE || process.cwd());
  const roots: InputRoots = { workspace, runnerTemp: env.RUNNER_TEMP };
  const transcriptInput = get("transcript");
  const transcript = transcriptInput
    ? readableFile("transcript", path.resolve(workspace, transcriptInput))
    : undefined;

  // A conversation asks in its own words: the prompt, if any, is the workflow's instructions to add them to.
  const conversation =
    !transcript && CONVERSATION_EVENTS.has(env.GITHUB_EVENT_NAME ?? "")
      ? readConversationInputs(get)
      : undefined;
  const settings: Settings = {
    prompt: transcript || conversation ? optionalPrompt(get, roots) : requiredPrompt(get, roots),
    apiKey: get("api-key") || env.CURSOR_API_KEY || undefined,
    model: get("model") || undefined,
    workspace,
    force: bool(get, "force"),
    trust: bool(get, "trust"),
    approveMcps: bool(get, "approve-mcps"),
    headers: headers(get("headers")),
    resume: get("resume") || undefined,
    requireResume: bool(get, "require-resume"),
    maxToolCalls: get("max-tool-calls") === "" ? undefined : wholeNumber(get, "max-tool-calls", 1),
    session: oneOf((n: InputName) => get(n) || (conversation ? "pull-request" : "new"), "session", [
      "new",
      "pull-request",
    ] as const),
    runtimeToken: env.ACTIONS_RUNTIME_TOKEN || undefined,
    timeoutMs: minutes(get, "timeout-minutes") * 60_000,
    agentPath: get("agent-path"),
    agentArgs: [],
    extraArgs: splitArgs(get("extra-args")),
    streamPartialOutput: bool(get, "stream-partial-output"),
    transcript,
    failOnError: bool(get, "fail-on-error"),
    toolOutputLines: wholeNumber(get, "log-tool-output-lines", 1),
    showThinking: bool(get, "show-thinking"),
    comment: bool(get, "comment"),
    progress: bool(get, "progress"),
    commentKey:
      get("comment-key") || [env.GITHUB_WORKFLOW, env.GITHUB_JOB].filter(Boolean).join("/") || "cursor-agent",
    // action.yml defaults it to `${{ github.token }}`; hosts that apply no defaults may set GITHUB_TOKEN.
    githubToken: get("github-token") || env.GITHUB_TOKEN || undefined,
    jobSummary: bool(get, "job-summary"),
    allowedUsers: list(get("allowed-users")),
    allowedBots: list(get("allowed-bots")),
    protectConfig: bool(get, "protect-config"),
    safetyStrategy: oneOf(get, "safety-strategy", STRATEGIES),
    agentUser: agentUser(get("agent-user"), get("safety-strategy")),
    contract: readContractInputs(get, roots, (n) => bool(get, n)),
    install: readInstallInputs(get, get("cursor-sha256")),
    deliver: readDeliverInputs(get, getInput, env),
    conversation,
  };
  return settings;
}

function resolveWorkspace(dir: string): string {
  const abs = path.resolve(dir);
  let isDir = false;
  try {
    isDir = statSync(abs).isDirectory();
  } catch {
    throw new InputError("workspace", `'${abs}' does not exist`);
  }
  if (!isDir) throw new InputError("workspace", `'${abs}' is not a directory`);
  return abs;
}

function requiredPrompt(get: (n: InputName) => string, roots: InputRoots): string {
  const prompt = getPrompt(get, roots);
  if (prompt === undefined)
    throw new InputError("prompt", "give either 'prompt' or 'prompt-file' (neither is set)");
  return prompt;
}

function optionalPrompt(get: (n: InputName) => string, roots: InputRoots): string {
  return getPrompt(get, roots) ?? "";
}

function getPrompt(get: (n: InputName) => string, roots: InputRoots): string | undefined {
  const inline = get("prompt");
  const file = get("prompt-file");
  if (inline && file) throw new InputError("prompt", "give either 'prompt' or 'prompt-file', not both");
  let prompt: string | undefined;
  let source: InputName = "prompt";
  if (inline) prompt = inline;
  if (file) {
    source = "prompt-file";
    prompt = readInputFile("prompt-file", file, roots, INPUT_FILE_MAX_BYTES).text;
    if (prompt.trim() === "") throw new InputError("prompt-file", `'${file}' is empty`);
  }
  if (prompt !== undefined && Buffer.byteLength(prompt) > MAX_PROMPT_BYTES) {
    throw new InputError(
      source,
      `the prompt is ${Buffer.byteLength(prompt)} bytes; the agent takes it as one command-line argument, which Linux limits to ${MAX_PROMPT_BYTES} bytes`,
    );
  }
  return prompt;
}

function readableFile(input: InputName, p: string): string {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      input,
      `cannot read '${p}': ${code === "ENOENT" ? "no such file" : (code ?? "error")}`,
    );
  }
  if (!stat.isFile()) throw new InputError(input, `'${p}' is not a file`);
  return p;
}

/**
 * `auto` (the default) is the strongest the runner allows: on Linux `unprivileged-user` with root or
 * passwordless sudo, else `no-sudo`, else the job's user; elsewhere the job's user. The machine decides,
 * and refuses a strategy it cannot give, in src/security/strategy.ts (the platform is not an input's).
 */
export type SafetyStrategy = "auto" | "no-sudo" | "unprivileged-user" | "unsafe";
const STRATEGIES: readonly SafetyStrategy[] = ["auto", "no-sudo", "unprivileged-user", "unsafe"];

/** A user name as useradd takes it; meaningful where the agent may run as its own user. */
function agentUser(value: string, chosen: string): string | undefined {
  if (chosen !== "unprivileged-user" && chosen !== "auto") return undefined;
  if (!/^[a-z_][a-z0-9_-]{0,31}$/.test(value)) {
    throw new InputError(
      "agent-user",
      `'${oneLine(value)}' is not a user name (lower-case letters, digits, _ and -)`,
    );
  }
  return value;
}

/**
 * The agent's command line and environment, from the settings. Pure: no process is started here.
 */
import type { ChildProcess } from "node:child_process";
import { API_KEY_VARIABLE, knownSecrets, withoutWithheld } from "../base/withheld.js";
import type { Settings } from "../settings/settings.js";

export interface AgentCommand {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** A process started earlier and held until now (security/held-view.ts): it runs the command instead of a spawn. */
  held?: HeldStart;
}

/**
 * A process started before the agent's command was known, its set-up done, waiting for the command: its
 * stdout is the raw transcript already, its stderr a pipe not read yet, its process group its own.
 */
export interface HeldStart {
  /** The raw transcript, created (new) when the process was started: its stdout. Ours to close once go() is called. */
  readonly stdout: number;
  /** Hands it the command: from now on it is the agent's process. Throws if it ended meanwhile. */
  go(argv: readonly string[], env: NodeJS.ProcessEnv): ChildProcess;
}

/**
 * The agent's environment: the job's, less everything withheld (base/withheld.ts) and any variable that
 * holds one of the action's secrets under another name. Built from a list, not from the scrub of the
 * action's own environment, so it holds wherever that scrub cannot run.
 */
export function agentEnv(
  env: NodeJS.ProcessEnv,
  apiKey: string | undefined,
  secrets: readonly string[],
): NodeJS.ProcessEnv {
  const out = withoutWithheld(
    env,
    secrets.filter((s) => s !== apiKey),
  );
  // The key goes to the agent only here: never on its command line, where `ps` and logs would show it.
  if (apiKey) out[API_KEY_VARIABLE] = apiKey;
  return out;
}

export function agentCommand(s: Settings, env: NodeJS.ProcessEnv): AgentCommand {
  const args = [...s.agentArgs, "--print", "--output-format", "stream-json"];
  if (s.streamPartialOutput) args.push("--stream-partial-output");
  if (s.model) args.push("--model", s.model);
  args.push("--workspace", s.workspace);
  if (s.force) args.push("--force");
  if (s.trust) args.push("--trust");
  if (s.approveMcps) args.push("--approve-mcps");
  for (const h of s.headers) args.push("-H", h);
  if (s.resume) args.push("--resume", s.resume);
  args.push(...s.extraArgs);
  // "--" ends the options: a prompt that starts with "-" is still the prompt, never a flag.
  args.push("--", s.prompt);
  return { file: s.agentPath, args, cwd: s.workspace, env: agentEnv(env, s.apiKey, knownSecrets(s, env)) };
}

/**
 * The agent's command line and environment, from the settings. Pure: no process is started here.
 */
import type { Settings } from "../settings.js";

export interface AgentCommand {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Variables the agent has no business with. OIDC: it could mint tokens for the workflow's cloud roles.
 * The file commands: writing them would let the agent set this step's outputs or the next steps'
 * environment and PATH. Inputs: they hold the action's own secrets (tokens) under other names.
 */
const WITHHELD = new Set([
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
  "ACTIONS_RUNTIME_TOKEN",
  "GITHUB_OUTPUT",
  "GITHUB_STATE",
  "GITHUB_ENV",
  "GITHUB_PATH",
  "GITHUB_STEP_SUMMARY",
]);

export function agentEnv(env: NodeJS.ProcessEnv, apiKey: string | undefined): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined || WITHHELD.has(k) || k.startsWith("INPUT_")) continue;
    out[k] = v;
  }
  // The key goes to the agent only here: never on its command line, where `ps` and logs would show it.
  if (apiKey) out.CURSOR_API_KEY = apiKey;
  else delete out.CURSOR_API_KEY;
  return out;
}

export function agentCommand(s: Settings, env: NodeJS.ProcessEnv): AgentCommand {
  const args = ["--print", "--output-format", "stream-json"];
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
  return { file: s.agentPath, args, cwd: s.workspace, env: agentEnv(env, s.apiKey) };
}

/**
 * The one list of what never reaches the agent, nor any git the action starts. Every place that builds a
 * child's environment, scrubs the action's own, or guards the file commands derives its set from here, so
 * a variable added once is kept out everywhere (two lists that disagreed once let `GITHUB_TOKEN` and
 * `GH_TOKEN` through to the agent wherever the environ scrub could not run).
 */

/**
 * This step's file commands (docs/runner.md "File commands"): writing one sets this step's outputs, the
 * next steps' environment or PATH, or the job summary. They are the action's alone.
 */
export const FILE_COMMANDS = [
  "GITHUB_OUTPUT",
  "GITHUB_ENV",
  "GITHUB_PATH",
  "GITHUB_STATE",
  "GITHUB_STEP_SUMMARY",
] as const;
export type FileCommand = (typeof FILE_COMMANDS)[number];

/**
 * Credentials the runner or a workflow hands a step under these names. OIDC: the request pair mints
 * tokens for the workflow's cloud roles. The runtime token: the cache and artifact services.
 */
const TOKEN_VARIABLES = [
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
];
export const SECRET_VARIABLES = [...TOKEN_VARIABLES, "ACTIONS_ID_TOKEN_REQUEST_URL"] as const;

/** The inputs that carry secrets, as the runner names their variables. */
export const SECRET_INPUT_VARIABLES = ["INPUT_GITHUB-TOKEN", "INPUT_API-KEY"] as const;

/** The API key's own variable: the agent gets the key there, and only there (never on its command line). */
export const API_KEY_VARIABLE = "CURSOR_API_KEY";

const NAMED = new Set<string>([...FILE_COMMANDS, ...SECRET_VARIABLES, API_KEY_VARIABLE]);

/**
 * A variable no child of the action inherits as it is: a file command, a credential, the API key (the
 * agent gets it set anew), or any input (inputs hold the action's secrets under other names).
 */
export function isWithheld(name: string): boolean {
  return NAMED.has(name) || name.startsWith("INPUT_");
}

/** What the action scrubs from its own environment once it has read it (see security/environ.ts). */
export const SCRUBBED_VARIABLES: readonly string[] = [...SECRET_INPUT_VARIABLES, ...SECRET_VARIABLES];

/**
 * `env` without anything withheld, nor any variable whose value holds one of `secrets` (a workflow may
 * hand a token on under a name of its own).
 */
export function withoutWithheld(env: NodeJS.ProcessEnv, secrets: readonly string[]): NodeJS.ProcessEnv {
  const held = secrets.filter((s) => s.length >= 4);
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined || isWithheld(k)) continue;
    if (held.some((s) => v.includes(s))) continue;
    out[k] = v;
  }
  return out;
}

/**
 * Every secret the action knows of, to redact from what leaves the runner and to keep from every child:
 * the inputs' and the runner's own credentials (they are not the agent's to pass on, in any field).
 */
export function knownSecrets(
  given: { apiKey?: string; githubToken?: string },
  env: NodeJS.ProcessEnv,
): string[] {
  const all = [given.apiKey, given.githubToken, ...TOKEN_VARIABLES.map((name) => env[name])];
  return [...new Set(all.filter((s): s is string => typeof s === "string" && s !== ""))];
}

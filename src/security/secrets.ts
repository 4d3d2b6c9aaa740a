/** The secrets the action knows of, from its settings and the runner's environment. */
import type { Settings } from "../settings.js";

/**
 * Every secret the action knows of, to redact from what leaves the runner: the inputs' and the runner's
 * own tokens (they are not the agent's to pass on, in any field).
 */
export function knownSecrets(
  settings: Pick<Settings, "apiKey" | "githubToken">,
  env: NodeJS.ProcessEnv,
): string[] {
  const all = [
    settings.apiKey,
    settings.githubToken,
    env.GITHUB_TOKEN,
    env.GH_TOKEN,
    env.ACTIONS_RUNTIME_TOKEN,
    env.ACTIONS_ID_TOKEN_REQUEST_TOKEN,
  ];
  return all.filter((s): s is string => typeof s === "string" && s !== "");
}

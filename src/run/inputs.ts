/**
 * The first phase: the inputs read into settings, with the secrets masked in the log before anything else
 * is printed (the agent's output above all), and then scrubbed from the action's own environment.
 */
import type { Redact, Secrets } from "../base/redact.js";
import { knownSecrets, SCRUBBED_VARIABLES } from "../base/withheld.js";
import type { LogWriter } from "../render/log-writer.js";
import { scrubOwnEnvironment } from "../security/environ.js";
import { inputsFromEnv, readSettings, type Settings } from "../settings/settings.js";

export interface Inputs {
  settings: Settings;
  /** The run's one redactor: every known secret, in every encoding it travels in. */
  redact: Redact;
}

/**
 * `secrets` gets each secret as soon as it is known, so that the last resort can redact an error thrown
 * while the rest is still being read.
 */
export function readInputs(env: NodeJS.ProcessEnv, log: LogWriter, secrets: Secrets): Inputs {
  const getInput = inputsFromEnv(env);
  const key = getInput("api-key") || env.CURSOR_API_KEY;
  if (key) {
    secrets.add(key);
    log.mask(key);
  }
  log.flush();
  const settings = readSettings(getInput, env);
  secrets.add(...knownSecrets(settings, env));
  const redact = secrets.redactor();
  log.setRedactor(redact);
  // Everything is read: the secrets leave the action's own environment, where the agent's processes
  // could read them back from procfs, and the run reads it without them from here on (a test's, handed
  // in, as well: the scrub takes them out of it alone).
  const scrub = scrubOwnEnvironment(SCRUBBED_VARIABLES, secrets.all, env);
  if (scrub.unsupported)
    log.text(`The action's own environment still holds its secrets (${scrub.unsupported}).`);
  if (settings.githubToken) log.mask(settings.githubToken);
  log.flush();
  return { settings, redact };
}

/**
 * `protected-paths`, read by the changes layer (above the settings) where a delivery is asked for: read
 * here too, so that a bad pattern is an input error before the agent starts rather than after it. Loaded
 * only then (minimatch is ~20 ms of a start that has no use for it).
 */
export async function checkDeliveryInputs(inputs: Inputs): Promise<Inputs> {
  const { deliver } = inputs.settings;
  if (deliver.mode === "none") return inputs;
  const { parseProtectedPaths } = await import("../changes/protected-paths.js");
  parseProtectedPaths(deliver.protectedPaths);
  return inputs;
}

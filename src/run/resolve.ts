/**
 * The run's one settings value: the inputs as read (src/settings/), with what only the run can decide
 * before the agent starts — the CLI that runs (an installed one's program), the chat it continues, the
 * prompt with the contract's instruction — resolved here, once, and frozen. Everything after the agent's
 * start (its command, the live log, the limits, the verdict, the report) reads this value, never its own
 * copy, so none of them can see a program or a chat the run did not use.
 */
import type { Settings } from "../settings/settings.js";
import type { Cli } from "./cli.js";
import type { PreparedContract } from "./contract.js";

/** The settings after the run's preparation: read-only from the moment they are made. */
export type RunSettings = Readonly<Settings>;

/** What the preparation decided: the CLI (none for a replay) and the chat carried to this run. */
export interface Decided {
  cli?: Cli;
  /** The pull request's chat restored from its earlier runs (`session: pull-request`). */
  carried?: string;
}

/** The program that runs the agent: an installed CLI's launcher, else `agent-path` as given. */
export function agentProgram(
  given: Settings,
  cli: Cli | undefined,
): Pick<Settings, "agentPath" | "agentArgs"> {
  const launcher = cli?.launcher;
  return launcher
    ? { agentPath: launcher.file, agentArgs: launcher.args }
    : { agentPath: given.agentPath, agentArgs: given.agentArgs };
}

export function resolveSettings(
  given: Settings,
  decided: Decided,
  contract: PreparedContract | undefined,
): RunSettings {
  return Object.freeze({
    ...given,
    ...agentProgram(given, decided.cli),
    // A chat the workflow names (`resume`) wins over the one carried.
    resume: given.resume ?? decided.carried,
    prompt: contract?.prompt ?? given.prompt,
  });
}

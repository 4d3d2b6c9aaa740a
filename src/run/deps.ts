/**
 * What the run takes from the world, passed in so that tests hand in their own: the environment, the log's
 * stream, how the agent is started, the clock, where signals arrive, the GitHub client, and how outputs
 * and the step's failure are written. {@link withDefaults} fills in the runner's.
 */

import type { Graces } from "../agent/agent-run.js";
import type { StartAgent } from "../agent/process.js";
import { startAgent } from "../agent/process.js";
import type { OutputName } from "../publish/outputs.js";
import type { PublishDeps } from "../publish/publish.js";
import { writeOutput } from "../publish/step-outputs.js";
import { LogWriter, type TextOut } from "../render/log-writer.js";

export interface Deps extends PublishDeps {
  stdout: TextOut;
  startAgent: StartAgent;
  now: () => number;
  /** Where cancellation arrives: the runner sends SIGINT, then SIGTERM 7.5 s later (docs/runner.md). */
  signals: Pick<NodeJS.Process, "on" | "off">;
  /** The agent's graces (defaults: base/deadlines.ts); tests of hangs shorten them. */
  graces?: Partial<Graces>;
  /** A promise while the log's output is backed up (see {@link outputPace}). */
  outputBusy?: () => Promise<void> | undefined;
  /** The step fails (an error annotation, a non-zero exit once the action is done). */
  setFailed: (message: string) => void;
  /**
   * The machine: what the safety strategy is resolved for and which CLI package is installed. Handed in
   * so that tests decide a macOS or Windows run on Linux; nothing below reads `process.platform` for them.
   */
  platform: NodeJS.Platform;
  arch: string;
}

export interface World {
  deps: Deps;
  log: LogWriter;
  /** Outputs handed to @actions/core (hosts without `$GITHUB_OUTPUT`): awaited before the run returns. */
  settled: () => Promise<void>;
}

export function withDefaults(overrides: Partial<Deps>): World {
  const stdout = overrides.stdout ?? process.stdout;
  const env = overrides.env ?? process.env;
  const log = new LogWriter(stdout);
  const annotate = (level: "warning" | "error", message: string) => {
    log.annotate(level, message);
    log.flush();
  };
  const viaToolkit: Promise<void>[] = [];
  const deps: Deps = {
    env,
    stdout,
    startAgent,
    now: Date.now,
    signals: process,
    platform: process.platform,
    arch: process.arch,
    outputBusy: outputPace(stdout),
    setOutput: (name: OutputName, value: string) => {
      // Without $GITHUB_OUTPUT (GitHub's local-action runner, a bare `node dist/index.js`) hand the
      // output to @actions/core, which such hosts stub; on a runner it is never loaded (start-up cost).
      if (!writeOutput(env, name, value)) {
        viaToolkit.push(import("@actions/core").then((core) => core.setOutput(name, value)));
      }
    },
    warning: (message) => annotate("warning", message),
    setFailed: (message) => {
      // As the runner's toolkit does: an error annotation, and a non-zero exit once we are done.
      process.exitCode = 1;
      annotate("error", message);
    },
    github: async (token, apiUrl, options) =>
      (await import("../github/client.js")).createGitHubClient(token, apiUrl, options),
    ...overrides,
  };
  return { deps, log, settled: () => Promise.all(viaToolkit).then(() => {}) };
}

/**
 * The log's pace: a promise while `out` has more queued than it wants (a slow or stalled reader), so the
 * agent's output is read no faster than the log is taken. One promise shared by every waiter.
 */
export function outputPace(out: object): () => Promise<void> | undefined {
  const s = out as Partial<Pick<NodeJS.WriteStream, "writableNeedDrain" | "once">>;
  let drained: Promise<void> | undefined;
  return () => {
    if (!s.writableNeedDrain || !s.once) return undefined;
    drained ??= new Promise<void>((resolve) => {
      s.once?.("drain", () => {
        drained = undefined;
        resolve();
      });
    });
    return drained;
  };
}

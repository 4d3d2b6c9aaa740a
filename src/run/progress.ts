/**
 * The live progress comment, where the action comments (a pull request, a token, `comment` and `progress`
 * on) and an agent runs (a replayed transcript has nothing to watch).
 */
import type { Redact } from "../base/redact.js";
import type { RunContext } from "../github/context.js";
import { LiveProgress } from "../publish/live-progress.js";
import type { LogWriter } from "../render/log-writer.js";
import type { Deps } from "./deps.js";
import type { RunSettings } from "./resolve.js";

export function liveProgressFor(
  settings: RunSettings,
  context: RunContext,
  agentRuns: boolean,
  deps: Deps,
  log: LogWriter,
  redact: Redact,
): LiveProgress | undefined {
  const target = context.pullRequest;
  const token = settings.githubToken;
  if (!settings.progress || !settings.comment || !target || !token || !agentRuns) return undefined;
  return new LiveProgress({
    // Best effort: an update made once (a retried one could land after the report), abortable.
    client: (signal) => deps.github(token, deps.env.GITHUB_API_URL, { bestEffort: true, signal }),
    target,
    key: settings.commentKey,
    env: deps.env,
    redact,
    now: deps.now,
    signals: deps.signals,
    debug: (m) => {
      log.annotate("debug", m);
      log.flush();
    },
  });
}

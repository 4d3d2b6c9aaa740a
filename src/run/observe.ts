/**
 * The run itself: the source's stream through the pipeline, with its listeners (the live log, the change
 * tracker, the source's ear for the result, the progress comment), then the end of the stream summed up:
 * the file changes, read only once the agent and its process group are gone.
 */
import { CANCEL_DEADLINES, RUN_DEADLINES, waitEnd } from "../base/deadlines.js";
import type { Redact } from "../base/redact.js";
import type { ChangeTracker } from "../changes/tracker.js";
import type { ChangeSet } from "../changes/types.js";
import type { RunLimit } from "../model/run-limits.js";
import type { ModelUpdate, RunModel } from "../model/run-model.js";
import type { Breach } from "../model/verdict.js";
import type { Pipeline } from "../pipeline/pipeline.js";
import type { LiveProgress } from "../publish/live-progress.js";
import type { LiveLog } from "../render/live-log.js";
import type { LogWriter } from "../render/log-writer.js";
import { asksPlanMode } from "../settings/extra-args.js";
import type { Settings } from "../settings/settings.js";
import type { AgentSource, SourceEnd } from "./source.js";

export interface Observed {
  model: RunModel;
  changes: ChangeSet;
  end: SourceEnd;
  /** Lines came, and none was a JSON event: the wrong binary, or a wrapper that reformats the stream. */
  notStreamJson: number;
  /** The live log, for the footer once the verdict is in. */
  live: LiveLog;
  cancelled: boolean;
  /** The first limit of the run that was broken (the agent was stopped for it). */
  breach?: Breach;
}

export interface ObserveOptions {
  settings: Settings;
  now: () => number;
  log: LogWriter;
  redact: Redact;
  /** A contract judges the final message: the report's head start renders it without its block. */
  contract: boolean;
  progress?: LiveProgress;
  /** Limits the run must keep (model/run-limits.ts): the first broken stops the agent. */
  limits: readonly RunLimit[];
  /** The runner's cancel, whenever it comes (run/last-resort.ts): the changes then have their share left. */
  cancelled?: AbortSignal;
}

interface Wired {
  pipeline: Pipeline;
  live: LiveLog;
  tracker: ChangeTracker;
  breached: () => Breach | undefined;
}

export async function observe(source: AgentSource, o: ObserveOptions): Promise<Observed> {
  let wired: Promise<Wired> | undefined;
  // The pipeline's code is loaded once the agent is spawned (its output waits in its file meanwhile).
  const wire = () => (wired ??= import("./after-start.js").then((parts) => build(parts, source, o)));
  const end = await source.run(() => wire().then((w) => w.pipeline), o.settings.prompt);
  const { pipeline, live, tracker, breached } = await wire();
  live.finish();
  // No progress update may land after the report: stopped (and its request in flight awaited) first.
  await o.progress?.finish();
  const cancelled = end.stopped?.reason === "cancel";
  const budgetMs = cancelled ? CANCEL_DEADLINES.changesMs : RUN_DEADLINES.changesMs;
  // A cancel that comes while they are read leaves them their share of the cancel budget, no more.
  const late = waitEnd(budgetMs, CANCEL_DEADLINES.changesMs, o.cancelled);
  const changes = await tracker
    .finish({
      git: source.git,
      before: source.before(),
      atExit: end.treeAtExit,
      budgetMs,
      until: late.signal,
    })
    .finally(late.dispose);
  return {
    model: pipeline.model,
    changes,
    end,
    notStreamJson: pipeline.events === 0 ? pipeline.stats.malformed : 0,
    live,
    cancelled,
    breach: breached(),
  };
}

/** The pipeline and its listeners. */
function build(parts: typeof import("./after-start.js"), source: AgentSource, o: ObserveOptions): Wired {
  parts.capYoungGeneration();
  const { settings } = o;
  const live = new parts.LiveLog(o.log, {
    toolOutputLines: settings.toolOutputLines,
    showThinking: settings.showThinking,
    maxAnnotations: 5,
    redact: o.redact,
    workspace: settings.workspace,
  });
  const tracker = new parts.ChangeTracker({
    workspace: settings.workspace,
    prefetch: source.checkout ? source.git : undefined,
    now: o.now,
  });
  let warmed = false;
  const onResult = (u: ModelUpdate) => {
    if (u.type === "init" && u.session.sessionId) source.chatStarted(u.session.sessionId);
    if (u.type !== "result") return;
    source.resultSeen();
    // The report's final message, rendered while the agent exits.
    if (warmed) return;
    warmed = true;
    setImmediate(() => {
      try {
        parts.warmFinalMessage(pipeline.model, o.contract, o.redact);
      } catch {
        // only a head start: the report renders it itself
      }
    });
  };
  const listeners = [live.onUpdate, tracker.onUpdate, onResult];
  if (o.progress) listeners.push(o.progress.onUpdate);
  // Only when there are limits: each is a look at every update, on the hot path.
  let breach: Breach | undefined;
  if (o.limits.length > 0) {
    listeners.push((u) => {
      if (breach) return;
      for (const b of o.limits) {
        breach = b.check(u);
        if (!breach) continue;
        o.log.text(`⛔ ${breach.error}`);
        source.stop();
        return;
      }
    });
  }
  const pipeline = new parts.Pipeline(listeners, settings.workspace, asksPlanMode(settings.extraArgs));
  // Never in the agent's way: not awaited, and a comment that cannot be had is no comment.
  o.progress?.attach({ model: pipeline.model, filesChanged: () => tracker.changedSoFar() });
  return { pipeline, live, tracker, breached: () => breach };
}

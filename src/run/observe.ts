/**
 * The run itself: the source's stream through the pipeline, with its listeners (the live log, the change
 * tracker, a live agent's ear on the stream, the progress comment, the run's limits), then the end of the
 * stream summed up: the file changes, read only once the agent and its process group are gone.
 */
import { CANCEL_DEADLINES, RUN_DEADLINES, waitEnd } from "../base/deadlines.js";
import type { Redact } from "../base/redact.js";
import type { ChangeTracker } from "../changes/tracker.js";
import type { ChangeSet } from "../changes/types.js";
import { noGit } from "../git/reader.js";
import type { RunLimit } from "../model/run-limits.js";
import type { ModelUpdate, RunModel } from "../model/run-model.js";
import type { Breach } from "../model/verdict.js";
import type { Pipeline } from "../pipeline/pipeline.js";
import type { LiveProgress } from "../publish/live-progress.js";
import type { LiveLog } from "../render/live-log.js";
import type { LogWriter } from "../render/log-writer.js";
import { asksPlanMode } from "../settings/extra-args.js";
import type { RunSettings } from "./resolve.js";
import type { AgentSource, Ready, SourceEnd } from "./source.js";

export interface Observed {
  model: RunModel;
  changes: ChangeSet;
  end: SourceEnd;
  /** Lines came, and none was a JSON event: the wrong binary, or a wrapper that reformats the stream. */
  notStreamJson: number;
  /** The live log, for the footer once the verdict is in. */
  liveLog: LiveLog;
  cancelled: boolean;
  /** The first limit of the run that was broken (the agent was stopped for it). */
  breach?: Breach;
}

export interface ObserveOptions {
  settings: RunSettings;
  now: () => number;
  log: LogWriter;
  redact: Redact;
  /** A contract judges the final message: the report's head start renders it without its block. */
  contract: boolean;
  progress?: LiveProgress;
  /** Limits the run must keep (model/run-limits.ts): the first broken stops the agent. */
  limits: readonly RunLimit[];
  /** The runner's cancel, whenever it comes (run/last-resort.ts): the changes then have their share left. */
  lateCancel?: AbortSignal;
}

interface Wired {
  pipeline: Pipeline;
  live: LiveLog;
  tracker: ChangeTracker;
  breached: () => Breach | undefined;
}

export async function observe(source: AgentSource, ready: Ready, o: ObserveOptions): Promise<Observed> {
  let wired: Promise<Wired> | undefined;
  // A broken limit stops a live agent (the source hears it here; a replay reads on).
  const stop = new AbortController();
  // The pipeline's code is loaded once the agent is spawned (its output waits in its file meanwhile).
  const wire = () => (wired ??= import("./after-start.js").then((parts) => build(parts, ready, stop, o)));
  const end = await source.run({
    settings: o.settings,
    wire: () => wire().then((w) => w.pipeline),
    stop: stop.signal,
  });
  const { pipeline, live, tracker, breached } = await wire();
  live.finish();
  // No progress update may land after the report: stopped (and its request in flight awaited) first.
  await o.progress?.finish();
  const cancelled = end.stopped?.reason === "cancel";
  const budgetMs = cancelled ? CANCEL_DEADLINES.changesMs : RUN_DEADLINES.changesMs;
  // A cancel that comes while they are read leaves them their share of the cancel budget, no more.
  const late = waitEnd(budgetMs, CANCEL_DEADLINES.changesMs, o.lateCancel);
  const changes = await tracker
    .finish({
      git: ready.checkout?.git ?? noGit,
      before: ready.checkout?.before,
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
    liveLog: live,
    cancelled,
    breach: breached(),
  };
}

/** The pipeline and its listeners. */
function build(
  parts: typeof import("./after-start.js"),
  ready: Ready,
  stop: AbortController,
  o: ObserveOptions,
): Wired {
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
    prefetch: ready.checkout?.git,
    now: o.now,
  });
  let warmed = false;
  // The report's final message, rendered while the agent exits.
  const onResult = (u: ModelUpdate) => {
    if (u.type !== "result" || warmed) return;
    warmed = true;
    setImmediate(() => {
      try {
        parts.warmFinalMessage(pipeline.model, o.contract, o.redact);
      } catch {
        // only a head start: the report renders it itself
      }
    });
  };
  const listeners = [live.onUpdate, tracker.onUpdate];
  if (ready.agent) listeners.push(ready.agent.onUpdate);
  listeners.push(onResult);
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
        stop.abort();
        return;
      }
    });
  }
  const pipeline = new parts.Pipeline(listeners, settings.workspace, asksPlanMode(settings.extraArgs));
  // Never in the agent's way: not awaited, and a comment that cannot be had is no comment.
  o.progress?.attach({ model: pipeline.model, filesChanged: () => tracker.changedSoFar() });
  return { pipeline, live, tracker, breached: () => breach };
}

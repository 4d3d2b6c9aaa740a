/**
 * One run of the agent (or the replay of a saved transcript), from start to verdict: the pipeline's
 * listeners are wired (live log, change tracker, the session's ear for the result), the bytes are fed
 * from the agent session or the file, and the end of the run is summed up: file changes, verdict, footer.
 */

import { randomBytes } from "node:crypto";
import { createReadStream, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { agentCommand } from "./agent/command.js";
import type { StartAgent } from "./agent/process.js";
import { AgentSession, DEFAULT_GRACES, type Graces } from "./agent/session.js";
import { CANCEL_BUDGET, RUN_DEADLINES } from "./base/deadlines.js";
import { formatBytes, formatDuration } from "./base/format.js";
import { createRedactor } from "./base/redact.js";
import { knownSecrets } from "./base/withheld.js";
import { snapshotWorkingTree } from "./changes/snapshot.js";
import type { ChangeTracker } from "./changes/tracker.js";
import type { ChangeSet } from "./changes/types.js";
import { createGitReader, noGit } from "./git/reader.js";
import type { ModelUpdate, RunModel } from "./model/run-model.js";
import type { ExitInfo, Stopped, StopReason } from "./model/verdict.js";
import { clean, decide, type Verdict } from "./model/verdict.js";
import type { Pipeline } from "./pipeline.js";
import type { LiveLog } from "./render/live-log.js";
import type { LogWriter } from "./render/log-writer.js";
import { runHeader } from "./render/run-header.js";
import type { ReviewData } from "./review/post.js";
import { setUpAgentUser } from "./security/agent-user.js";
import { findExecutable, guardAgent } from "./security/strategy.js";
import type { Settings } from "./settings/settings.js";
import { consume } from "./stream/consume.js";

export interface ExecuteDeps {
  env: NodeJS.ProcessEnv;
  startAgent: StartAgent;
  now: () => number;
  /** Where cancellation arrives: the runner sends SIGINT, then SIGTERM 7.5 s later (docs/runner.md). */
  signals: Pick<NodeJS.Process, "on" | "off">;
  /** Defaults to {@link DEFAULT_GRACES}. */
  graces?: Partial<Graces>;
  /** A promise while the log's output is backed up (see {@link outputPace}). */
  outputBusy?: () => Promise<void> | undefined;
}

/**
 * The log's pace: a promise while `out` has more queued than it wants (a slow or stalled reader), so the
 * agent's pipes are read no faster than the log is taken. One promise shared by every waiter.
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

export interface Outcome {
  model: RunModel;
  verdict: Verdict;
  changes: ChangeSet;
  transcriptFile: string;
  wallMs: number;
  /** The run was cancelled: what is left to do must fit in the runner's 7.5 s. */
  cancelled: boolean;
  /** `structured-output` and `findings`, when the run had a contract. */
  structured?: { "structured-output": string; findings: string };
  /** Review mode: the findings checked against the repository, to post. */
  review?: ReviewData;
  /** The Cursor CLI build that ran (when known) and the sha256 of its package (when the action installed it). */
  cli?: { build: string; sha256: string };
}

/** What running (or replaying) left for the end of the run. */
interface Ran {
  transcriptFile: string;
  /** Undefined when no process ran. */
  exit?: ExitInfo;
  stopped?: Stopped;
  stderrTail: string[];
  /** The working tree's changes before the agent started. */
  before?: Map<string, string>;
}

export interface ExecuteHooks {
  /** After the file changes are read, before the footer: log lines of what it did. */
  afterChanges?: () => Promise<string[]>;
  /**
   * Once the agent is started and its pipeline built: a listener of the run (the live progress comment),
   * started then, finished before the end of the run is read.
   */
  progress?: (run: { model: RunModel; filesChanged: () => number }) => Promise<RunWatcher | undefined>;
  /** The verdict once the run is read: a contract's check may turn a success into a failure. */
  judge?: (model: RunModel, verdict: Verdict) => Promise<Verdict>;
}

export interface RunWatcher {
  onUpdate: (u: ModelUpdate) => void;
  start(): void;
  finish(): Promise<void>;
}

export async function execute(
  settings: Settings,
  deps: ExecuteDeps,
  log: LogWriter,
  hooks: ExecuteHooks = {},
): Promise<Outcome> {
  const startedAt = deps.now();
  /** The progress comment, once the agent runs (never for a replayed transcript). */
  let watcher: RunWatcher | undefined;
  let watching: Promise<RunWatcher | undefined> | undefined;
  // Loaded once the agent is spawned, while it starts (see after-start.ts): compiling it takes the main
  // thread ~10 ms, which before the spawn was ~10 ms more of start-up.
  let loading: Promise<typeof import("./after-start.js")> | undefined;
  const parts = () => {
    loading ??= import("./after-start.js");
    return loading;
  };
  const redact = createRedactor(knownSecrets(settings, deps.env));
  const graces = { ...DEFAULT_GRACES, ...deps.graces };
  // A replayed transcript's paths are another machine's: never compared with this checkout.
  const git = settings.transcript ? noGit : createGitReader(settings.workspace);
  const transcriptFile = settings.transcript ? "" : transcriptPath(deps.env);
  // What is already changed in the checkout is not the agent's doing. The snapshot (one `git status`,
  // ~20 ms) is taken before the agent starts: a change it made in its first instant would otherwise be
  // taken for the checkout's own.
  const before = settings.transcript ? undefined : await snapshotWorkingTree(git, settings.workspace);
  /** The session failed: nothing may start after it (the progress comment's first write). */
  let failed = false;
  /** The live log and the change tracker, once their code is loaded (the agent may be starting). */
  const listeners = () =>
    parts().then(({ ChangeTracker, LiveLog }) => ({
      live: new LiveLog(log, {
        toolOutputLines: settings.toolOutputLines,
        showThinking: settings.showThinking,
        maxAnnotations: 5,
        redact,
      }),
      tracker: new ChangeTracker({
        workspace: settings.workspace,
        prefetch: settings.transcript ? undefined : git,
        now: deps.now,
      }),
    }));

  let ran: Ran;
  if (settings.transcript) {
    const { Pipeline } = await parts();
    const { live, tracker } = await listeners();
    const pipeline = new Pipeline([live.onUpdate, tracker.onUpdate], settings.workspace);
    log.text(`Reading the agent's transcript ${settings.transcript} (no agent is started)`);
    // Large reads: a saved transcript is all there, and fewer chunks are fewer decodes.
    await consume(createReadStream(settings.transcript, { highWaterMark: 1024 * 1024 }), pipeline, {
      afterChunk: () => log.flush(),
      outputBusy: deps.outputBusy,
      now: deps.now,
    });
    ran = { transcriptFile: settings.transcript, stderrTail: [] };
    return finish(pipeline, ran, live, tracker);
  }

  const agentUser =
    settings.safetyStrategy === "unprivileged-user" && settings.agentUser
      ? setUpAgentUser({
          user: settings.agentUser,
          workspace: settings.workspace,
          runnerTemp: deps.env.RUNNER_TEMP,
          agentPath: settings.agentPath,
          env: deps.env,
          uid: process.geteuid?.() ?? -1,
        })
      : undefined;
  const guarded = guardAgent(agentCommand(settings, deps.env), {
    strategy: settings.safetyStrategy,
    platform: process.platform,
    uid: process.geteuid?.() ?? -1,
    setpriv: findExecutable("setpriv", deps.env.PATH) ?? findExecutable("/usr/bin/setpriv", undefined),
    agentUser: settings.agentUser,
    asUser: agentUser?.asUser,
  });
  log.text(runHeader(settings));
  log.text(guarded.header);
  if (guarded.notice) log.annotate("notice", guarded.notice);
  log.flush();
  const session = new AgentSession({
    command: guarded.command,
    startAgent: deps.startAgent,
    transcriptFile,
    timeoutMs: settings.timeoutMs,
    graces,
    now: deps.now,
    signals: deps.signals,
    onStderrLine: (line) => {
      // The CLI colours its errors (the bad-key warning): the log shows the words.
      log.text(`stderr: ${clean(line)}`);
      log.flush();
    },
    onStop: (s) => {
      log.endGroup();
      log.text(stopMessage(s.reason, s.afterMs, graces.hangAfterResultMs));
      log.flush();
    },
    onUnread: (bytes, why) => {
      const when =
        typeof why === "object"
          ? `(reading the transcript file failed: ${why.readError})`
          : why === "drain"
            ? `within ${formatDuration(graces.drainMs)} of its exit`
            : `in time after the ${why === "cancel" ? "cancel" : why === "timeout" ? "timeout" : "stop"}`;
      log.text(
        `⚠ ${formatBytes(bytes)} of the agent's output could not be read ${when}: the transcript file has it`,
      );
      log.flush();
    },
    afterChunk: () => log.flush(),
    outputBusy: deps.outputBusy,
    redact,
  });
  // The agent is spawned now; the pipeline that reads it is built once its code is loaded (its stdout
  // waits in the pipe meanwhile).
  let wired: Promise<{ live: LiveLog; tracker: ChangeTracker; pipeline: Pipeline }> | undefined;
  const wire = () =>
    (wired ??= Promise.all([parts(), listeners()]).then(
      ([{ Pipeline, warmFinalMessage }, { live, tracker }]) => {
        let warmed = false;
        const pipeline = new Pipeline(
          [
            live.onUpdate,
            tracker.onUpdate,
            (u) => {
              if (u.type === "result") {
                session.resultSeen();
                // The report's final message, rendered while the agent exits (a run with a contract, judged
                // by `hooks.judge`, shows it without its block).
                if (!warmed) {
                  warmed = true;
                  setImmediate(() => {
                    try {
                      warmFinalMessage(pipeline.model, hooks.judge !== undefined, redact);
                    } catch {
                      // only a head start: the report renders it itself
                    }
                  });
                }
              }
              watcher?.onUpdate(u);
            },
          ],
          settings.workspace,
        );
        // Never in the agent's way: not awaited here, and a watcher that cannot be had is no watcher.
        watching = (
          hooks.progress?.({ model: pipeline.model, filesChanged: () => tracker.changedSoFar() }) ??
          Promise.resolve(undefined)
        )
          .then((w) => {
            // A run that failed before the comment's code was loaded gets no "working" comment after it.
            if (failed) return undefined;
            watcher = w;
            w?.start();
            return w;
          })
          .catch(() => undefined);
        return { live, tracker, pipeline };
      },
    ));
  const end = await session
    .run(() => wire().then((w) => w.pipeline))
    .catch((e: unknown) => {
      failed = true;
      throw e;
    });
  // The agent is gone: what it created goes back to the workspace's owner, for the steps after this one.
  agentUser?.restoreOwnership();
  ran = { transcriptFile, ...end, before };
  const { pipeline, live, tracker } = await wire();
  return finish(pipeline, ran, live, tracker);

  async function finish(pipeline: Pipeline, r: Ran, live: LiveLog, tracker: ChangeTracker): Promise<Outcome> {
    const { model } = pipeline;
    live.finish();
    // No progress update may land after the report: stopped (and its request in flight awaited) first.
    await (await watching)?.finish();
    const cancelled = r.stopped?.reason === "cancel";
    // Only now, with the agent and its process group gone, is the working tree worth reading.
    const changes = await tracker.finish({
      git,
      before: r.before,
      budgetMs: cancelled ? CANCEL_BUDGET.changesMs : RUN_DEADLINES.changesMs,
    });
    for (const line of (await hooks.afterChanges?.().catch(() => [])) ?? []) log.text(line);
    const wallMs = deps.now() - startedAt;
    const decided = decide({
      exit: r.exit,
      result: model.result,
      stderrTail: r.stderrTail,
      agentPath: settings.agentPath,
      stopped: r.stopped,
      redact,
      // Lines came, and none was a JSON event: the wrong binary, or a wrapper that reformats the stream.
      notStreamJson: pipeline.events === 0 ? pipeline.framer.stats.malformed : 0,
    });
    // A contract (structured output, review) is judged before the footer says how the run ended.
    const verdict = hooks.judge ? await hooks.judge(model, decided) : decided;
    live.footer(model, verdict, wallMs, changes.files.filter((f) => f.status !== "outside").length);
    log.close();
    return { model, verdict, changes, transcriptFile: r.transcriptFile, wallMs, cancelled };
  }
}

function stopMessage(reason: StopReason, afterMs: number, hangGraceMs: number): string {
  const after = formatDuration(afterMs);
  if (reason === "timeout") return `⏱ timeout-minutes reached after ${after}: stopping the agent`;
  if (reason === "cancel") return `🚫 Cancelled after ${after}: stopping the agent`;
  return `The agent did not exit within ${formatDuration(hangGraceMs)} of its result: stopping it (the result stands)`;
}

/** Under RUNNER_TEMP (never the workspace), unique per run, attempt and step. */
function transcriptPath(env: NodeJS.ProcessEnv): string {
  // RUNNER_TEMP is the runner's own; outside a runner, a directory of our own (a shared /tmp/cursor-agent
  // could belong to anyone).
  const dir = env.RUNNER_TEMP
    ? path.join(env.RUNNER_TEMP, "cursor-agent")
    : mkdtempSync(path.join(tmpdir(), "cursor-agent-"));
  mkdirSync(dir, { recursive: true });
  const id = [env.GITHUB_RUN_ID, env.GITHUB_RUN_ATTEMPT, env.GITHUB_JOB, env.GITHUB_ACTION]
    .filter(Boolean)
    .join("-")
    .replace(/[^\w.-]+/g, "_");
  return path.join(dir, `transcript-${id ? `${id}-` : ""}${randomBytes(4).toString("hex")}.ndjson`);
}

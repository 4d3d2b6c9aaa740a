/**
 * One run of the agent (or the replay of a saved transcript), from start to verdict: the bytes go to
 * the raw transcript, the run model, the live log and the change tracker as they arrive, and the agent
 * is stopped on our terms (timeout, cancel, a hang after its result).
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { agentCommand } from "./agent/command.js";
import type { ExitInfo, StartAgent } from "./agent/process.js";
import { type Stopped, type StopReason, Supervisor } from "./agent/supervise.js";
import {
  type ChangeSet,
  ChangeTracker,
  createGitReader,
  type GitReader,
  noGit,
  snapshotWorkingTree,
} from "./changes/index.js";
import { decide, type Verdict } from "./conclusion.js";
import { RunModel } from "./model/run-model.js";
import { formatDuration, LiveLog } from "./render/live-log.js";
import type { LogWriter } from "./render/log-writer.js";
import type { Settings } from "./settings.js";
import { consume } from "./stream/consume.js";

export interface ExecuteDeps {
  env: NodeJS.ProcessEnv;
  startAgent: StartAgent;
  now: () => number;
  /** Where cancellation arrives: the runner sends SIGINT, then SIGTERM 7.5 s later (RUNNER.md). */
  signals: Pick<NodeJS.Process, "on" | "off">;
}

export interface Outcome {
  model: RunModel;
  verdict: Verdict;
  changes: ChangeSet;
  transcriptFile: string;
  wallMs: number;
  /** The run was cancelled: what is left to do must fit in the runner's 7.5 s. */
  cancelled: boolean;
}

/** How many of the agent's last stderr lines end the `error` output. */
const STDERR_TAIL = 20;
/** How long the agent may linger after its result or its stdout closing (FORMAT.md: it can hang). */
const HANG_GRACE_MS = 5_000;
/** SIGTERM → SIGKILL. On cancel the runner gives us 7.5 s for everything, so less there. */
const KILL_GRACE_MS = 5_000;
const CANCEL_KILL_GRACE_MS = 2_500;
/** After the agent exits, how long a shell it left behind may hold its stdout open. */
const PIPE_GRACE_MS = 2_000;
/** The end-of-run git cross-check and diffs; much less after a cancel. */
const CHANGES_BUDGET_MS = 30_000;
const CANCEL_CHANGES_BUDGET_MS = 1_500;

export async function execute(settings: Settings, deps: ExecuteDeps, log: LogWriter): Promise<Outcome> {
  const startedAt = deps.now();
  const live = new LiveLog(log, {
    toolOutputLines: settings.toolOutputLines,
    showThinking: settings.showThinking,
    maxAnnotations: 5,
  });
  const onResult = { call: () => {} };
  const model: RunModel = new RunModel((u) => {
    live.onUpdate(u);
    tracker.onUpdate(u);
    if (u.type === "result") onResult.call();
  }, settings.workspace);
  // A replayed transcript's paths are another machine's: never compared with this checkout.
  const git = settings.transcript ? noGit : createGitReader(settings.workspace);
  const tracker = new ChangeTracker({ workspace: settings.workspace, root: () => model.root, prefetch: git });

  const ran = settings.transcript
    ? await replay(settings.transcript, model, deps, log)
    : await runAgent(settings, git, model, deps, log, live, onResult);
  live.finish();

  const cancelled = ran.stopped?.reason === "cancel";
  // Only now, with the agent and its process group gone, is the working tree worth reading.
  const changes = await tracker.finish({
    git,
    before: ran.before,
    budgetMs: cancelled ? CANCEL_CHANGES_BUDGET_MS : CHANGES_BUDGET_MS,
  });
  const wallMs = deps.now() - startedAt;
  const verdict = decide({
    exit: ran.exit,
    result: model.result,
    stderrTail: ran.stderrTail,
    agentPath: settings.agentPath,
    stopped: ran.stopped,
  });
  live.footer(model, verdict, wallMs, changes.files.filter((f) => f.status !== "outside").length);
  log.close();
  await ran.copied;
  return { model, verdict, changes, transcriptFile: ran.transcriptFile, wallMs, cancelled };
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
  /** The raw copy's last writes reaching the disk: awaited last, so they overlap the end-of-run work. */
  copied: Promise<void>;
}

/** A saved transcript instead of the agent. */
async function replay(file: string, model: RunModel, deps: ExecuteDeps, log: LogWriter): Promise<Ran> {
  log.text(`Reading the agent's transcript ${file} (no agent is started)`);
  await consume(createReadStream(file), model, { afterChunk: () => log.flush(), now: deps.now });
  return { transcriptFile: file, stderrTail: [], copied: Promise.resolve() };
}

async function runAgent(
  settings: Settings,
  git: GitReader,
  model: RunModel,
  deps: ExecuteDeps,
  log: LogWriter,
  live: LiveLog,
  onResult: { call: () => void },
): Promise<Ran> {
  const transcriptFile = transcriptPath(deps.env);
  // What is already changed in the checkout is not the agent's doing. The snapshot (one `git status`,
  // ~20 ms) runs while the agent starts: the CLI makes a model round-trip before it can touch a file.
  const before = snapshotWorkingTree(git, settings.workspace);
  live.header(settings);
  log.flush();
  const stderrTail: string[] = [];
  const agent = deps.startAgent(agentCommand(settings, deps.env), {
    onStderrLine: (line) => {
      stderrTail.push(line);
      if (stderrTail.length > STDERR_TAIL) stderrTail.shift();
      log.text(`stderr: ${line}`);
      log.flush();
    },
  });
  const sup = new Supervisor(agent, {
    timeoutMs: settings.timeoutMs,
    hangGraceMs: HANG_GRACE_MS,
    killGraceMs: KILL_GRACE_MS,
    now: deps.now,
    onStop: (s) => {
      log.endGroup();
      log.text(stopMessage(s.reason, s.afterMs));
      log.flush();
    },
  });
  onResult.call = () => sup.expectExit();
  // A second signal must not interrupt the reporting: once handled, further ones only hurry the kill.
  const onSignal = () => sup.stop("cancel", CANCEL_KILL_GRACE_MS);
  deps.signals.on("SIGINT", onSignal);
  deps.signals.on("SIGTERM", onSignal);
  // A deep buffer: with the default 16 KiB every 64 KiB chunk would wait for its own disk write before
  // the next is read (back-pressure is still honoured past 1 MiB, so memory stays bounded).
  const tee = createWriteStream(transcriptFile, { highWaterMark: 1024 * 1024 });
  let exit: ExitInfo;
  let copied: Promise<void>;
  try {
    const consumed = consume(agent.stdout, model, { tee, afterChunk: () => log.flush(), now: deps.now });
    // A shell the agent left behind can hold its stdout open after it exited: stop waiting, kill the group.
    void agent.exited.then(() =>
      setTimeout(() => {
        agent.signal("SIGKILL");
        agent.stdout.destroy();
      }, PIPE_GRACE_MS).unref(),
    );
    await consumed;
    sup.expectExit();
    exit = await agent.exited;
    // Anything still in the agent's process group is a leftover of the agent's: it goes with it.
    agent.signal("SIGKILL");
  } finally {
    sup.dispose();
    tee.end();
    copied = finished(tee).catch(() => {});
  }
  if (sup.stopped?.reason === "cancel") {
    // Stay in charge of our exit while we report: the runner's SIGTERM must not kill us mid-write.
    deps.signals.on("SIGINT", () => {});
    deps.signals.on("SIGTERM", () => {});
  }
  deps.signals.off("SIGINT", onSignal);
  deps.signals.off("SIGTERM", onSignal);
  return { transcriptFile, exit, stopped: sup.stopped, stderrTail, before: await before, copied };
}

function stopMessage(reason: StopReason, afterMs: number): string {
  const after = formatDuration(afterMs);
  if (reason === "timeout") return `⏱ timeout-minutes reached after ${after}: stopping the agent`;
  if (reason === "cancel") return `🚫 Cancelled after ${after}: stopping the agent`;
  return `The agent did not exit within ${formatDuration(HANG_GRACE_MS)} of its result: stopping it (the result stands)`;
}

/** Under RUNNER_TEMP (never the workspace), unique per run, attempt and step. */
function transcriptPath(env: NodeJS.ProcessEnv): string {
  const dir = path.join(env.RUNNER_TEMP || tmpdir(), "cursor-agent");
  mkdirSync(dir, { recursive: true });
  const id = [env.GITHUB_RUN_ID, env.GITHUB_RUN_ATTEMPT, env.GITHUB_JOB, env.GITHUB_ACTION]
    .filter(Boolean)
    .join("-")
    .replace(/[^\w.-]+/g, "_");
  return path.join(dir, `transcript-${id ? `${id}-` : ""}${randomBytes(4).toString("hex")}.ndjson`);
}

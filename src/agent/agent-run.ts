/**
 * One agent process from start to exit, on our terms: its stdout written by the agent itself to the raw
 * transcript and read back into the pipeline as it grows, its stderr kept as lines, stopped on a timeout, a cancel, or a hang
 * after its result (docs/stream-format.md "How runs end"), and its whole process group killed at the end.
 * What the bytes mean is the pipeline's business; what happens next is the caller's.
 */
import { CANCEL_DEADLINES, RUN_DEADLINES, waitEnd } from "../base/deadlines.js";
import type { ExitInfo, Stopped, StopReason } from "../model/verdict.js";
import { consume } from "../pipeline/consume.js";
import type { Pipeline } from "../pipeline/pipeline.js";
import type { AgentCommand } from "./command.js";
import type { StartAgent } from "./process.js";
import { Supervisor } from "./supervise.js";

/** How long each wait lasts. Options, so that tests of hangs and timeouts need not wait real seconds. */
export interface Graces {
  /** How long the agent may linger after its result or its stdout closing (the CLI can hang there). */
  hangAfterResultMs: number;
  /** SIGTERM → SIGKILL. */
  killMs: number;
  /** The same on cancel: the runner gives the whole step 7.5 s after its SIGINT (docs/runner.md). */
  cancelKillMs: number;
  /** After the agent exits, how long its last stderr lines are waited for (a shell it left may hold the pipe). */
  pipeMs: number;
  /**
   * After the agent exits, how long what it wrote and we have not read yet may still be read: its stdout
   * is a file, and a backlog (or a hole an agent truncated into it, which reads as endless zeros) must not
   * hold the step. Past it, the rest stays in the transcript file only, and the log says so.
   */
  drainMs: number;
  /** The same after a timeout, and after a cancel (the runner's 7.5 s, docs/runner.md). */
  stopDrainMs: number;
  cancelDrainMs: number;
}

export const DEFAULT_GRACES: Graces = {
  hangAfterResultMs: RUN_DEADLINES.hangAfterResultMs,
  killMs: RUN_DEADLINES.agentKillMs,
  cancelKillMs: CANCEL_DEADLINES.agentKillMs,
  pipeMs: RUN_DEADLINES.stderrMs,
  drainMs: RUN_DEADLINES.drainMs,
  stopDrainMs: RUN_DEADLINES.timeoutDrainMs,
  cancelDrainMs: CANCEL_DEADLINES.drainMs,
};

/** How many of the agent's last stderr lines are kept for the `error` output. */
const STDERR_TAIL = 20;

export interface AgentRunOptions {
  command: AgentCommand;
  startAgent: StartAgent;
  /** Where the agent's stdout goes, byte for byte: the raw transcript, read back as it grows. */
  transcriptFile: string;
  /** 0: no limit. */
  timeoutMs: number;
  graces: Graces;
  now: () => number;
  /** Where cancellation arrives: the runner sends SIGINT, then SIGTERM 7.5 s later (docs/runner.md). */
  signals: Pick<NodeJS.Process, "on" | "off">;
  onStderrLine: (line: string) => void;
  onStop: (s: Stopped) => void;
  /** Bytes of the agent's output left unread when the drain's time ran out ({@link Graces.drainMs}). */
  onUnread: (bytes: number, why: StopReason | "drain" | { readError: string }) => void;
  /** After each chunk of stdout went through the pipeline (flush the log here). */
  afterChunk: () => void;
  /** A promise while the log cannot take more: the agent's pipes are not read until it settles. */
  outputBusy?: () => Promise<void> | undefined;
  /**
   * The agent has exited and its process group is killed (POSIX only): nothing left in the group changes
   * the working tree from here on, and the end's git can begin while the rest of its output is read.
   */
  onExit?: () => void;
  /** Known secrets out of stderr, before anything cuts it. */
  redact?: (text: string) => string;
}

export interface AgentRunEnd {
  exit: ExitInfo;
  stopped?: Stopped;
  stderrTail: string[];
}

export class AgentRun {
  private supervisor: Supervisor | undefined;
  private resultArrived = false;

  constructor(private readonly opts: AgentRunOptions) {}

  /** A limit of the run was broken: the agent and its group are stopped, as on a timeout. */
  readonly stop = (): void => {
    this.supervisor?.stop("budget");
  };

  /** The result event arrived: from now on the agent has {@link Graces.hangAfterResultMs} to exit. */
  readonly resultSeen = (): void => {
    this.resultArrived = true;
    this.supervisor?.expectExit();
  };

  /**
   * Starts the agent and reads it into `pipeline`; a function giving one is called after the spawn (its
   * code may still have to load: the agent's output waits in the pipe meanwhile).
   */
  async run(pipeline: Pipeline | (() => Promise<Pipeline>)): Promise<AgentRunEnd> {
    const { opts } = this;
    const stderrTail: string[] = [];
    const agent = opts.startAgent(opts.command, {
      stdoutFile: opts.transcriptFile,
      onStderrLine: (line) => {
        stderrTail.push(line);
        if (stderrTail.length > STDERR_TAIL) stderrTail.shift();
        opts.onStderrLine(line);
      },
      outputBusy: opts.outputBusy,
      redact: opts.redact,
    });
    /** When reading what the agent left unread stops, once it has exited: the earliest deadline wins. */
    let cut: { at: number; timer: NodeJS.Timeout } | undefined;
    let over = false;
    const limitDrain = (ms: number, why: StopReason | "drain") =>
      void agent.exited.then(() => {
        if (over) return;
        const at = Date.now() + ms;
        if (cut && cut.at <= at) return;
        if (cut) clearTimeout(cut.timer);
        const timer = setTimeout(() => {
          const unread = agent.stdout.stopReading();
          if (unread > 0) opts.onUnread(unread, why);
        }, ms);
        cut = { at, timer };
      });
    limitDrain(opts.graces.drainMs, "drain");
    // Once the agent has exited, anything left in its group is a leftover of the agent's: it goes now, not
    // once the agent's output is read to the end (as long as the action is behind, a backlog), so that
    // nothing left in its group changes the working tree while the action is still reading. What left the
    // group (a `setsid` daemon) is beyond this, as it was before; and Windows has no groups to kill, so
    // there the working tree is never known to be final and onExit is not called.
    void agent.exited.then(() => {
      if (over) return;
      agent.signal("SIGKILL");
      if (process.platform === "win32") return;
      try {
        opts.onExit?.();
      } catch {
        // only a head start for the end's git: the end asks again
      }
    });
    const sup = new Supervisor(agent, {
      timeoutMs: opts.timeoutMs,
      hangGraceMs: opts.graces.hangAfterResultMs,
      killGraceMs: opts.graces.killMs,
      now: opts.now,
      onStop: (s) => {
        opts.onStop(s);
        limitDrain(s.reason === "cancel" ? opts.graces.cancelDrainMs : opts.graces.stopDrainMs, s.reason);
      },
    });
    this.supervisor = sup;
    if (this.resultArrived) sup.expectExit();
    // A second signal must not interrupt the reporting: once handled, further ones only hurry the kill.
    const heard = new AbortController();
    const onSignal = () => {
      heard.abort();
      sup.stop("cancel", opts.graces.cancelKillMs);
    };
    opts.signals.on("SIGINT", onSignal);
    opts.signals.on("SIGTERM", onSignal);
    let exit: ExitInfo;
    try {
      const reader = await (typeof pipeline === "function" ? pipeline() : Promise.resolve(pipeline)).catch(
        (e: unknown) => {
          agent.signal("SIGKILL"); // nothing can read it: it goes before the error is reported
          throw e;
        },
      );
      // Its last stderr lines (the reason it failed, often) are waited for from its exit on, briefly,
      // alongside the reading of what it wrote (a cancel's report has the runner's 7.5 s in all).
      // After a cancel, before the exit or during that wait, it is part of the drain's share of the budget
      // (base/deadlines.ts).
      const stderrWaited = agent.exited.then(async () => {
        const ms = sup.stopped?.reason === "cancel" ? opts.graces.cancelDrainMs : opts.graces.pipeMs;
        await waitEnd(ms, opts.graces.cancelDrainMs, heard.signal).race(agent.stderrDone);
      });
      // Read until the agent has exited and all it wrote is read: what a shell it left behind writes
      // later is not its stream.
      await consume(agent.stdout, reader, {
        afterChunk: opts.afterChunk,
        outputBusy: opts.outputBusy,
        now: opts.now,
      }).catch((e: unknown) => {
        // Nothing will read the agent any more: it and its group go now, before the error is reported.
        agent.signal("SIGKILL");
        throw e;
      });
      sup.expectExit();
      exit = await agent.exited;
      // Killed at the exit already (above); again, for a leftover's child forked while that kill ran.
      agent.signal("SIGKILL");
      const failed = agent.stdout.failure;
      if (failed) opts.onUnread(failed.unread, { readError: failed.code });
      await stderrWaited;
    } finally {
      // No cut may come after this (the exit's callbacks can still be queued): stdout is released.
      over = true;
      if (cut) clearTimeout(cut.timer);
      agent.release();
      sup.dispose();
    }
    if (sup.stopped?.reason === "cancel") {
      // Stay in charge of our exit while we report: the runner's SIGTERM must not kill us mid-write.
      opts.signals.on("SIGINT", () => {});
      opts.signals.on("SIGTERM", () => {});
    }
    opts.signals.off("SIGINT", onSignal);
    opts.signals.off("SIGTERM", onSignal);
    return { exit, stopped: sup.stopped, stderrTail };
  }
}

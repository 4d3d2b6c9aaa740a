/**
 * Stopping the agent on our terms: after `timeout-minutes`, when the run is cancelled, and when it
 * hangs after its result (a known CLI quirk, docs/stream-format.md "How runs end"). SIGTERM to its process group
 * first, SIGKILL after a grace period, so a shell it started cannot outlive it.
 */
import type { Stopped, StopReason } from "../model/verdict.js";
import type { RunningAgent } from "./process.js";

export interface SuperviseOptions {
  timeoutMs: number;
  /** How long the agent may linger after its result before we stop it (at most 10 s). */
  hangGraceMs: number;
  /** Between SIGTERM and SIGKILL (at most 10 s; shorter on cancel, to fit the runner's 7.5 s). */
  killGraceMs: number;
  now: () => number;
  onStop: (s: Stopped) => void;
}

export class Supervisor {
  stopped: Stopped | undefined;
  private exitedFlag = false;
  private expecting = false;
  private readonly startedAt: number;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly agent: RunningAgent,
    private readonly opts: SuperviseOptions,
  ) {
    this.startedAt = opts.now();
    // An agent that exited in time is not timed out by the reading of what it wrote (stdout-file.ts).
    if (opts.timeoutMs > 0)
      this.after(opts.timeoutMs, () => {
        if (!this.exitedFlag) this.stop("timeout");
      });
    void agent.exited.then(() => {
      this.exitedFlag = true;
    });
  }

  /** The result arrived, or its stdout was all read: the agent has {@link SuperviseOptions.hangGraceMs} to exit. */
  expectExit(): void {
    if (this.expecting) return;
    this.expecting = true;
    this.after(this.opts.hangGraceMs, () => {
      if (!this.exitedFlag) this.stop("hang-after-result");
    });
  }

  stop(reason: StopReason, killGraceMs = this.opts.killGraceMs): void {
    if (this.stopped) {
      // A later, more urgent stop (a cancel during a slow stop) only shortens the wait for SIGKILL.
      if (reason === "cancel")
        this.after(Math.min(killGraceMs, this.opts.killGraceMs), () => this.agent.signal("SIGKILL"));
      return;
    }
    this.stopped = { reason, afterMs: this.opts.now() - this.startedAt };
    this.opts.onStop(this.stopped);
    this.agent.signal("SIGTERM");
    // SIGKILL the group even when the agent itself has exited: a shell it started may be ignoring SIGTERM.
    this.after(killGraceMs, () => this.agent.signal("SIGKILL"));
  }

  /** The run is over: cancel the timers (the process exited, or we have reported). */
  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private after(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }
}

/**
 * The agent's process: started with stdin closed (the CLI is known to hang after its result when stdin
 * stays open, docs/stream-format.md "How runs end"), in its own process group, its stdout written straight
 * to the raw transcript file and read back as raw chunks (stdout-file.ts), stderr as lines.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { closeSync } from "node:fs";
import type { Readable } from "node:stream";
import type { ExitInfo } from "../model/verdict.js";
import type { AgentCommand } from "./command.js";
import { FollowedFile, openStdoutFile } from "./stdout-file.js";

/** The agent's stdout as written to the transcript file: ends once the agent has exited and all of it was read. */
export interface AgentStdout extends Readable {
  /** Ends it now; returns the bytes left unread (they stay in the transcript file). */
  stopReading(): number;
  /** It ended early because the file could not be read: the error's code, and the bytes left unread. */
  readonly failure?: { code: string; unread: number };
}

export interface RunningAgent {
  pid: number | undefined;
  stdout: AgentStdout;
  /** Resolves when the process itself has exited (or failed to start), whatever holds its pipes. */
  exited: Promise<ExitInfo>;
  /** Sends a signal to the agent's whole process group: the shells it started too. */
  signal(sig: NodeJS.Signals): void;
  /**
   * Lets go of the agent's pipes. A process outside its group (a daemon started with `setsid`) can hold
   * them open for as long as it lives; the open handles would keep the step running and print its
   * stderr after the footer.
   */
  release(): void;
  /** Resolves when stderr has ended (at once when nothing else holds it after the agent exits). */
  stderrDone: Promise<void>;
}

export interface StartOptions {
  /** The raw transcript: the agent's stdout goes there, byte for byte (a new file: it must not exist). */
  stdoutFile: string;
  onStderrLine: (line: string) => void;
  /** A promise while the log cannot take more: stderr is not read until it settles. */
  outputBusy?: () => Promise<void> | undefined;
  /** Applied to stderr before it is cut into lines, so that no cut leaves half a secret behind. */
  redact?: (text: string) => string;
}

/** The longest unterminated stderr line held back waiting for its end. */
const MAX_STDERR_LINE = 64 * 1024;
/** When such a line is passed on in pieces, this much of its end waits for the next: a secret is never cut. */
const STDERR_HOLD = 4 * 1024;

export type StartAgent = (cmd: AgentCommand, opts: StartOptions) => RunningAgent;

export const startAgent: StartAgent = (cmd, opts) => {
  // node:child_process rather than execa: loading execa's module graph cost ~30 ms of every run's
  // start-up (BENCHMARKS.md), and the process is driven through its events and streams either way.
  // A held process (command.ts) made the transcript when it was started: its stdout already.
  const { held } = cmd;
  const out = held ? held.stdout : openStdoutFile(opts.stdoutFile);
  let stdout: FollowedFile;
  let child: ChildProcess;
  try {
    stdout = new FollowedFile(opts.stdoutFile, out);
  } catch (e) {
    // A held process's transcript stays its own until go().
    if (!held) closeSync(out);
    throw e;
  }
  try {
    child = held
      ? held.go([cmd.file, ...cmd.args], cmd.env)
      : spawn(cmd.file, cmd.args, {
          cwd: cmd.cwd,
          env: cmd.env,
          // stdin closed: the CLI is known to hang after its result when stdin stays open.
          stdio: ["ignore", out, "pipe"],
          // Its own process group, so that stopping it stops the shells it started.
          detached: true,
        });
  } catch (e) {
    stdout.destroy();
    throw e;
  } finally {
    // The agent has its own copy now; ours would only keep the file open.
    closeSync(out);
  }

  let stderrRest = "";
  let released = false;
  const flushStderr = () => {
    if (released) return;
    if (stderrRest !== "") opts.onStderrLine(stderrRest);
    stderrRest = "";
  };
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    if (released) return;
    const text = opts.redact ? opts.redact(stderrRest + chunk) : stderrRest + chunk;
    const lines = text.split(/\r\n|\r|\n/);
    stderrRest = lines.pop() ?? "";
    // A line that never ends (a progress bar, a dump) is passed on in pieces rather than held.
    if (stderrRest.length > MAX_STDERR_LINE) {
      lines.push(stderrRest.slice(0, -STDERR_HOLD));
      stderrRest = stderrRest.slice(-STDERR_HOLD);
    }
    for (const line of lines) opts.onStderrLine(line);
    // A flood of stderr must wait for the log, not pile up in memory (300 MB of it made our own stdout
    // write fail with EINVAL): the agent then waits on its pipe, as it would on a terminal.
    const busy = opts.outputBusy?.();
    if (busy) {
      child.stderr?.pause();
      void busy.then(() => child.stderr?.resume());
    }
  });
  child.stderr?.on("end", flushStderr);
  // A held process's stderr was paused once its set-up was heard (held-view.ts): it flows from here.
  child.stderr?.resume();
  const stderrDone = new Promise<void>((resolve) => {
    if (!child.stderr) return resolve();
    child.stderr.once("end", () => resolve());
    child.stderr.once("close", () => resolve());
    child.stderr.once("error", () => resolve());
  });

  const exited = new Promise<ExitInfo>((resolve) => {
    child.once("exit", (code, signal) => {
      // Its writes to the file were done before it exited: the rest is read, then stdout ends.
      stdout.writerExited();
      resolve({ code: code ?? undefined, signal: signal ?? undefined });
    });
    child.once("error", (err: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return;
      stdout.writerExited();
      resolve({ spawnError: { code: err.code ?? "ERROR", message: err.message } });
    });
  });

  return {
    stderrDone,
    pid: child.pid,
    stdout,
    exited,
    release() {
      if (released) return;
      flushStderr();
      released = true;
      stdout.destroy();
      child.stderr?.destroy();
    },
    signal(sig) {
      if (child.pid === undefined) return;
      try {
        // The whole group: the agent and every shell it started (POSIX; Windows has no process groups).
        if (process.platform === "win32") child.kill(sig);
        else process.kill(-child.pid, sig);
      } catch {
        // The group is gone (ESRCH): nothing left to signal.
      }
    },
  };
};

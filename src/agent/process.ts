/**
 * The agent's process: started with stdin closed (the CLI is known to hang after its result when stdin
 * stays open, FORMAT.md "How runs end"), stdout handed over as raw chunks, stderr as lines.
 */
import type { Readable } from "node:stream";
import { execa } from "execa";
import type { AgentCommand } from "./command.js";

export interface ExitInfo {
  /** The exit code; undefined when a signal ended the process or it never started. */
  code?: number;
  signal?: NodeJS.Signals;
  /** The process could not be started: `ENOENT`, `EACCES`, … */
  spawnError?: { code: string; message: string };
}

export interface RunningAgent {
  pid: number | undefined;
  stdout: Readable;
  /** Resolves once the process has exited (or failed to start). Never rejects. */
  exited: Promise<ExitInfo>;
  /** Sends a signal to the agent's whole process group (the shells it spawned too). */
  signal(sig: NodeJS.Signals): void;
}

export interface StartOptions {
  onStderrLine: (line: string) => void;
}

export type StartAgent = (cmd: AgentCommand, opts: StartOptions) => RunningAgent;

export const startAgent: StartAgent = (cmd, opts) => {
  const child = execa(cmd.file, cmd.args, {
    cwd: cmd.cwd,
    env: cmd.env,
    extendEnv: false,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    buffer: false,
    reject: false,
    // Its own process group, so that stopping it stops the shells it started.
    detached: true,
    cleanup: true,
    stripFinalNewline: false,
    encoding: "buffer",
  });
  let stderrRest = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    const text = stderrRest + chunk;
    const lines = text.split(/\r\n|\r|\n/);
    stderrRest = lines.pop() ?? "";
    for (const line of lines) opts.onStderrLine(line);
  });
  const exited = child.then((r): ExitInfo => {
    if (stderrRest !== "") {
      opts.onStderrLine(stderrRest);
      stderrRest = "";
    }
    const cause = r.cause as NodeJS.ErrnoException | undefined;
    if (r.failed && cause?.syscall?.startsWith("spawn")) {
      return { spawnError: { code: cause.code ?? "ERROR", message: cause.message } };
    }
    return { code: r.exitCode, signal: (r.signal as NodeJS.Signals | undefined) ?? undefined };
  });
  return {
    pid: child.pid,
    stdout: child.stdout!,
    exited,
    signal(sig) {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, sig);
      } catch {
        // Already gone (ESRCH), or the group is not ours any more: try the process itself.
        try {
          child.kill(sig);
        } catch {
          // nothing left to signal
        }
      }
    },
  };
};

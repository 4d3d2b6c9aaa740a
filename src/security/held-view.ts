/**
 * The agent's own view (agent-view.ts), started as soon as the strategy is known and held until the agent's
 * command is: agent-view.py as root, its stdout the raw transcript (made new here), its stdin our channel.
 * The plan goes to it once the agent's ids, home and install are known; it sets the view up and says "ready"
 * (or fails, which tells why the machine does not allow it: the workspace is then shared by ACL); the
 * command and its environment go to it when the run starts, and it becomes the agent's process.
 *
 * Why held: Python's start and the namespaces' set-up (~75 ms of the agent's start, BENCHMARKS.md) are
 * then done while the action still admits, installs and snapshots, and the set-up is its own probe (one
 * interpreter, not two). The environment (the API key) goes through the pipe, never a command line.
 *
 * Trust: the process is root's and ours alone until "go" (the agent's user does not exist before it); the
 * end of its stdin before "go" runs nothing, so an action that stops, fails or is killed at any moment
 * leaves nothing running (the pipe's end is the process's end). Nothing here keeps the action alive.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, unlinkSync } from "node:fs";
import type { Socket } from "node:net";
import type { HeldStart } from "../agent/command.js";
import { openStdoutFile } from "../agent/stdout-file.js";
import { RUN_DEADLINES } from "../base/deadlines.js";
import { quietly } from "../base/errors.js";
import { commandText, planText, VIEW_PROGRAM, type ViewPlan } from "./agent-view.js";

/** What agent-view.py says on stderr once the view is set up (agent-view.py init()). */
const READY = "agent view: ready\n";
/** Its stderr kept until then: one failure line ("agent view: ..."), or a runtime's complaint. */
const STDERR_KEPT = 4096;

/** Why the machine does not allow the view (undefined: it does). */
export type Verdict = string | undefined;

export interface HeldOptions {
  python: string;
  /** When the action is not root: the system's sudo. */
  sudo?: string;
  root: boolean;
  /** The workspace (its real path): the agent's working directory. */
  cwd: string;
  /** Made here, new: the process's stdout from its start. */
  transcriptFile: string;
}

export class HeldView implements HeldStart {
  readonly stdout: number;
  private readonly child: ChildProcess;
  private stderr = "";
  private ready = false;
  private exited = false;
  private state: "held" | "went" | "closed" = "held";
  private heard: (() => void) | undefined;

  /** Started now; throws (nothing left behind) when it cannot be. */
  constructor(private readonly o: HeldOptions) {
    this.stdout = openStdoutFile(o.transcriptFile);
    // Through sudo the action's signals reach the agent only as passed on ("relay": agent-view.py).
    const argv = ["-I", "-S", VIEW_PROGRAM, ...(o.root ? [] : ["relay"])];
    try {
      this.child = spawn(
        o.root ? o.python : (o.sudo ?? "sudo"),
        o.root ? argv : ["-n", "--", o.python, ...argv],
        {
          cwd: o.cwd,
          // Nothing of the job's: the agent's environment comes with its command.
          env: {},
          stdio: ["pipe", this.stdout, "pipe"],
          // Its own process group, the agent's once it runs: stopping it stops the shells it started.
          detached: true,
        },
      );
    } catch (e) {
      this.dropTranscript();
      throw e;
    }
    // Until "go", nothing of it keeps the action alive: ended without it, the pipe ends and so does it.
    this.child.unref();
    for (const s of [this.child.stdin, this.child.stderr]) (s as Socket | null)?.unref();
    this.child.stdin?.on("error", () => undefined);
    this.child.once("error", () => this.ended());
    this.child.once("exit", () => this.ended());
    this.child.stderr?.on("data", this.listen);
  }

  /**
   * The plan sent; resolves once the view is set up (undefined) or with why it could not be (the process
   * has then ended, or is let go of after the deadline). Never rejects.
   */
  setUp(plan: ViewPlan, timeoutMs: number = RUN_DEADLINES.viewProbeMs): Promise<Verdict> {
    if (this.state !== "held") return Promise.resolve("it was let go of");
    this.child.stdin?.write(`${planText(plan)}\nset-up\n`);
    // Awaited: its stderr keeps the action alive until it is heard (the timer too).
    const stderr = this.child.stderr as Socket | null;
    stderr?.ref();
    return new Promise<Verdict>((resolve) => {
      const timer = setTimeout(() => {
        this.close();
        resolve("its set-up did not finish in time");
      }, timeoutMs);
      this.heard = () => {
        clearTimeout(timer);
        if (this.state === "held") stderr?.unref();
        resolve(this.ready ? undefined : this.why());
      };
      if (this.ready || this.exited) this.heard();
    });
  }

  go(argv: readonly string[], env: NodeJS.ProcessEnv): ChildProcess {
    // From here the transcript's descriptor is the caller's to close, whatever happens.
    const usable = this.state === "held" && this.ready && !this.exited;
    this.state = "went";
    if (!usable) throw new Error("the agent's own view ended before the agent started");
    this.child.stdin?.end(`${commandText(argv, env)}\ngo\n`);
    // The agent's process now: awaited as any agent's (agent/process.ts).
    this.child.ref();
    (this.child.stderr as Socket | null)?.ref();
    return this.child;
  }

  /** Let go of before "go" (the run will not start, or not this way): it ends, nothing run. Once. */
  close(): void {
    if (this.state !== "held") return;
    this.state = "closed";
    this.child.stdin?.end();
    this.child.stderr?.off("data", this.listen);
    this.child.stderr?.resume();
    // A set-up stuck past its deadline (a hung mount) never reads the end of its stdin: it must not hold the step.
    (this.child.stderr as Socket | null)?.unref();
    this.dropTranscript();
  }

  private readonly listen = (chunk: Buffer): void => {
    if (this.stderr.length < STDERR_KEPT) this.stderr += chunk.toString("utf8");
    if (!this.stderr.includes(READY)) return;
    this.ready = true;
    // Nothing more comes before "go"; what the agent prints is agent/process.ts's to read, from the start.
    this.child.stderr?.off("data", this.listen);
    this.child.stderr?.pause();
    this.heard?.();
  };

  private ended(): void {
    this.exited = true;
    // Its last words may still be in the pipe: heard once stderr has ended too (bounded by the exit).
    const stderr = this.child.stderr;
    if (!stderr || stderr.readableEnded || stderr.destroyed) this.heard?.();
    else stderr.once("close", () => this.heard?.());
  }

  /** Why it ended before "ready": its one line, else how it ended. */
  private why(): string {
    const last = this.stderr.trim().split("\n").at(-1)?.trim();
    return last || `its set-up ended (exit ${this.child.exitCode ?? this.child.signalCode ?? "unknown"})`;
  }

  private dropTranscript(): void {
    quietly(() => closeSync(this.stdout));
    quietly(() => unlinkSync(this.o.transcriptFile));
  }
}

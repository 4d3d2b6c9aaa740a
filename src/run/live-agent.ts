/**
 * A live agent as the run's source: admitted, its CLI ready, this step's file commands noted, the working
 * tree's own changes snapshot, the safety strategy applied; then started, supervised (timeout, cancel, a
 * hang after its result) and read; afterwards what it must not keep is put back.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AgentRun, DEFAULT_GRACES, type Graces } from "../agent/agent-run.js";
import { agentCommand } from "../agent/command.js";
import type { RunningAgent, StartAgent } from "../agent/process.js";
import { formatBytes, formatDuration } from "../base/format.js";
import { randomHex } from "../base/random.js";
import type { Redact } from "../base/redact.js";
import { type TreeAtExit, treeAtExit } from "../changes/at-exit.js";
import { snapshotWorkingTree } from "../changes/snapshot.js";
import type { Restored } from "../gates/protect-config.js";
import { createGitReader, type GitReader } from "../git/reader.js";
import type { RunContext } from "../github/context.js";
import type { StopReason } from "../model/verdict.js";
import { clean } from "../model/verdict.js";
import type { LogWriter } from "../render/log-writer.js";
import { runHeader } from "../render/run-header.js";
import { type AgentUser, setUpAgentUser } from "../security/agent-user.js";
import {
  type FileCommandsSnapshot,
  noteFileCommands,
  restoreFileCommands,
} from "../security/file-commands.js";
import {
  putBackCredentials,
  type StashedCredentials,
  stashCredentials,
} from "../security/git-credentials.js";
import {
  findSystemProgram,
  guardAgent,
  type Resolved,
  resolveStrategy,
  type Strategy,
} from "../security/strategy.js";
import { forbidOwnCoreDumps } from "../security/undumpable.js";
import type { Settings } from "../settings/settings.js";
import { type AdmitDeps, admit, settleConfig } from "./admit.js";
import { CarriedChat } from "./chat.js";
import { addCliToPath, ensureCli } from "./cli.js";
import type { AgentSource, Back, Prepared, SourceEnd } from "./source.js";

export interface LiveAgentDeps extends AdmitDeps {
  startAgent: StartAgent;
  now: () => number;
  signals: Pick<NodeJS.Process, "on" | "off">;
  graces?: Partial<Graces>;
  outputBusy?: () => Promise<void> | undefined;
  /** The machine's, passed in (run/deps.ts): what the safety strategy and the install are decided for. */
  platform: NodeJS.Platform;
  arch: string;
  /** The runner's cancel, heard once the agent has started (run/last-resort.ts): the chat's save then hurries. */
  cancelled?: AbortSignal;
}

export class LiveAgent implements AgentSource {
  readonly live = true;
  readonly git: GitReader;
  readonly checkout: string;
  /** Made once the run is admitted: a refused run leaves nothing behind. */
  transcriptFile = "";
  private readonly graces: Graces;
  private settings: Settings;
  private session: AgentRun | undefined;
  private snapshot: Map<string, string> | undefined;
  private ready: Prepared & { kind: "ready" } = { kind: "ready" };
  private fileCommands: FileCommandsSnapshot | undefined;
  private agentUser: AgentUser | undefined;
  private strategy: Resolved | undefined;
  private credentials: StashedCredentials | undefined;
  private chat: CarriedChat | undefined;
  /** What git was asked of the working tree at the agent's exit (see startSession's onExit). */
  private treeAtExit: TreeAtExit | undefined;
  /** The action's core-dump limit being set (no-sudo), awaited before the agent starts. */
  private coreLimit: Promise<string | undefined> | undefined;
  /** The prompt's protected configuration, set aside at admission: put back on every path. */
  private restoredConfig: Restored | undefined;
  /** What release() could not put back (the credential), said by restore(). */
  private readonly releaseWarnings: string[] = [];
  private restored: Promise<Back> | undefined;

  /** `track` hands the agent, once started, to the last resort (which kills its group). */
  constructor(
    settings: Settings,
    private readonly context: RunContext,
    private readonly deps: LiveAgentDeps,
    private readonly log: LogWriter,
    private readonly redact: Redact,
    private readonly track: (agent: RunningAgent) => void,
  ) {
    this.settings = settings;
    this.graces = { ...DEFAULT_GRACES, ...deps.graces };
    this.git = createGitReader(settings.workspace);
    this.checkout = settings.workspace;
  }

  async prepare(): Promise<Prepared> {
    // First: a strategy this machine cannot honour is an input error before the gates spend API calls,
    // the install downloads and anything starts.
    const resolved = this.resolveStrategy();
    const admission = await admit(this.settings, this.context, this.deps, this.log);
    if (admission.kind !== "admitted") return admission;
    this.restoredConfig = admission.restored;
    this.applyStrategy(resolved);
    // What is already changed in the checkout is not the agent's doing. The snapshot (one `git status`
    // after two short gits, ~15 ms) is taken before the agent starts: a change it made in its first
    // instant would otherwise be taken for the checkout's own. It starts once admission has put the
    // protected configuration back, and its gits run while the steps below, which write nothing in the
    // workspace (the CLI installs under RUNNER_TOOL_CACHE), take their turn (start-up, BENCHMARKS.md).
    const first = snapshotWorkingTree(this.git, this.settings.workspace);
    let snapshot = first;
    const cli = await ensureCli(this.settings, this.deps, this.log);
    if (cli.launcher)
      this.settings = { ...this.settings, agentPath: cli.launcher.file, agentArgs: cli.launcher.args };
    // An install can take seconds: the snapshot is taken again after it (and after the first, whose gits
    // are then done too), so that what a process left by an earlier step changed meanwhile is not taken
    // for the agent's doing.
    if (cli.installed) snapshot = first.then(() => snapshotWorkingTree(this.git, this.settings.workspace));
    this.fileCommands = noteFileCommands(this.deps.env);
    this.transcriptFile = transcriptPath(this.deps.env);
    // Before the checkout's credential is stashed (isolate writes .git/config, which status reads).
    this.snapshot = await snapshot;
    await this.isolate(resolved.strategy);
    const { deps, log } = this;
    this.chat = await CarriedChat.open(this.settings, this.context, deps.env, deps.now, log, this.agentUser);
    // A chat the workflow names (`resume`) wins over the one carried.
    const resume = this.settings.resume ?? this.chat?.resume;
    this.settings = { ...this.settings, resume };
    this.ready = { kind: "ready", cli, restored: admission.restored, resume };
    return this.ready;
  }

  async run(wire: Parameters<AgentSource["run"]>[0], prompt: string) {
    this.settings = { ...this.settings, prompt };
    let end: SourceEnd | undefined;
    try {
      // Before the agent exists: it must not be able to raise the limit first.
      const why = await this.coreLimit;
      if (why) this.log.text(`The action's core dumps are still allowed (${why}).`);
      this.session = this.startSession();
      end = { ...(await this.session.run(wire)), treeAtExit: this.treeAtExit };
      return end;
    } finally {
      // Its chat saved while its home is still there (also after a failure, a timeout or a cancel), once
      // every process of its user is gone: none may act on what the save reads.
      this.agentUser?.endProcesses(this.deps.cancelled?.aborted);
      await this.chat?.save(end?.stopped?.reason === "cancel", this.deps.cancelled);
      await this.release();
    }
  }

  async abandon(): Promise<Back> {
    await this.release();
    return this.putBack();
  }

  async undo(): Promise<Back> {
    // Said once: what putBack() or abandon() already put back, its caller has said.
    const first = this.restored === undefined;
    await this.release();
    const back = await this.restore();
    return first ? back : { lines: [], warnings: [] };
  }

  /**
   * The agent is gone (or never started): its user's processes too, the grants taken back, what it created
   * given to the workspace's owner, the checkout's credential back, for the steps after this one. Once.
   */
  private async release(): Promise<void> {
    const { agentUser, credentials } = this;
    this.agentUser = undefined;
    this.credentials = undefined;
    try {
      // Warnings of its end: a process that outlived the deadline (the user then kept), what was left.
      for (const warning of agentUser?.release(this.deps.cancelled?.aborted) ?? [])
        this.releaseWarnings.push(warning);
    } catch (e) {
      // Its processes may still run: the credential stays out of their reach.
      this.releaseWarnings.push(
        `The agent's user could not be released (${(e as Error).message}): the checkout's credential was not put back.`,
      );
      return;
    }
    const why = putBackCredentials(credentials);
    if (why) this.releaseWarnings.push(why);
  }

  resultSeen(): void {
    this.session?.resultSeen();
  }

  stop(): void {
    this.session?.stop();
  }

  chatStarted(id: string): void {
    if (this.chat) this.chat.chatId = id;
  }

  before(): Map<string, string> | undefined {
    return this.snapshot;
  }

  async putBack(): Promise<Back> {
    const back = await this.restore();
    // After the file commands are put back (that would undo it): the CLI's directory on PATH for the
    // next steps, only if the agent left the install as it was verified.
    const warnings = [...back.warnings, ...(await addCliToPath(this.ready.cli, this.deps.env))];
    return { lines: back.lines, warnings };
  }

  /**
   * What the run set up and the agent must not keep, put back once, whichever path asks first (the end of
   * the run, a refused contract, the last resort): a second time would undo what the action wrote since.
   */
  private restore(): Promise<Back> {
    this.restored ??= this.restoreOnce();
    return this.restored;
  }

  private async restoreOnce(): Promise<Back> {
    // Before the action writes its own: whatever the agent's tree wrote to them is undone. First, and
    // synchronously: a last resort that stops waiting for the rest must not have its outputs undone later.
    const warnings = this.fileCommands ? restoreFileCommands(this.fileCommands) : [];
    warnings.push(...this.releaseWarnings);
    // The PR's own configuration goes back once the changes are read (protect-config is for the agent).
    const lines = await settleConfig(this.restoredConfig).catch(() => []);
    return { lines, warnings };
  }

  /** `auto` resolved on this machine, an explicit strategy checked against it (throws an InputError). */
  private resolveStrategy(): Resolved {
    const { settings, deps } = this;
    const resolved = resolveStrategy(settings.safetyStrategy, {
      platform: deps.platform,
      uid: process.geteuid?.() ?? -1,
      // The system's sudo, as every privileged program (never one an earlier step put on PATH).
      passwordlessSudo: () => {
        const sudo = findSystemProgram("sudo");
        return sudo !== undefined && spawnSync(sudo, ["-n", "true"], { stdio: "ignore" }).status === 0;
      },
      find: (program) => findSystemProgram(program),
    });
    this.strategy = resolved;
    return resolved;
  }

  /** Once admitted: the strategy's one notice; under no-sudo the action's core-dump limit goes to 0 (in the background). */
  private applyStrategy(resolved: Resolved): void {
    if (resolved.notice) this.log.annotate("notice", resolved.notice);
    if (resolved.strategy === "no-sudo") this.coreLimit = forbidOwnCoreDumps();
  }

  /** Under `unprivileged-user`: the agent's own user set up, with the checkout's credential out of its reach. */
  private async isolate(strategy: Strategy): Promise<void> {
    const { settings, deps } = this;
    const uid = process.geteuid?.() ?? -1;
    if (strategy !== "unprivileged-user" || !settings.agentUser) return;
    this.credentials = await stashCredentials(settings.workspace);
    try {
      this.agentUser = setUpAgentUser({
        prefix: settings.agentUser,
        workspace: settings.workspace,
        runnerTemp: deps.env.RUNNER_TEMP,
        agentPath: settings.agentPath,
        env: deps.env,
        uid,
      });
    } catch (e) {
      await this.release();
      throw e;
    }
  }

  /** The safety strategy applied to the agent's command, the header logged, the session made. */
  private startSession(): AgentRun {
    const { settings, deps, log, graces } = this;
    const uid = process.geteuid?.() ?? -1;
    if (!this.strategy) throw new Error("the safety strategy is resolved in prepare()");
    const guarded = guardAgent(agentCommand(settings, deps.env), {
      resolved: this.strategy,
      uid,
      agentUser: this.agentUser?.name ?? settings.agentUser,
      asUser: this.agentUser?.asUser,
      agentView: this.agentUser?.view,
    });
    log.text(runHeader(settings));
    log.text(guarded.header);
    log.flush();
    return new AgentRun({
      command: guarded.command,
      startAgent: (cmd, opts) => {
        const agent = deps.startAgent(cmd, opts);
        this.track(agent);
        return agent;
      },
      transcriptFile: this.transcriptFile,
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
        log.text(
          `⚠ ${formatBytes(bytes)} of the agent's output could not be read ${unreadWhen(why, graces)}: the transcript file has it`,
        );
        log.flush();
      },
      afterChunk: () => log.flush(),
      // The end's status and HEAD lookup asked for at once, while the agent's output is still read; not
      // under an agent user, whose processes outside the group go only when it is released (after the
      // reading).
      onExit: () => {
        if (!this.agentUser) this.treeAtExit = treeAtExit(this.git);
      },
      outputBusy: deps.outputBusy,
      redact: this.redact,
    });
  }
}

function unreadWhen(why: StopReason | "drain" | { readError: string }, graces: Graces): string {
  if (typeof why === "object") return `(reading the transcript file failed: ${why.readError})`;
  if (why === "drain") return `within ${formatDuration(graces.drainMs)} of its exit`;
  return `in time after the ${why === "cancel" ? "cancel" : why === "timeout" ? "timeout" : "stop"}`;
}

function stopMessage(reason: StopReason, afterMs: number, hangGraceMs: number): string {
  const after = formatDuration(afterMs);
  if (reason === "timeout") return `⏱ timeout-minutes reached after ${after}: stopping the agent`;
  if (reason === "cancel") return `🚫 Cancelled after ${after}: stopping the agent`;
  if (reason === "budget") return `⛔ Over a limit of the run after ${after}: stopping the agent`;
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
  return path.join(dir, `transcript-${id ? `${id}-` : ""}${randomHex(4)}.ndjson`);
}

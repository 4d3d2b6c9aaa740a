/**
 * A live agent as the run's source: admitted, its CLI ready, this step's file commands noted, the working
 * tree's own changes snapshot, the safety strategy applied, the chat it continues restored; then started
 * on the run's settings (./agent-start.ts), supervised and read; afterwards what it must not keep is put
 * back (./set-aside.ts, which the last resort owns from the start).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type AgentRun, DEFAULT_GRACES, type Graces } from "../agent/agent-run.js";
import type { RunningAgent } from "../agent/process.js";
import { randomHex } from "../base/random.js";
import type { Redact } from "../base/redact.js";
import { type TreeAtExit, treeAtExit } from "../changes/at-exit.js";
import { snapshotWorkingTree } from "../changes/snapshot.js";
import { createGitReader, type GitReader } from "../git/reader.js";
import type { RunContext } from "../github/context.js";
import type { ModelUpdate } from "../model/types.js";
import type { LogWriter } from "../render/log-writer.js";
import { type AgentUser, holdOwnView, setUpAgentUser } from "../security/agent-user.js";
import { noteFileCommands } from "../security/file-commands.js";
import { stashCredentials } from "../security/git-credentials.js";
import type { HeldView } from "../security/held-view.js";
import { findSystemProgram, type Resolved, resolveStrategy } from "../security/strategy.js";
import { forbidOwnCoreDumps } from "../security/undumpable.js";
import type { Settings } from "../settings/settings.js";
import { type AdmitDeps, admit } from "./admit.js";
import { type StartDeps, startAgentRun } from "./agent-start.js";
import { CarriedChat } from "./chat.js";
import { ensureCli } from "./cli.js";
import { agentProgram } from "./resolve.js";
import { SetAside } from "./set-aside.js";
import type { AgentSource, Back, Feed, Prepared, SourceEnd } from "./source.js";

export interface LiveAgentDeps extends AdmitDeps, StartDeps {
  graces?: Partial<Graces>;
  /** The machine's, passed in (run/deps.ts): what the safety strategy and the install are decided for. */
  platform: NodeJS.Platform;
  arch: string;
  /** The runner's cancel, heard once the agent has started (run/last-resort.ts): the chat's save then hurries. */
  cancelled?: AbortSignal;
}

/** What the live agent works with, and the last resort's hold on it. */
export interface LiveAgentWorld {
  deps: LiveAgentDeps;
  log: LogWriter;
  redact: Redact;
  resort: {
    /** Hands the agent, once started, to the last resort (which kills its group). */
    track: (agent: RunningAgent) => void;
    /** What puts back what the run set up, called by the last resort on anything unexpected. */
    owns: (undo: () => Promise<Back>) => void;
  };
  /** Called once admitted, before anything slow (conversation mode's reaction and thread: ./conversation.ts). */
  admitted?: () => void;
}

/** What the preparation made, for the run. */
interface Staged {
  strategy: Resolved;
  transcriptFile: string;
  chat: CarriedChat | undefined;
  /** The action's core-dump limit being set (no-sudo), awaited before the agent starts. */
  coreLimit: Promise<string | undefined> | undefined;
}

/** A live agent; what it sets aside is the last resort's to put back from now on. */
export function liveAgent(given: Settings, context: RunContext, world: LiveAgentWorld): AgentSource {
  const agent = new LiveAgent(given, context, world);
  world.resort.owns(() => agent.aside.undo());
  return agent;
}

class LiveAgent implements AgentSource {
  readonly aside: SetAside;
  private readonly git: GitReader;
  private readonly graces: Graces;
  private staged: Staged | undefined;
  /** The agent's own view's process, started with the strategy, or why there is none. */
  private held: HeldView | string = "it was not started";
  private agentRun: AgentRun | undefined;

  /** `given`: the inputs as read; the run's own settings come with the stream (run()). */
  constructor(
    private readonly given: Settings,
    private readonly context: RunContext,
    private readonly w: LiveAgentWorld,
  ) {
    this.aside = new SetAside(w.deps.env, () => w.deps.cancelled?.aborted);
    this.graces = { ...DEFAULT_GRACES, ...w.deps.graces };
    this.git = createGitReader(given.workspace);
  }

  async prepare(): Promise<Prepared> {
    const { given, context, git } = this;
    const { deps, log } = this.w;
    // First: a strategy this machine cannot honour is an input error before the gates spend API calls,
    // the install downloads and anything starts.
    const strategy = this.resolveStrategy();
    const ownUser = strategy.strategy === "unprivileged-user" && Boolean(given.agentUser);
    // Under the run's own path, unique per run, attempt and step (never in the workspace).
    const transcriptFile = transcriptPath(deps.env);
    // The process that will make the agent's own view, started now and held (held-view.ts): Python's
    // start and the view's set-up run beside admission, the CLI and the snapshot; its stdout is the
    // transcript. What ends the run before the agent lets go of it (the set-aside owns it).
    if (ownUser) {
      this.held = holdOwnView({ ...given, uid: process.geteuid?.() ?? -1 }, transcriptFile);
      if (typeof this.held !== "string") this.aside.holds(this.held);
    }
    const admission = await admit(given, context, deps, log);
    if (admission.kind !== "admitted") {
      this.aside.release();
      return admission;
    }
    this.stopIfUndone();
    this.w.admitted?.();
    this.aside.protectedConfig(admission.restored);
    // Once admitted: the strategy's one notice; under no-sudo the action's core-dump limit goes to 0 (in
    // the background).
    if (strategy.notice) log.annotate("notice", strategy.notice);
    const coreLimit = strategy.strategy === "no-sudo" ? forbidOwnCoreDumps() : undefined;
    // What is already changed in the checkout is not the agent's doing. The snapshot (one `git status`
    // after two short gits, ~15 ms) is taken before the agent starts: a change it made in its first
    // instant would otherwise be taken for the checkout's own. It starts once admission has put the
    // protected configuration back, and its gits run while the steps below, which write nothing in the
    // workspace (the CLI installs under RUNNER_TOOL_CACHE), take their turn (start-up, BENCHMARKS.md).
    const first = snapshotWorkingTree(git, given.workspace);
    let snapshot = first;
    // For the agent's own user, the checkout's credential is taken out beside them (a git, three when there
    // is one; the stash rewrites .git/config by a rename: a status reads the file before or after, never
    // half of it). The set-aside holds the pending stash: whatever fails meanwhile waits for it, then puts
    // the credential back.
    const stashing = ownUser ? this.aside.stashes(stashCredentials(given.workspace)) : undefined;
    const cli = await ensureCli(given, deps, log);
    // An install can take seconds: the snapshot is taken again after it (and after the first, whose gits
    // are then done too), so that what a process left by an earlier step changed meanwhile is not taken
    // for the agent's doing.
    if (cli.installed) snapshot = first.then(() => snapshotWorkingTree(git, given.workspace));
    this.aside.noted(noteFileCommands(deps.env));
    // The program that will run: the agent's user is granted it, its chats are where it keeps them.
    const program = { ...given, ...agentProgram(given, cli) };
    // The agent's user set up while the snapshot's gits run. Both settled before either failure is thrown:
    // what was set up is the set-aside's to undo by then.
    const isolating = stashing && this.isolate(program, stashing);
    const [snapped, isolated] = await Promise.allSettled([snapshot, isolating]);
    if (isolated.status === "rejected") throw isolated.reason;
    if (snapped.status === "rejected") throw snapped.reason;
    this.stopIfUndone();
    const before = snapped.value;
    const agentUser = isolated.value;
    const chat = await CarriedChat.open(program, context, deps.env, deps.now, log, agentUser);
    this.staged = { strategy, transcriptFile, chat, coreLimit };
    return {
      kind: "ready",
      transcriptFile,
      checkout: { dir: given.workspace, git, before },
      agent: {
        cli,
        carried: chat?.resume,
        onUpdate: this.onUpdate,
        putBack: () => this.aside.putBack(cli),
        abandon: () => this.aside.abandon(cli),
      },
    };
  }

  async run({ settings, wire, stop }: Feed): Promise<SourceEnd> {
    const staged = this.staged;
    if (!staged) throw new Error("a live agent is prepared before it runs");
    const { deps, log } = this.w;
    let end: SourceEnd | undefined;
    try {
      // Before the agent exists: it must not be able to raise the limit first.
      const why = await staged.coreLimit;
      if (why) log.text(`The action's core dumps are still allowed (${why}).`);
      let atExit: TreeAtExit | undefined;
      const agentRun = startAgentRun(
        {
          settings,
          strategy: staged.strategy,
          agentUser: this.aside.user,
          transcriptFile: staged.transcriptFile,
          graces: this.graces,
          track: this.w.resort.track,
          // The end's status and HEAD lookup asked for at once, while the agent's output is still read;
          // not under an agent user whose processes outside the group go only when it is released (after
          // the reading); with its own view they went with its namespace, before its process ended.
          onExit: () => {
            const user = this.aside.user;
            if (!user || user.contained) atExit = treeAtExit(this.git);
          },
          redact: this.w.redact,
        },
        deps,
        log,
      );
      this.agentRun = agentRun;
      stop.addEventListener("abort", agentRun.stop, { once: true });
      end = { ...(await agentRun.run(wire)), treeAtExit: atExit };
      return end;
    } finally {
      // Its chat saved while its home is still there (also after a failure, a timeout or a cancel), once
      // every process of its user is gone: none may act on what the save reads.
      this.aside.user?.endProcesses(deps.cancelled?.aborted);
      await staged.chat?.save(end?.stopped?.reason === "cancel", deps.cancelled);
      this.aside.release();
    }
  }

  /**
   * The last resort has undone the run meanwhile (a cancel while admission waited on GitHub): nothing more
   * is set up (what was handed over since is undone at once: ./set-aside.ts).
   */
  private stopIfUndone(): void {
    if (this.aside.over) throw new Error("the run was undone while it was being prepared");
  }

  /** The agent's ear on the stream: the chat `system/init` names, and its result (a grace to exit). */
  private readonly onUpdate = (u: ModelUpdate): void => {
    if (u.type === "init" && u.session.sessionId && this.staged?.chat)
      this.staged.chat.chatId = u.session.sessionId;
    if (u.type === "result") this.agentRun?.resultSeen();
  };

  /** `auto` resolved on this machine, an explicit strategy checked against it (throws an InputError). */
  private resolveStrategy(): Resolved {
    return resolveStrategy(this.given.safetyStrategy, {
      platform: this.w.deps.platform,
      uid: process.geteuid?.() ?? -1,
      // The system's sudo, as every privileged program (never one an earlier step put on PATH).
      passwordlessSudo: () => {
        const sudo = findSystemProgram("sudo");
        return sudo !== undefined && spawnSync(sudo, ["-n", "true"], { stdio: "ignore" }).status === 0;
      },
      find: (program) => findSystemProgram(program),
    });
  }

  /** Under `unprivileged-user`: the agent's own user set up, with the checkout's credential out of its reach. */
  private async isolate(program: Settings, stashing: Promise<void>): Promise<AgentUser | undefined> {
    const { deps } = this.w;
    if (!program.agentUser) return undefined;
    // The plan goes to the held view, whose set-up then runs beside the stash. Both settled before either
    // failure is thrown: the set-aside has the user and the credential by then, to undo.
    const [made, stashed] = await Promise.allSettled([
      setUpAgentUser({
        prefix: program.agentUser,
        workspace: program.workspace,
        runnerTemp: deps.env.RUNNER_TEMP,
        agentPath: program.agentPath,
        env: deps.env,
        uid: process.geteuid?.() ?? -1,
        held: this.held,
        stashed: stashing,
      }),
      stashing,
    ]);
    if (made.status === "fulfilled") this.aside.madeUser(made.value);
    if (made.status === "rejected" || stashed.status === "rejected") {
      this.aside.release();
      throw made.status === "rejected" ? made.reason : (stashed as PromiseRejectedResult).reason;
    }
    return made.value;
  }
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

/**
 * `session: pull-request` in the run: the pull request's chat restored from the Actions cache before the
 * agent starts (into the store of the user it runs as), continued with `--resume`, and saved after it,
 * whatever its end (src/session/ does the work; its code and @actions/cache load only here).
 */
import { agentCommand } from "../agent/command.js";
import { CANCEL_DEADLINES, RUN_DEADLINES, waitEnd } from "../base/deadlines.js";
import type { RunContext } from "../github/context.js";
import type { LogWriter } from "../render/log-writer.js";
import type { AgentUser } from "../security/agent-user.js";
import type { CarryDeps, ChatPlace } from "../session/carry.js";
import type { Settings } from "../settings/settings.js";

export class CarriedChat {
  /** The chat the agent ran, once `system/init` named it. */
  chatId: string | undefined;

  private constructor(
    private readonly place: ChatPlace,
    private readonly deps: CarryDeps,
    /** The chat restored, to continue (`--resume`). */
    readonly resume: string | undefined,
  ) {}

  /** Restores the thread's chat; undefined when this run carries none. Never fails the run. */
  static async open(
    settings: Settings,
    context: RunContext,
    env: NodeJS.ProcessEnv,
    now: () => number,
    log: LogWriter,
    agentUser: AgentUser | undefined,
  ): Promise<CarriedChat | undefined> {
    if (settings.session !== "pull-request") return undefined;
    const thread = context.thread;
    if (!thread) {
      log.annotate("notice", "session: pull-request needs a pull request or an issue: a new chat starts.");
      return undefined;
    }
    const { restoreChat } = await import("../session/carry.js");
    const uid = process.geteuid?.() ?? -1;
    // Where the agent's CLI keeps its chats: its environment as it will run (its own home, as its user).
    const command = agentCommand(settings, env);
    const agentEnv = agentUser ? agentUser.asUser(command).env : command.env;
    const place: ChatPlace = {
      thread: { owner: thread.owner, repo: thread.repo, number: thread.issue },
      // A comment run cannot tell a fork's pull request from another: its chat is treated as a fork's.
      fromFork: context.pullRequest?.fromFork || context.pullRequest?.headUnknown,
      workspace: settings.workspace,
      agentEnv,
      stateDir: agentUser?.stateDir,
      agent: { user: agentUser?.ids, uid },
      self: { uid },
    };
    const deps: CarryDeps = {
      cache: { token: settings.runtimeToken, env },
      now,
      log: (line) => log.text(line),
      notice: (m) => log.annotate("notice", m),
    };
    const { resume } = await restoreChat(place, deps, RUN_DEADLINES.sessionRestoreMs);
    log.flush();
    return new CarriedChat(place, deps, resume);
  }

  /**
   * After the agent, before its home goes: the chat it ran saved as the thread's newest. `cancelled`: the
   * agent was stopped by the cancel; `late`, the runner's cancel whenever it comes (run/last-resort.ts):
   * a save it finds running has its share of the cancel budget left, no more.
   */
  async save(cancelled: boolean, late?: AbortSignal): Promise<void> {
    const { saveChat } = await import("../session/carry.js");
    const ms = cancelled ? CANCEL_DEADLINES.sessionSaveMs : RUN_DEADLINES.sessionSaveMs;
    const end = waitEnd(ms, CANCEL_DEADLINES.sessionSaveMs, late);
    await saveChat(this.place, this.chatId, this.deps, ms, end.signal)
      .catch(() => false)
      .finally(end.dispose);
  }
}

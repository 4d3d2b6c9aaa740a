/**
 * The last resort: a bad input (or a configuration that cannot be protected, a CLI that cannot be
 * installed) is one line saying what is wrong; anything else is a bug, still one line, no stack. Either
 * way the step's outputs and summary say so: nothing a later step reads is left empty. A throw in an event
 * handler escapes every try: it still ends here, not in a bare crash, and then the process ends (its state
 * is unknown).
 *
 * It owns the undo: what the run set up (this step's file commands, the protected configuration, the
 * checkout's credential, the agent's user and grants) is put back here too, before the outputs are
 * written (the file commands' put-back would erase them after), within a deadline: an agent that wrote
 * `BASH_ENV=…` to GITHUB_ENV must not keep it for later steps because the action then failed.
 *
 * A cancel before the agent started is heard here too (see {@link LastResort.cancel}).
 */
import type { RunningAgent } from "../agent/process.js";
import { CANCEL_DEADLINES, RUN_DEADLINES, waitEnd } from "../base/deadlines.js";
import { quietly, UserFacingError } from "../base/errors.js";
import { Secrets } from "../base/redact.js";
import { publishEarlyEnd } from "../publish/early-end.js";
import type { LiveProgress } from "../publish/live-progress.js";
import { HEADLINE } from "../render/headlines.js";
import type { LogWriter } from "../render/log-writer.js";
import type { Deps } from "./deps.js";
import type { Back } from "./source.js";

/** The runner's cancel, before the agent started: the run ends `cancelled`, what it set up put back. */
class CancelledBeforeStart extends UserFacingError {
  constructor() {
    super("The run was cancelled before the agent started.");
  }
}

export class LastResort {
  /** Each secret as soon as it is read: an error thrown while reading the rest is redacted too. */
  readonly secrets = new Secrets();
  private agent: RunningAgent | undefined;
  private progress: LiveProgress | undefined;
  private failed = false;
  private undo: (() => Promise<Back>) | undefined;
  /**
   * Aborted by the runner's cancel once the agent has started, whenever it comes: every wait after the
   * agent (the chat's save, the changes, the review, the comment: GitHubDeps.cancelled) then ends at its
   * share of the cancel budget at the latest, one already running too (base/deadlines.ts waitEnd).
   */
  readonly lateCancel = new AbortController();
  /** The progress comment's last word, once given. */
  private lastWord: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: Deps,
    private readonly log: LogWriter,
  ) {
    process.on("uncaughtException", this.crash);
    process.on("unhandledRejection", this.crash);
    process.on("SIGINT", this.cancel);
    process.on("SIGTERM", this.cancel);
  }

  /** The agent, once started: killed with its group here (at once, if the run has already ended). */
  readonly track = (agent: RunningAgent): void => {
    this.agent = agent;
    if (this.failed) {
      agent.signal("SIGKILL");
      agent.release();
    }
  };

  /** What puts back what the run set up (AgentSource.undo): called here, once, before the outputs. */
  owns(undo: () => Promise<Back>): void {
    this.undo = undo;
  }

  /** It has spoken (the outputs say the run failed, the process is ending): the run must not speak after it. */
  get over(): boolean {
    return this.failed;
  }

  /** The live progress comment: says here that the run failed. */
  watch(progress: LiveProgress | undefined): void {
    this.progress = progress;
  }

  fail(e: unknown): Promise<void> {
    if (this.failed) return this.lastWord;
    this.failed = true;
    this.agent?.signal("SIGKILL");
    this.agent?.release();
    this.lastWord = this.undone().then((back) => this.report(e, back));
    return this.lastWord;
  }

  /** The undo, bounded: past the deadline the run ends without waiting for the rest of it. */
  private async undone(): Promise<Back> {
    const undo = this.undo;
    if (!undo) return { lines: [], warnings: [] };
    // After a cancel (before it or during it), the undo's share of the cancel budget: its slowest part is
    // the end of the agent's user.
    const end = waitEnd(RUN_DEADLINES.undoMs, CANCEL_DEADLINES.agentUserEndMs, this.lateCancel.signal);
    const back = await end.race(
      undo().catch((u: unknown) => ({
        lines: [],
        warnings: [`What the run set up could not all be put back: ${(u as Error)?.message ?? String(u)}`],
      })),
    );
    return back ?? { lines: [], warnings: ["What the run set up was not all put back in time."] };
  }

  private report(e: unknown, back: Back): Promise<void> {
    const redact = this.secrets.redactor();
    for (const line of back.lines) quietly(() => this.log.text(redact(line)));
    // The log may be what failed (a broken stdout): the outputs and the summary must not depend on it.
    quietly(() => this.log.endGroupAndFlush());
    const known = e instanceof UserFacingError;
    const message = redact(
      known ? (e as Error).message : `Unexpected error: ${(e as Error)?.message ?? String(e)}`,
    );
    const conclusion = e instanceof CancelledBeforeStart ? "cancelled" : "failure";
    publishEarlyEnd(this.deps, {
      conclusion,
      error: message,
      headline: HEADLINE[conclusion],
      reason: message,
    });
    for (const w of back.warnings) quietly(() => this.deps.warning(redact(w)));
    const lastWord = this.progress?.fail(message).catch(() => {}) ?? Promise.resolve();
    if (!known) {
      quietly(() => {
        this.log.annotate("debug", redact((e as Error)?.stack ?? String(e)));
        this.log.flush();
      });
    }
    quietly(() => this.deps.setFailed(message));
    return lastWord;
  }

  dispose(): void {
    process.off("uncaughtException", this.crash);
    process.off("unhandledRejection", this.crash);
    process.off("SIGINT", this.cancel);
    process.off("SIGTERM", this.cancel);
  }

  /** The process ends shortly after the last resort has spoken: once, whatever else arrives after. */
  private exiting = false;
  private readonly exitSoon = (): void => {
    if (this.exiting) return;
    this.exiting = true;
    setTimeout(() => process.exit(1), 100).unref();
  };

  /**
   * The runner's SIGINT (then SIGTERM). Once the agent has started, the run answers it: agent/agent-run.ts while
   * the agent runs (it stops it, and the report is written within the cancel budget), and after it each
   * wait, through {@link lateCancel}; here it is only kept from killing the process mid-write. Before the agent started,
   * nothing else hears it, and the process would die with what the run set up (the checkout's credential
   * taken out, the agent's user and grants, the protected configuration) not put back and no conclusion:
   * the run ends here, `cancelled`, everything undone first.
   */
  private readonly cancel = (): void => {
    if (this.agent) {
      // Heard while the report is written too: its writes then take at most their cancel-budget share.
      this.lateCancel.abort();
      return;
    }
    void this.fail(new CancelledBeforeStart()).finally(this.exitSoon);
  };

  private readonly crash = (e: unknown): void => {
    // The progress comment gets its last word (at most a few seconds), then the process ends.
    void this.fail(e).finally(this.exitSoon);
  };
}

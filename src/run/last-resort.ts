/**
 * The last resort: a bad input (or a configuration that cannot be protected, a CLI that cannot be
 * installed) is one line saying what is wrong; anything else is a bug, still one line, no stack. Either
 * way the step's outputs and summary say so: nothing a later step reads is left empty. A throw in an event
 * handler escapes every try: it still ends here, not in a bare crash, and then the process ends (its state
 * is unknown).
 */
import type { RunningAgent } from "../agent/process.js";
import { quietly, UserFacingError } from "../base/errors.js";
import { Secrets } from "../base/redact.js";
import { publishEarlyEnd } from "../publish/early-end.js";
import type { LiveProgress } from "../publish/live-progress.js";
import { HEADLINE } from "../render/headlines.js";
import type { LogWriter } from "../render/log-writer.js";
import type { Deps } from "./deps.js";

export class LastResort {
  /** Each secret as soon as it is read: an error thrown while reading the rest is redacted too. */
  readonly secrets = new Secrets();
  private agent: RunningAgent | undefined;
  private progress: LiveProgress | undefined;
  private failed = false;
  /** The progress comment's last word, once given. */
  private lastWord: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: Deps,
    private readonly log: LogWriter,
  ) {
    process.on("uncaughtException", this.crash);
    process.on("unhandledRejection", this.crash);
  }

  /** The agent, once started: killed with its group here. */
  readonly track = (agent: RunningAgent): void => {
    this.agent = agent;
  };

  /** The live progress comment: says here that the run failed. */
  watch(progress: LiveProgress | undefined): void {
    this.progress = progress;
  }

  fail(e: unknown): Promise<void> {
    if (this.failed) return this.lastWord;
    this.failed = true;
    this.agent?.signal("SIGKILL");
    this.agent?.release();
    // The log may be what failed (a broken stdout): the outputs and the summary must not depend on it.
    quietly(() => this.log.close());
    const redact = this.secrets.redactor();
    const known = e instanceof UserFacingError;
    const message = redact(
      known ? (e as Error).message : `Unexpected error: ${(e as Error)?.message ?? String(e)}`,
    );
    publishEarlyEnd(this.deps, {
      conclusion: "failure",
      error: message,
      headline: HEADLINE.failure,
      reason: message,
    });
    this.lastWord = this.progress?.fail(message).catch(() => {}) ?? Promise.resolve();
    if (!known) {
      quietly(() => {
        this.log.annotate("debug", redact((e as Error)?.stack ?? String(e)));
        this.log.flush();
      });
    }
    quietly(() => this.deps.setFailed(message));
    return this.lastWord;
  }

  dispose(): void {
    process.off("uncaughtException", this.crash);
    process.off("unhandledRejection", this.crash);
  }

  private readonly crash = (e: unknown): void => {
    // The progress comment gets its last word (at most a few seconds), then the process ends.
    void this.fail(e).finally(() => setTimeout(() => process.exit(1), 100).unref());
  };
}

/**
 * The live progress comment as the entry makes it and hands it down: light until the agent runs (its code
 * and octokit are loaded only then, while the agent starts), and the one object the run, the report and
 * the last resort speak to.
 */
import type { Redact } from "../base/redact.js";
import { runAttemptUrl } from "../base/runner.js";
import type { CommentClient } from "../github/api.js";
import type { IssueRef } from "../github/context.js";
import type { ModelUpdate, RunModel } from "../model/run-model.js";
import type { ProgressComment } from "./progress.js";

export interface LiveProgressOptions {
  /** Best effort: an update made once (a retried one could land after the report), abortable. */
  client: (signal: AbortSignal) => Promise<CommentClient>;
  target: IssueRef;
  key: string;
  env: NodeJS.ProcessEnv;
  redact: Redact;
  now: () => number;
  signals: Pick<NodeJS.Process, "on" | "off">;
  debug: (message: string) => void;
}

export class LiveProgress {
  private comment: ProgressComment | undefined;
  private loading: Promise<ProgressComment | undefined> | undefined;
  /** The run failed, or the report took over: no "working" comment may start after that. */
  private over = false;

  constructor(private readonly o: LiveProgressOptions) {}

  /** The agent runs: the comment's code is loaded and its first write made (never in the agent's way). */
  attach(run: { model: RunModel; filesChanged: () => number }): void {
    this.loading = import("./progress.js")
      .then(({ ProgressComment }) => {
        if (this.over) return undefined;
        const o = this.o;
        const comment = new ProgressComment({
          client: o.client,
          target: o.target,
          key: o.key,
          model: run.model,
          filesChanged: run.filesChanged,
          runUrl: runAttemptUrl(o.env),
          redact: o.redact,
          now: o.now,
          signals: o.signals,
          debug: o.debug,
        });
        this.comment = comment;
        comment.start();
        return comment;
      })
      .catch(() => undefined);
  }

  readonly onUpdate = (u: ModelUpdate): void => {
    this.comment?.onUpdate(u);
  };

  /** No update after this returns (the one in flight settled or aborted): the report comes next. */
  async finish(): Promise<void> {
    await (await this.loading)?.finish();
  }

  /** The report is being written into the comment: it is the report's from now on. */
  reported(): void {
    this.over = true;
    this.comment?.reported();
  }

  /** The action failed before its report: the comment says so instead of "working" (best effort). */
  async fail(message: string): Promise<void> {
    this.over = true;
    await (await this.loading)?.fail(message);
  }
}

/**
 * The live progress comment: the sticky PR comment, written when the agent starts ("working", the start
 * time, a link to the run) and kept current while it runs (its todo list, the tool call in progress, the
 * files changed so far, the time taken). The end of the run writes the report into the same comment
 * (publish.ts finds it by its marker).
 *
 * Pace: at most one update per {@link ProgressOptions.intervalMs} (15 s), plus one soon after each change
 * of the todo list (changes within a second are one update), and never two requests at once. An update
 * that fails (403, 5xx, a rate limit) is a debug line: never a failed step, never a wait for the agent —
 * nothing here is awaited on the stream's path. {@link ProgressComment.finish} stops it and waits (briefly)
 * for a request in flight, so that no late update can overwrite the final report.
 */
import type { CommentClient } from "./github/api.js";
import { upsertComment } from "./github/comment.js";
import type { IssueRef } from "./github/context.js";
import type { ModelUpdate, RunModel, ToolCall } from "./model/run-model.js";
import { fenced, mdCode, mdText } from "./render/markdown.js";
import type { Redact } from "./render/redact.js";
import { todoLines } from "./render/report.js";
import { formatDuration } from "./render/run-header.js";
import type { TodoItem } from "./tools/index.js";

export interface ProgressOptions {
  client: () => Promise<CommentClient>;
  target: IssueRef;
  key: string;
  model: RunModel;
  /** Files changed so far (the change tracker's count). */
  filesChanged: () => number;
  runUrl?: string;
  redact: Redact;
  now: () => number;
  /** A line for the job log's debug stream: what went wrong with an update. */
  debug: (message: string) => void;
  /** Between timed updates (default 15 s). */
  intervalMs?: number;
  /** After a todo list change (default 1 s: changes that come together are one update). */
  todoDelayMs?: number;
}

/** How long {@link ProgressComment.finish} waits for a request in flight. */
const FINISH_WAIT_MS = 5_000;

export class ProgressComment {
  private readonly startedAt: number;
  private commentId: number | undefined;
  private inFlight: Promise<void> | undefined;
  /** Something changed since the last update was sent. */
  private dirty = true;
  private todosAt: TodoItem[] = [];
  private current: ToolCall | undefined;
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Requests made, for the log's last line (and the tests' request budget). */
  requests = 0;

  constructor(private readonly o: ProgressOptions) {
    this.startedAt = o.now();
  }

  /** The first write ("working"), then the timed updates. */
  start(): void {
    this.send();
    this.timer = setInterval(() => {
      if (this.dirty) this.send();
    }, this.o.intervalMs ?? 15_000);
    this.timer.unref();
  }

  /** A pipeline listener: notes what the next update shows. Cheap; never sends by itself but for todos. */
  readonly onUpdate = (u: ModelUpdate): void => {
    if (this.stopped) return;
    if (u.type === "tool-start") {
      this.current = u.call;
      this.dirty = true;
    } else if (u.type === "tool-end") {
      if (this.current === u.call) this.current = undefined;
      this.dirty = true;
      if (this.o.model.todos !== this.todosAt) {
        this.todosAt = this.o.model.todos;
        this.soon ??= setTimeout(() => {
          this.soon = undefined;
          this.send();
        }, this.o.todoDelayMs ?? 1_000);
        this.soon.unref();
      }
    }
  };

  /** No more updates; a request in flight is waited for (at most 5 s), so the report comes after it. */
  async finish(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.soon);
    const flight = this.inFlight;
    if (flight) {
      let t: NodeJS.Timeout | undefined;
      await Promise.race([flight, new Promise<void>((r) => (t = setTimeout(r, FINISH_WAIT_MS)))]);
      clearTimeout(t);
    }
  }

  /**
   * The run ended without a report (the action itself failed): the comment says so instead of "working".
   * Best effort, after any request in flight; at most a few seconds.
   */
  async fail(message: string): Promise<void> {
    await this.finish();
    if (this.requests === 0) return;
    const body = `### ❌ Cursor agent failed\n\nThe action stopped before its report:\n\n${fenced(this.o.redact(message))}`;
    let t: NodeJS.Timeout | undefined;
    await Promise.race([
      this.write(body).catch(() => {}),
      new Promise<void>((r) => (t = setTimeout(r, FINISH_WAIT_MS))),
    ]);
    clearTimeout(t);
  }

  /** One request at a time: a send while one is in flight is left to the next tick (dirty stays set). */
  private send(): void {
    if (this.stopped || this.inFlight) return;
    this.dirty = false;
    const body = this.body();
    this.requests++;
    this.inFlight = this.write(body)
      .catch((e: unknown) => {
        const status = (e as { status?: number })?.status;
        this.o.debug(
          `The progress comment could not be written${status ? ` (HTTP ${status})` : ""}: ${
            ((e as Error)?.message ?? String(e)).split("\n")[0]
          }`,
        );
        this.dirty = true;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
  }

  private async write(body: string): Promise<void> {
    const client = await this.o.client();
    if (this.commentId === undefined) {
      const r = await upsertComment(client, this.o.target, this.o.key, body);
      this.commentId = r.id;
      return;
    }
    const { marker } = await import("./github/marker.js");
    await client.update(this.o.target, this.commentId, `${marker(this.o.key)}\n${body}`);
  }

  private body(): string {
    const { model, redact } = this.o;
    const elapsed = this.o.now() - this.startedAt;
    const started = new Date(this.startedAt).toISOString().slice(11, 19);
    const out = [
      "### ⏳ Cursor agent is working",
      "",
      [
        `Started ${started} UTC`,
        `${formatDuration(elapsed)} so far`,
        `${model.toolCounts().total} tool calls`,
        `${this.o.filesChanged()} file${this.o.filesChanged() === 1 ? "" : "s"} changed so far`,
        this.o.runUrl ? `[workflow run](${this.o.runUrl})` : "",
      ]
        .filter(Boolean)
        .join(" · "),
      "",
    ];
    if (model.todos.length > 0)
      out.push("**The agent's todo list**", "", ...todoLines(model.todos, redact), "");
    const c = this.current;
    if (c) {
      const what = c.target
        ? `${mdText(redact(c.name))} ${mdCode(redact(c.target))}`
        : mdText(redact(c.name));
      out.push(`**Now:** ${what}, for ${formatDuration(Math.max(0, this.o.now() - c.startedAt))}`, "");
    }
    out.push("_This comment becomes the report when the agent is done._");
    return out.join("\n");
  }
}

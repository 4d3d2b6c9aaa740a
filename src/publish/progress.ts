/**
 * The live progress comment: the sticky PR comment, written when the agent starts ("working", the start
 * time, a link to the run) and kept current while it runs (its todo list, the tool call in progress, the
 * files changed so far, the time taken). The end of the run writes the report into the same comment
 * (publish.ts finds it by its marker).
 *
 * Pace: at most one update per {@link ProgressOptions.intervalMs} (15 s), plus one soon after each change
 * of the todo list (changes within a second are one update; one that comes while a request is in flight
 * goes as soon as that request settles), and never two requests at once. Updates are best effort: each
 * request is made once (no retry, no wait for a rate limit) and a failure is a debug line — never a failed
 * step, never a wait for the agent: nothing here is awaited on the stream's path. A refusal (401, 403,
 * 404: a fork's read-only token) ends the updates. {@link ProgressComment.finish} ends them and waits for
 * the request in flight (aborting only one that hangs), so that no late update can overwrite the report.
 */

import { CANCEL_DEADLINES, RUN_DEADLINES, waitEnd } from "../base/deadlines.js";
import { formatDuration } from "../base/format.js";
import type { Redact } from "../base/redact.js";
import type { CommentClient } from "../github/api.js";
import { upsertComment } from "../github/comment.js";
import type { IssueRef } from "../github/context.js";
import { marker } from "../github/marker.js";
import type { ModelUpdate, RunModel, ToolCall } from "../model/run-model.js";
import { HEADLINE, headline, WORKING_HEADLINE } from "../render/headlines.js";
import { fenced, mdCode, mdText } from "../render/markdown.js";
import { todoLines } from "../render/todos.js";
import type { TodoItem } from "../tools/index.js";

export interface ProgressOptions {
  /**
   * A client whose requests carry `signal` and are made once: no retry, no wait for a rate limit (a late
   * retry of an update could land after the report).
   */
  client: (signal: AbortSignal) => Promise<CommentClient>;
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
  /** Where a cancel arrives (SIGINT, then SIGTERM): the updates stop then, the time left is the report's. */
  signals?: Pick<NodeJS.Process, "on" | "off">;
  /** Between timed updates (default 15 s). */
  intervalMs?: number;
  /** After a todo list change (default 1 s: changes that come together are one update). */
  todoDelayMs?: number;
}

/**
 * How long {@link ProgressComment.finish} lets a request in flight complete before aborting it, so that the
 * report lands last: GitHub applies a PATCH (or POST) it has received even when the client aborts, so an
 * abandoned update could land over the report, or a first write become a second comment. An update is one
 * attempt, so this is the API's own answer time. None after a cancel, whenever it comes (a wait begun
 * ends with it): the runner kills the step 7.5 s after its SIGINT (docs/runner.md), the report comes first.
 */
const FINISH_WAIT_MS = RUN_DEADLINES.progressFinishMs;
/** How long an aborted request may take to settle (a client honouring its signal: at once). */
const ABORT_WAIT_MS = CANCEL_DEADLINES.progressMs;
/** How long {@link ProgressComment.fail} gives its own write (then the process may end). */
const FAIL_WAIT_MS = RUN_DEADLINES.progressFailMs;

export class ProgressComment {
  private readonly startedAt: number;
  private commentId: number | undefined;
  /** Every update's requests carry its signal: {@link finish} aborts the one in flight. */
  private readonly updates = new AbortController();
  private updatesClient: Promise<CommentClient> | undefined;
  private inFlight: Promise<void> | undefined;
  /** Something changed since the last update was sent. */
  private dirty = true;
  /** A todo list change came while a request was in flight: its update goes when that request settles. */
  private todosPending = false;
  /** The todo list the last update saw (the model's own array: a change is a new one). */
  private todosAt: TodoItem[];
  /** Calls started and not yet ended, by id, in the order they started (calls can run in parallel). */
  private readonly running = new Map<string, ToolCall>();
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private stopped = false;
  private cancelled = false;
  /** Resolves at the runner's cancel: {@link finish}'s wait for the request in flight ends with it. */
  private readonly heard: Promise<void>;
  private hear: () => void = () => {};
  /** The comment is the report's (or the failure's): nothing here writes it any more. */
  private final = false;
  /** GitHub refused a write (401, 403, 404): no other will be tried. */
  private refused = false;
  /** Writes attempted: with none, there is no comment for fail() to write in. */
  private writes = 0;

  constructor(private readonly o: ProgressOptions) {
    this.startedAt = o.now();
    // The model's empty list at start: the first call's end is not a change of the todo list.
    this.todosAt = o.model.todos;
    this.heard = new Promise((resolve) => {
      this.hear = resolve;
    });
  }

  /** The first write ("working"), then the timed updates. */
  start(): void {
    this.o.signals?.on("SIGINT", this.onCancel);
    this.o.signals?.on("SIGTERM", this.onCancel);
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
      this.running.set(u.call.callId, u.call);
      this.dirty = true;
    } else if (u.type === "tool-end") {
      this.running.delete(u.call.callId);
      this.dirty = true;
      if (this.o.model.todos !== this.todosAt) {
        this.todosAt = this.o.model.todos;
        this.soon ??= setTimeout(() => {
          this.soon = undefined;
          // One request at a time: the update waits for the one in flight, then goes at once.
          if (this.inFlight) this.todosPending = true;
          else this.send();
        }, this.o.todoDelayMs ?? 1_000);
        this.soon.unref();
      }
    }
  };

  /**
   * No more updates. A request in flight is waited for ({@link FINISH_WAIT_MS}; not after a cancel, nor
   * past one that comes meanwhile), then whatever is left is aborted: no request of the updates is sent
   * after this returns.
   */
  async finish(): Promise<void> {
    this.stop();
    const flight = this.inFlight;
    if (flight && !this.cancelled) await waitEnd(FINISH_WAIT_MS, 0).race(Promise.race([flight, this.heard]));
    this.updates.abort();
    if (flight) await waitEnd(ABORT_WAIT_MS, 0).race(flight);
    this.unlisten();
  }

  /** The report is being written into the comment: from now on it is the report's ({@link fail} does nothing). */
  reported(): void {
    this.final = true;
    this.stop();
    this.unlisten();
  }

  /**
   * The run ended without a report (the action itself failed): the comment says so instead of "working".
   * Best effort, after any request in flight; at most a few seconds. Nothing once the report is written.
   */
  async fail(message: string): Promise<void> {
    if (this.final) return;
    this.final = true;
    await this.finish();
    if (this.writes === 0 || this.refused) return;
    const body = `${headline(HEADLINE.failure)}\n\nThe action stopped before its report:\n\n${fenced(this.o.redact(message))}`;
    // A cancel before it or during it leaves the write its share of the cancel budget, no more: the runner
    // kills the step 7.5 s after its SIGINT.
    const cancel = new AbortController();
    if (this.cancelled) cancel.abort();
    const onCancel = () => cancel.abort();
    this.o.signals?.on("SIGINT", onCancel);
    this.o.signals?.on("SIGTERM", onCancel);
    const end = waitEnd(FAIL_WAIT_MS, CANCEL_DEADLINES.commentMs, cancel.signal);
    await end.race(this.write(body, end.signal).catch(() => {}));
    this.o.signals?.off("SIGINT", onCancel);
    this.o.signals?.off("SIGTERM", onCancel);
  }

  /** The runner cancels: no more updates (the one in flight may complete; {@link finish} will not wait). */
  private readonly onCancel = (): void => {
    this.cancelled = true;
    this.hear();
    this.stop();
  };

  /** No more updates (the cancel is still heard, until {@link finish} is over). */
  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.soon);
    this.todosPending = false;
  }

  private unlisten(): void {
    this.o.signals?.off("SIGINT", this.onCancel);
    this.o.signals?.off("SIGTERM", this.onCancel);
  }

  /** One request at a time: a timed send while one is in flight is left to the next tick (dirty stays set). */
  private send(): void {
    if (this.stopped || this.inFlight) return;
    this.dirty = false;
    this.todosPending = false;
    const body = this.body();
    this.writes++;
    const { signal } = this.updates;
    this.inFlight = this.write(body, signal)
      .catch((e: unknown) => {
        // Aborted by finish(): the report takes over, nothing to say.
        if (signal.aborted) return;
        const status = (e as { status?: number })?.status;
        const refused = isRefusal(e);
        this.o.debug(
          `The progress comment could not be written${status ? ` (HTTP ${status})` : ""}: ${
            ((e as Error)?.message ?? String(e)).split("\n")[0]
          }${refused ? " (no more updates; the report will still be tried at the end)" : ""}`,
        );
        if (refused) {
          this.refused = true;
          this.stop();
        }
        this.dirty = true;
      })
      .finally(() => {
        this.inFlight = undefined;
        if (this.todosPending) this.send();
      });
  }

  private async write(body: string, signal: AbortSignal): Promise<void> {
    const client = await this.clientFor(signal);
    signal.throwIfAborted();
    if (this.commentId === undefined) {
      const r = await upsertComment(client, this.o.target, this.o.key, body);
      this.commentId = r.id;
      return;
    }
    await client.update(this.o.target, this.commentId, `${marker(this.o.key)}\n${body}`);
  }

  /** The updates share one client (and its signal); fail()'s write has its own. */
  private clientFor(signal: AbortSignal): Promise<CommentClient> {
    if (signal !== this.updates.signal) return this.o.client(signal);
    this.updatesClient ??= this.o.client(signal);
    return this.updatesClient;
  }

  private body(): string {
    const { model, redact } = this.o;
    const elapsed = this.o.now() - this.startedAt;
    const started = new Date(this.startedAt).toISOString().slice(11, 19);
    const out = [
      headline(WORKING_HEADLINE),
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
    // The latest call still running (with calls in parallel, another may have ended after it started).
    const c = [...this.running.values()].at(-1);
    if (c) {
      const what = c.target
        ? `${mdText(redact(c.name))} ${mdCode(redact(c.target))}`
        : mdText(redact(c.name));
      const others = this.running.size - 1;
      out.push(
        `**Now:** ${what}, for ${formatDuration(Math.max(0, this.o.now() - c.startedAt))}${
          others > 0 ? ` (and ${others} more call${others === 1 ? "" : "s"} in progress)` : ""
        }`,
        "",
      );
    }
    out.push("_This comment becomes the report when the agent is done._");
    return out.join("\n");
  }
}

/** Waits for `p`, at most `ms`. */
/** GitHub will not take this token's writes here (bad credentials, read-only, no comment); a rate limit will. */
function isRefusal(e: unknown): boolean {
  const err = e as { status?: number; message?: string; response?: { headers?: Record<string, string> } };
  if (err?.status === 401 || err?.status === 404) return true;
  if (err?.status !== 403) return false;
  return err.response?.headers?.["x-ratelimit-remaining"] !== "0" && !/rate limit/i.test(err.message ?? "");
}

/**
 * The run model: what the agent did, built event by event.
 *
 * It holds only what later stages need (session, counts, the result, and a bounded list of tool calls,
 * model/tool-calls.ts), never the stream or its text: memory stays flat with the amount of text, tool
 * output and the number of tool calls. Every call is counted; the report lists the first
 * {@link LISTED_CALLS} in full and the failed ones after them; the job log has each one.
 * Each change is also announced as a {@link ModelUpdate}; a tool call's carries the call resolved to its
 * family ({@link Tool}), which the live log and the change tracker ask for its output and file operations.
 */
import type { AgentEvent, InitEvent, ResultEvent } from "../stream/events.js";
import type { ToolEvent } from "../stream/tool-events.js";
import { type TodoItem, todosAfter } from "../tools/index.js";
import { interactionNote, isResume, lineCount, planNote, retryNote } from "./notes.js";
import { type KeptText, keepText, SEGMENT_SECRET_MARGIN, Segments } from "./segments.js";
import { type LISTED_CALLS, ToolCalls } from "./tool-calls.js";
import type { Session, ToolCounts, UpdateSink } from "./types.js";

export { LISTED_CALLS, LISTED_FAILED } from "./tool-calls.js";
export type { ModelUpdate, Session, ToolCall, ToolCounts, UpdateSink } from "./types.js";

export class RunModel {
  readonly session: Session = {};
  private readonly calls = new ToolCalls(() => this.root);
  /** The calls kept for the report (see {@link LISTED_CALLS}), by id, in the order they were kept. */
  readonly tools = this.calls.listed;
  /** The agent's todo list as its last `updateTodos` call left it (merged by id when it said so). */
  todos: TodoItem[] = [];
  result: ResultEvent | undefined;
  /** The last plan an interaction query carried, kept as the last segment is (see {@link finalPlan}). */
  plan: KeptText | undefined;
  /** The attempt the last retry event named (a resume of it is the same retry). */
  private retryAttempt: number | undefined;
  /** Segments of text the agent had closed when the plan came. */
  private segmentsAtPlan = 0;
  readonly counts = {
    segments: 0,
    thinkingBlocks: 0,
    reconnects: 0,
    retries: 0,
    /** `started`/`completed` lines replayed after a reconnect, counted once and otherwise ignored. */
    replayedToolEvents: 0,
    unknownEvents: 0,
  };
  private readonly segments: Segments;
  /** The thinking block being streamed: its length so far (some agents send only empty deltas). */
  private thinkingOpen: { chars: number } | undefined;

  constructor(
    private readonly emit: UpdateSink = () => {},
    /** The workspace, to relate paths when `system/init` has no `cwd`. */
    private readonly workspace?: string,
    /** The CLI runs in plan mode (`extra-args`): a plan it makes is the run's final message. */
    private readonly planMode = false,
  ) {
    this.segments = new Segments(emit, () => this.counts.segments++);
  }

  /** The last segment of assistant text (capped), for the summary's "final text". */
  get lastSegment(): string {
    return this.segments.last;
  }

  /** The last segment was cut: its last {@link lastSegmentMargin} characters are to be dropped once redacted. */
  get lastSegmentCut(): boolean {
    return this.segments.lastCut;
  }

  readonly lastSegmentMargin = SEGMENT_SECRET_MARGIN;

  /**
   * The plan, when it is the run's final message: in plan mode (the assistant's text and `result` then hold
   * only narration, docs/stream-format.md "Interaction queries"), or when the agent said nothing after it.
   * A plan approved on the way, with the agent's work and its answer after it, is not.
   */
  get finalPlan(): KeptText | undefined {
    return this.plan && (this.planMode || this.counts.segments === this.segmentsAtPlan)
      ? this.plan
      : undefined;
  }

  /**
   * The final message whole, as the contract (output-schema, review) reads its block from it: the plan when
   * it is the final message; else the last segment, or, when that was cut, `result`, which holds all of it.
   */
  get wholeFinalText(): string | undefined {
    const plan = this.finalPlan;
    if (plan) return plan.text;
    return this.lastSegmentCut ? this.result?.text : this.lastSegment || this.result?.text;
  }

  /** The directory the agent's paths are relative to. */
  get root(): string | undefined {
    return this.session.cwd ?? this.workspace;
  }

  apply(event: AgentEvent, receivedAt: number): void {
    switch (event.kind) {
      case "init":
        return this.onInit(event);
      case "user":
        return;
      case "thinking-delta": {
        this.thinkingOpen ??= { chars: 0 };
        this.thinkingOpen.chars += event.text.length;
        if (event.text !== "") this.emit({ type: "thinking-delta", text: event.text });
        return;
      }
      case "thinking-completed":
        return this.closeThinking();
      case "assistant":
        return this.segments.onAssistant(event);
      case "tool-started":
        return this.onToolStarted(event, receivedAt);
      case "tool-completed":
        return this.onToolCompleted(event, receivedAt);
      case "result":
        this.closeThinking();
        this.segments.closeImplicitly();
        this.result = event;
        if (event.sessionId && !this.session.sessionId) this.session.sessionId = event.sessionId;
        if (event.requestId) this.session.requestId = event.requestId;
        this.emit({ type: "result", result: event });
        return;
      case "connection":
        if (event.phase === "reconnecting") {
          this.counts.reconnects++;
          this.note(`Connection lost; reconnecting${event.attempt ? ` (attempt ${event.attempt})` : ""}`);
        } else {
          this.note("Reconnected");
        }
        return;
      case "retry":
        // A resume goes on with the retry under way (the same attempt); one seen without it is a retry.
        if (!isResume(event) || this.counts.retries === 0 || event.attempt !== this.retryAttempt)
          this.counts.retries++;
        this.retryAttempt = event.attempt;
        this.note(retryNote(event));
        return;
      case "interaction":
        if (event.plan === undefined || !this.keepPlan(event.plan)) this.note(interactionNote(event));
        return;
      case "notice":
        this.note(`${event.type}/${event.subtype}${event.message ? `: ${event.message}` : ""}`);
        return;
      case "unknown":
        this.counts.unknownEvents++;
        return;
    }
  }

  /** A plan, kept bounded; false when it is the one already kept (a response repeating its request). */
  private keepPlan(text: string): boolean {
    const kept = keepText(text);
    if (this.plan && this.plan.text === kept.text && this.plan.cut === kept.cut) return false;
    this.segments.closeImplicitly();
    this.segmentsAtPlan = this.counts.segments;
    this.plan = kept;
    this.note(planNote(lineCount(text), this.planMode));
    return true;
  }

  /** The stream ended: close what is still open (text cut off mid-segment is still a segment). */
  finish(): void {
    this.closeThinking();
    this.segments.closeImplicitly();
  }

  /** Every call, counted as it came (the listed ones are {@link tools}). */
  toolCounts(): ToolCounts {
    return this.calls.counts();
  }

  private onInit(e: InitEvent): void {
    const s = this.session;
    s.sessionId = e.sessionId ?? s.sessionId;
    s.startedSessionId ??= e.sessionId;
    s.requestId = e.requestId ?? s.requestId;
    s.model = e.model ?? s.model;
    s.cwd = e.cwd ?? s.cwd;
    s.apiKeySource = e.apiKeySource ?? s.apiKeySource;
    s.permissionMode = e.permissionMode ?? s.permissionMode;
    this.emit({ type: "init", session: s });
  }

  private closeThinking(): void {
    if (!this.thinkingOpen) return;
    this.counts.thinkingBlocks++;
    const { chars } = this.thinkingOpen;
    this.thinkingOpen = undefined;
    this.emit({ type: "thinking-end", chars });
  }

  private onToolStarted(e: ToolEvent, receivedAt: number): void {
    this.closeThinking();
    this.segments.closeImplicitly();
    const started = this.calls.start(e, receivedAt);
    if (!started) {
      this.counts.replayedToolEvents++;
      return;
    }
    this.emit({ type: "tool-start", call: started.call, tool: started.tool });
  }

  private onToolCompleted(e: ToolEvent, receivedAt: number): void {
    this.closeThinking();
    this.segments.closeImplicitly();
    const done = this.calls.complete(e, receivedAt);
    if (!done) {
      this.counts.replayedToolEvents++;
      return;
    }
    this.todos = todosAfter(this.todos, done.tool) ?? this.todos;
    this.emit({ type: "tool-end", call: done.call, tool: done.tool });
  }

  private note(text: string): void {
    this.emit({ type: "note", text });
  }
}

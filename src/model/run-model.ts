/**
 * The run model: what the agent did, built event by event.
 *
 * It holds only what later stages need (session, counts, the result, and a bounded list of tool calls),
 * never the stream or its text: memory stays flat with the amount of text, tool output and the number of
 * tool calls. Every call is counted; the report lists the first {@link LISTED_CALLS} in full and the
 * failed ones after them (up to {@link LISTED_FAILED}); the job log has each one.
 * Each change is also announced as a {@link ModelUpdate}; a tool call's carries the call resolved to its
 * family ({@link Tool}), which the live log and the change tracker ask for its output and file operations.
 */
import { RecentKeys } from "../base/recent.js";
import type { AgentEvent, InitEvent, ResultEvent } from "../stream/events.js";
import type { ToolEvent } from "../stream/tool-events.js";
import {
  kindOf,
  mainArg,
  outcomeOf,
  resolveTool,
  type TodoItem,
  type Tool,
  todosAfter,
  toolName,
} from "../tools/index.js";
import { interactionNote, isResume, lineCount, planNote, retryNote } from "./notes.js";
import { type KeptText, keepText, SEGMENT_SECRET_MARGIN, Segments } from "./segments.js";
import { shownTarget } from "./targets.js";
import type { Session, ToolCall, ToolCounts, UpdateSink } from "./types.js";

export type { ModelUpdate, Session, ToolCall, ToolCounts, UpdateSink } from "./types.js";

/** Calls kept in full for the report, in the order they started. */
export const LISTED_CALLS = 300;
/** Calls past those that did not succeed, also kept: a failure is what a reader looks for. */
export const LISTED_FAILED = 200;
/**
 * Ids of finished calls remembered to recognise a replay after a reconnect (the CLI replays the lines of
 * calls just before it): a bounded window, so that a million calls do not keep a million ids.
 */
const RECENT_DONE = 4096;

export class RunModel {
  readonly session: Session = {};
  /** The calls kept for the report (see {@link LISTED_CALLS}), by id, in the order they were kept. */
  readonly tools = new Map<string, ToolCall>();
  /** The agent's todo list as its last `updateTodos` call left it (merged by id when it said so). */
  todos: TodoItem[] = [];
  result: ResultEvent | undefined;
  /** The last plan an interaction query carried, kept as the last segment is (see {@link finalPlan}). */
  plan: KeptText | undefined;
  /** The attempt the last retry event named (a resume of it is the same retry). */
  private retryAttempt: number | undefined;
  /** Segments of text the agent had closed when the plan came. */
  private segmentsAtPlan = 0;
  private readonly tally: ToolCounts = {
    total: 0,
    byStatus: {
      running: 0,
      succeeded: 0,
      pending: 0,
      "needs-approval": 0,
      rejected: 0,
      failed: 0,
      errored: 0,
      unknown: 0,
    },
    byKind: {},
  };
  /** Calls started and not yet finished (listed or not). */
  private readonly open = new Map<string, ToolCall>();
  /** Ids of the last {@link RECENT_DONE} finished calls that are not listed. */
  private readonly recentDone = new RecentKeys(RECENT_DONE);
  private listedFirst = 0;
  /** Calls seen without an id, each keyed by its number ({@link anonymousKey}). */
  private anonymousCalls = 0;
  private listedFailed = 0;
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
    return {
      total: this.tally.total,
      byStatus: { ...this.tally.byStatus },
      byKind: { ...this.tally.byKind },
    };
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
    if (e.callId !== undefined && this.seen(e.callId)) {
      // After a reconnect the CLI may replay a call's lines: the same id started again.
      this.counts.replayedToolEvents++;
      return;
    }
    const key = e.callId ?? this.anonymousKey();
    const tool = resolveTool(e.tool);
    const call = this.newCall(key, tool, e.tool.startedAtMs ?? e.timestampMs ?? receivedAt);
    call.pendingArgs = e.tool.args;
    this.open.set(key, call);
    this.emit({ type: "tool-start", call, tool });
  }

  private onToolCompleted(e: ToolEvent, receivedAt: number): void {
    this.closeThinking();
    this.segments.closeImplicitly();
    // A completion without an id matches nothing: closing some open call would merge two calls.
    let call = e.callId === undefined ? undefined : this.open.get(e.callId);
    if (!call && e.callId !== undefined && this.seen(e.callId)) {
      this.counts.replayedToolEvents++;
      return;
    }
    const key = call?.callId ?? e.callId ?? this.anonymousKey();
    // The completion may lack the arguments its start had.
    const tool = resolveTool(
      e.tool.args || !call?.pendingArgs ? e.tool : { ...e.tool, args: call.pendingArgs },
    );
    const endedAt = e.tool.completedAtMs ?? e.timestampMs ?? receivedAt;
    if (!call) {
      // A completion without a start (docs/stream-format.md "Tool calls"): the call still counts.
      call = this.newCall(key, tool, e.tool.startedAtMs ?? endedAt);
      call.startSeen = false;
    } else if (tool.payload.args && !call.mainArg) {
      this.describe(tool, call);
    }
    this.open.delete(key);
    call.pendingArgs = undefined;
    call.outcome = outcomeOf(tool);
    call.status = call.outcome.status;
    this.tally.byStatus.running--;
    this.tally.byStatus[call.status]++;
    call.endedAt =
      e.tool.durationMs !== undefined
        ? call.startedAt + e.tool.durationMs
        : Math.max(endedAt, call.startedAt);
    if (!this.tools.has(key)) {
      if (call.status !== "succeeded" && this.listedFailed < LISTED_FAILED) {
        this.listedFailed++;
        this.tools.set(key, call);
      } else {
        this.recentDone.add(key);
      }
    }
    this.todos = todosAfter(this.todos, tool) ?? this.todos;
    this.emit({ type: "tool-end", call, tool });
  }

  /** A call already started or finished (listed, open, or finished recently). */
  private seen(callId: string): boolean {
    return this.open.has(callId) || this.tools.has(callId) || this.recentDone.has(callId);
  }

  /**
   * The key of a call that has no id: its own, never matched. It starts with a space, which no id has
   * once trimmed (stream/tool-events.ts `usableId`), so it can be no real call's key.
   */
  private anonymousKey(): string {
    return ` #${++this.anonymousCalls}`;
  }

  /** A new call: counted, and kept for the report while fewer than {@link LISTED_CALLS} are. */
  private newCall(callId: string, tool: Tool, startedAt: number): ToolCall {
    // Every field a call will have, in one literal: one shape for all calls, where a spread in the middle
    // of the literal copied property by property at run time (~1 µs a call, BENCHMARKS.md).
    const call: ToolCall = {
      callId,
      kind: kindOf(tool),
      name: "",
      mainArg: undefined,
      target: undefined,
      inside: true,
      status: "running",
      outcome: undefined,
      startedAt,
      endedAt: undefined,
      startSeen: true,
      pendingArgs: undefined,
    };
    this.describe(tool, call);
    this.tally.total++;
    this.tally.byStatus.running++;
    this.tally.byKind[call.kind] = (this.tally.byKind[call.kind] ?? 0) + 1;
    if (this.listedFirst < LISTED_CALLS) {
      this.listedFirst++;
      this.tools.set(callId, call);
    }
    return call;
  }

  /** The call's name, main argument and target, as the tool gives them. */
  private describe(tool: Tool, call: ToolCall): void {
    // Both read before the call is touched: it is never left half described.
    const name = toolName(tool);
    const arg = mainArg(tool);
    call.name = name;
    call.inside = true;
    if (arg.value === undefined) return;
    call.mainArg = arg.value;
    const shown = shownTarget(arg.value, arg, this.root);
    call.target = shown.display;
    call.inside = shown.inside;
  }

  private note(text: string): void {
    this.emit({ type: "note", text });
  }
}

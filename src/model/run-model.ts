/**
 * The run model: what the agent did, built event by event.
 *
 * It holds only what later stages need (session, counts, tool calls by id, the result), never the stream
 * or its text: memory grows with the number of tool calls, not with the amount of text or tool output.
 * Each change is also announced as a {@link ModelUpdate}; a tool call's carries the call resolved to its
 * family ({@link Tool}), which the live log and the change tracker ask for its output and file operations.
 */
import type { AgentEvent, InitEvent, ResultEvent, ToolEvent } from "../stream/events.js";
import {
  kindOf,
  mainArg,
  type OutcomeSummary,
  outcomeOf,
  resolveTool,
  type Tool,
  type ToolStatus,
  toolName,
} from "../tools/index.js";
import { relatePath } from "./paths.js";
import { SEGMENT_SECRET_MARGIN, Segments } from "./segments.js";

export interface ToolCall {
  /** The agent's id, as given: may contain a newline (docs/stream-format.md "Tool calls"). Never print it raw. */
  callId: string;
  /** Cursor's kind (`shellToolCall`) for every name that means it; an unknown kind as the wire gave it. */
  kind: string;
  name: string;
  /** The main argument as the agent gave it. */
  mainArg?: string;
  /** The main argument for display: paths related to the workspace. */
  target?: string;
  /** False for a path outside the workspace. */
  inside: boolean;
  status: ToolStatus;
  outcome?: OutcomeSummary;
  /** Epoch ms, from the agent's own timestamps when it gave them, else when we received the event. */
  startedAt: number;
  endedAt?: number;
  /** False when the completion arrived without a start. */
  startSeen: boolean;
  /** Arguments from `started`, kept only until the completion (which may lack them). */
  pendingArgs?: Record<string, unknown>;
}

/** What `system/init` said (and `result` completed). */
export type Session = Omit<InitEvent, "kind">;

export type ModelUpdate =
  | { type: "init"; session: Session }
  | { type: "text-delta"; text: string }
  /** A finished segment. `streamed`: its text already went out as deltas (do not show it again). */
  | { type: "segment"; text: string; streamed: boolean }
  | { type: "thinking-delta"; text: string }
  | { type: "thinking-end"; chars: number }
  | { type: "tool-start"; call: ToolCall; tool: Tool }
  | { type: "tool-end"; call: ToolCall; tool: Tool }
  | { type: "note"; text: string }
  /** A line of the agent's stdout that is not a JSON event (as it came, up to 8,192 characters). */
  | { type: "stray"; text: string }
  | { type: "result"; result: ResultEvent };

export type UpdateSink = (u: ModelUpdate) => void;

export class RunModel {
  readonly session: Session = {};
  readonly tools = new Map<string, ToolCall>();
  result: ResultEvent | undefined;
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
  /** The thinking block being streamed: its delta count (some agents send only empty deltas) and length. */
  private thinkingOpen: { deltas: number; chars: number } | undefined;

  constructor(
    private readonly emit: UpdateSink = () => {},
    /** The workspace, to relate paths when `system/init` has no `cwd`. */
    private readonly workspace?: string,
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
        this.thinkingOpen ??= { deltas: 0, chars: 0 };
        const open = this.thinkingOpen;
        open.deltas++;
        open.chars += event.text.length;
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
        this.counts.retries++;
        this.note(
          `Retrying the request${event.attempt ? ` (attempt ${event.attempt})` : ""}${event.isResume ? ", resuming" : ""}`,
        );
        return;
      case "interaction":
        this.note(`Approval ${event.phase}${event.queryType ? `: ${event.queryType}` : ""}`);
        return;
      case "notice":
        this.note(`${event.type}/${event.subtype}${event.message ? `: ${event.message}` : ""}`);
        return;
      case "unknown":
        this.counts.unknownEvents++;
        return;
    }
  }

  /** The stream ended: close what is still open (text cut off mid-segment is still a segment). */
  finish(): void {
    this.closeThinking();
    this.segments.closeImplicitly();
  }

  toolCounts(): { total: number; byStatus: Record<ToolStatus, number>; byKind: Record<string, number> } {
    const byStatus: Record<ToolStatus, number> = {
      running: 0,
      succeeded: 0,
      failed: 0,
      rejected: 0,
      errored: 0,
    };
    const byKind: Record<string, number> = {};
    for (const t of this.tools.values()) {
      byStatus[t.status]++;
      byKind[t.kind] = (byKind[t.kind] ?? 0) + 1;
    }
    return { total: this.tools.size, byStatus, byKind };
  }

  private onInit(e: InitEvent): void {
    const s = this.session;
    s.sessionId = e.sessionId ?? s.sessionId;
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
    if (this.tools.has(e.callId)) {
      // After a reconnect the CLI may replay a call's lines: the same call_id started again.
      this.counts.replayedToolEvents++;
      return;
    }
    const tool = resolveTool(e.tool);
    const call = this.newCall(e.callId, tool, e.tool.startedAtMs ?? e.timestampMs ?? receivedAt);
    call.pendingArgs = e.tool.args;
    this.tools.set(e.callId, call);
    this.emit({ type: "tool-start", call, tool });
  }

  private onToolCompleted(e: ToolEvent, receivedAt: number): void {
    this.closeThinking();
    this.segments.closeImplicitly();
    let call = this.tools.get(e.callId);
    if (call && call.status !== "running") {
      this.counts.replayedToolEvents++;
      return;
    }
    // The completion may lack the arguments its start had.
    const tool = resolveTool(
      e.tool.args || !call?.pendingArgs ? e.tool : { ...e.tool, args: call.pendingArgs },
    );
    const endedAt = e.tool.completedAtMs ?? e.timestampMs ?? receivedAt;
    if (!call) {
      // A completion without a start (docs/stream-format.md "Tool calls"): the call still counts.
      call = this.newCall(e.callId, tool, e.tool.startedAtMs ?? endedAt);
      call.startSeen = false;
      this.tools.set(e.callId, call);
    } else if (tool.payload.args && !call.mainArg) {
      Object.assign(call, this.describe(tool));
    }
    call.pendingArgs = undefined;
    call.outcome = outcomeOf(tool);
    call.status = call.outcome.status;
    call.endedAt =
      e.tool.durationMs !== undefined
        ? call.startedAt + e.tool.durationMs
        : Math.max(endedAt, call.startedAt);
    this.emit({ type: "tool-end", call, tool });
  }

  private newCall(callId: string, tool: Tool, startedAt: number): ToolCall {
    return {
      callId,
      kind: kindOf(tool),
      ...this.describe(tool),
      status: "running",
      startedAt,
      startSeen: true,
    };
  }

  private describe(tool: Tool): Pick<ToolCall, "name" | "mainArg" | "target" | "inside"> {
    const name = toolName(tool);
    const arg = mainArg(tool);
    if (arg.value === undefined) return { name, inside: true };
    if (!arg.isPath) return { name, mainArg: arg.value, target: arg.value, inside: true };
    const rel = relatePath(arg.value, this.root);
    return { name, mainArg: arg.value, target: rel.display, inside: rel.inside };
  }

  private note(text: string): void {
    this.emit({ type: "note", text });
  }
}

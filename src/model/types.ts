/**
 * The run model's shapes: a tool call as the model keeps it, the session, the counts, and the updates it
 * announces. Apart from the model so that its parts (segments.ts) and its listeners name them without
 * importing the model itself.
 */
import type { InitEvent, ResultEvent } from "../stream/events.js";
import type { OutcomeSummary, Tool, ToolStatus } from "../tools/index.js";

export interface ToolCall {
  /**
   * The key the model knows the call by: its id as the stream layer normalised it, or for a call without
   * one a key of its own (docs/stream-format.md "Tool-call ids"). May contain a newline: never print it raw.
   */
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
export type Session = Omit<InitEvent, "kind"> & {
  /** The first init's session id: the chat the CLI started the run with (a reconnect's init names another). */
  startedSessionId?: string;
};

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

export interface ToolCounts {
  total: number;
  byStatus: Record<ToolStatus, number>;
  byKind: Record<string, number>;
}

/**
 * Events: one parsed JSON line → one typed {@link AgentEvent}.
 *
 * Validation is by zod, per event type, on the fields the action reads; everything else in a line is
 * ignored. An event of a type we do not know, or a known type whose fields do not fit, becomes an
 * `unknown` event instead of an error: the agent's format grows faster than its docs (docs/stream-format.md "Events").
 */
import { z } from "zod";
import { initFields, lenientBool, lenientNum, lenientStr, plainTextContent, plainUsage } from "./by-hand.js";
import { type InteractionEvent, interactionEvent } from "./interaction.js";
import { errorText, lenient, once } from "./json.js";
import { alternateToolEvent, type ToolEvent, toolCallEvent } from "./tool-events.js";

export type AgentEvent =
  | InitEvent
  | { kind: "user"; text: string }
  | ThinkingDeltaEvent
  | { kind: "thinking-completed"; timestampMs?: number }
  | AssistantEvent
  | ToolEvent
  | ResultEvent
  | { kind: "connection"; phase: "reconnecting" | "reconnected"; attempt?: number; timestampMs?: number }
  | RetryEvent
  | InteractionEvent
  | { kind: "notice"; type: string; subtype: string; message?: string; timestampMs?: number }
  | { kind: "unknown"; type: string; subtype?: string };

export interface InitEvent {
  kind: "init";
  sessionId?: string;
  requestId?: string;
  model?: string;
  cwd?: string;
  apiKeySource?: string;
  permissionMode?: string;
}

/**
 * `retry/starting`, `retry/resuming` (the retry under way going on from a checkpoint: not another one),
 * or a `retry` of a subtype not known.
 */
export interface RetryEvent {
  kind: "retry";
  phase?: string;
  attempt?: number;
  isResume?: boolean;
  /** `checkpoint_turn_count` of a resume: the turns the CLI goes on from. */
  checkpointTurns?: number;
  timestampMs?: number;
}

export interface ThinkingDeltaEvent {
  kind: "thinking-delta";
  text: string;
  timestampMs?: number;
}

export interface AssistantEvent {
  kind: "assistant";
  text: string;
  /** Present on the full-segment repeat the CLI sends before a tool call (docs/stream-format.md "Partial output"). */
  modelCallId?: string;
  /** Present on token deltas (and on the repeat before a tool call). */
  timestampMs?: number;
  /** The alternate `{type:"assistant", text}` form is always a delta. */
  alternate?: boolean;
}

export interface ResultEvent {
  kind: "result";
  subtype: string;
  isError: boolean;
  text?: string;
  error?: string;
  durationMs?: number;
  durationApiMs?: number;
  sessionId?: string;
  requestId?: string;
  usage?: Record<string, number>;
}

/**
 * A token of streamed text rather than a whole segment (docs/stream-format.md "Partial output"): the
 * alternate form, or a token delta's `timestamp_ms` without the repeat's `model_call_id`.
 */
export function isAssistantDelta(e: AssistantEvent): boolean {
  return e.alternate === true || (e.modelCallId === undefined && e.timestampMs !== undefined);
}

/** The schemas, built on first use (json.ts {@link lenient}). */
const schemas = once(() => {
  const { str, num, bool } = lenient();
  const textContent = z.object({
    message: z.object({ content: z.array(z.object({ type: str, text: str })) }).optional(),
    text: z.string().optional(),
  });
  return {
    textContent,
    assistant: textContent.extend({ model_call_id: str, timestamp_ms: num }),
    result: z.object({
      subtype: str,
      is_error: bool,
      result: str,
      error: z.unknown().optional(),
      duration_ms: num,
      duration_api_ms: num,
      session_id: str,
      request_id: str,
      usage: z.record(z.string(), z.number()).optional().catch(undefined),
    }),
    timed: z.object({ timestamp_ms: num }),
    delta: z.object({ text: z.string(), timestamp_ms: num }),
    connection: z.object({ attempt: num, timestamp_ms: num }),
    retry: z.object({ attempt: num, is_resume: bool, checkpoint_turn_count: num, timestamp_ms: num }),
    notice: z.object({ message: str, timestamp_ms: num }),
  };
});

/** Turns one parsed line into an event. Never throws. */
export function toEvent(raw: Record<string, unknown>): AgentEvent {
  const type = typeof raw.type === "string" ? raw.type : "";
  const subtype = typeof raw.subtype === "string" ? raw.subtype : undefined;
  const unknown: AgentEvent = { kind: "unknown", type, subtype };
  switch (type) {
    case "system": {
      if (subtype === "init") return initEvent(raw) ?? unknown;
      if (subtype === undefined) return unknown; // a wrapper's own line (docs/stream-format.md "Framing": the inspector capture)
      return notice(type, subtype, raw);
    }
    case "user": {
      const d = plainTextContent(raw) ?? schemas().textContent.safeParse(raw).data;
      return d ? { kind: "user", text: joinText(d) } : unknown;
    }
    case "thinking": {
      if (subtype === "delta") {
        // The most frequent event of all (tens of thousands a run): checked by hand, exactly as the
        // schema below would, so that validation is not the cost of the stream.
        if (
          typeof raw.text === "string" &&
          (raw.timestamp_ms === undefined || typeof raw.timestamp_ms === "number")
        ) {
          return {
            kind: "thinking-delta",
            text: raw.text,
            timestampMs: raw.timestamp_ms as number | undefined,
          };
        }
        const r = schemas().delta.safeParse(raw);
        return r.success
          ? { kind: "thinking-delta", text: r.data.text, timestampMs: r.data.timestamp_ms }
          : unknown;
      }
      if (subtype === "completed") {
        if (typeof raw.timestamp_ms === "number" || raw.timestamp_ms === undefined)
          return { kind: "thinking-completed", timestampMs: raw.timestamp_ms as number | undefined };
        const r = schemas().timed.safeParse(raw);
        return { kind: "thinking-completed", timestampMs: r.success ? r.data.timestamp_ms : undefined };
      }
      return unknown;
    }
    case "assistant": {
      const fast = assistantLine(raw);
      if (fast) return fast;
      const r = schemas().assistant.safeParse(raw);
      if (!r.success) return unknown;
      const d = r.data;
      if (d.message === undefined && d.text !== undefined) {
        return { kind: "assistant", text: d.text, timestampMs: d.timestamp_ms, alternate: true };
      }
      return {
        kind: "assistant",
        text: joinText(d),
        modelCallId: d.model_call_id,
        timestampMs: d.timestamp_ms,
      };
    }
    case "tool_call":
      return toolCallEvent(subtype, raw) ?? unknown;
    case "tool-call-started":
    case "tool-call-completed":
      return alternateToolEvent(type, raw) ?? unknown;
    case "result":
      return resultEvent(subtype, raw) ?? unknown;
    case "connection": {
      if (subtype !== "reconnecting" && subtype !== "reconnected") return unknown;
      const r = schemas().connection.safeParse(raw);
      return { kind: "connection", phase: subtype, ...(r.success ? pick(r.data) : {}) };
    }
    case "retry":
      return retryEvent(subtype, raw);
    case "interaction_query":
      return subtype === "request" || subtype === "response" ? interactionEvent(subtype, raw) : unknown;
    default:
      return unknown;
  }
}

/**
 * The common shape of an assistant line (`message.content` with one text part; a token delta's
 * `timestamp_ms`, a segment repeat's `model_call_id`), read by hand on the hot path exactly as the schema
 * would accept it; anything else goes through the schema.
 */
function assistantLine(raw: Record<string, unknown>): AssistantEvent | undefined {
  const ts = raw.timestamp_ms;
  const mc = raw.model_call_id;
  if ((ts !== undefined && typeof ts !== "number") || (mc !== undefined && typeof mc !== "string"))
    return undefined;
  const content = (raw.message as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content) || content.length !== 1) return undefined;
  const part = content[0] as { type?: unknown; text?: unknown } | null;
  if (part === null || typeof part !== "object" || typeof part.text !== "string") return undefined;
  if (part.type !== undefined && typeof part.type !== "string") return undefined;
  const e: AssistantEvent = { kind: "assistant", text: part.text, timestampMs: ts };
  if (mc !== undefined) e.modelCallId = mc;
  return e;
}

function initEvent(raw: Record<string, unknown>): InitEvent | undefined {
  const d = initFields(raw);
  return {
    kind: "init",
    sessionId: d.session_id,
    requestId: d.request_id,
    model: d.model,
    cwd: d.cwd ?? d.workspace,
    apiKeySource: d.apiKeySource,
    permissionMode: d.permissionMode,
  };
}

function resultEvent(subtype: string | undefined, raw: Record<string, unknown>): ResultEvent | undefined {
  const usage = plainUsage(raw.usage);
  const d =
    usage === false
      ? schemas().result.safeParse(raw).data
      : {
          subtype: lenientStr(raw.subtype),
          is_error: lenientBool(raw.is_error),
          result: lenientStr(raw.result),
          error: raw.error,
          duration_ms: lenientNum(raw.duration_ms),
          duration_api_ms: lenientNum(raw.duration_api_ms),
          session_id: lenientStr(raw.session_id),
          request_id: lenientStr(raw.request_id),
          usage,
        };
  if (!d) return undefined;
  const sub = d.subtype ?? subtype ?? "success";
  return {
    kind: "result",
    subtype: sub,
    isError: d.is_error === true || sub === "error",
    text: d.result,
    error: errorText(d.error),
    durationMs: d.duration_ms,
    durationApiMs: d.duration_api_ms,
    sessionId: d.session_id,
    requestId: d.request_id,
    usage: d.usage,
  };
}

function retryEvent(subtype: string | undefined, raw: Record<string, unknown>): RetryEvent {
  const d = schemas().retry.safeParse(raw).data;
  return {
    kind: "retry",
    phase: subtype,
    attempt: d?.attempt,
    isResume: d?.is_resume,
    checkpointTurns: d?.checkpoint_turn_count,
    timestampMs: d?.timestamp_ms,
  };
}

function pick(d: { attempt?: number; timestamp_ms?: number }): { attempt?: number; timestampMs?: number } {
  return { attempt: d.attempt, timestampMs: d.timestamp_ms };
}

function notice(type: string, subtype: string, raw: Record<string, unknown>): AgentEvent {
  const r = schemas().notice.safeParse(raw);
  return {
    kind: "notice",
    type,
    subtype,
    message: r.success ? r.data.message : undefined,
    timestampMs: r.success ? r.data.timestamp_ms : undefined,
  };
}

function joinText(d: { message?: { content: { text?: string }[] }; text?: string }): string {
  if (!d.message) return d.text ?? "";
  const parts = d.message.content;
  if (parts.length === 1) return parts[0]?.text ?? "";
  let out = "";
  for (const p of parts) out += p.text ?? "";
  return out;
}

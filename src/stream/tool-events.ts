/**
 * Tool-call events: Cursor's `tool_call` started/completed (the kind is the one key of `tool_call` that is
 * not a known sibling; the outcome the key of its `result` that ./outcomes.ts knows), and the alternate
 * naming's `tool-call-started`/`tool-call-completed` with `tool_name` and `parameters`
 * (docs/stream-format.md "Tool calls"). Both become the same {@link ToolEvent}; what a kind means is src/tools/'s business.
 */
import { z } from "zod";
import { errorText, lenient, objectOrJson, once } from "./json.js";
import { knownOutcome } from "./outcomes.js";

export interface ToolEvent {
  kind: "tool-started" | "tool-completed";
  /**
   * The call's own id, normalised ({@link usableId}): `call_id` when it is sound, else the nested
   * `toolCallId`. Undefined when the line has none: such a call matches nothing (docs/stream-format.md
   * "Tool-call ids"). May contain a newline: never print it raw.
   */
  callId?: string;
  tool: ToolPayload;
  modelCallId?: string;
  timestampMs?: number;
}

/** A tool call as the wire carries it, before the run model interprets it. */
export interface ToolPayload {
  /** The key naming the kind (`shellToolCall`, `function`, …) or, in the alternate naming, `tool_name`. */
  kind: string;
  /** For `function{name, arguments}` and the alternate naming: the function/tool name. */
  functionName?: string;
  args?: Record<string, unknown>;
  /** Only on completion: the one outcome key of `result` and its value. */
  outcome?: ToolOutcome;
  startedAtMs?: number;
  completedAtMs?: number;
  /** The alternate naming reports the duration itself. */
  durationMs?: number;
}

export interface ToolOutcome {
  /** A key of ./outcomes.ts (`success`, `rejected`, `timeout`, …), or one the action does not know. */
  key: string;
  value: Record<string, unknown>;
}

/** Numbers sometimes arrive as strings (`startedAtMs: "1788849963130"`); anything else is no number. */
function numLike(v: unknown): number | undefined {
  if (typeof v === "number") return v;
  return typeof v === "string" && /^\d+(\.\d+)?$/.test(v) ? Number(v) : undefined;
}

/** The schemas, built on first use (json.ts {@link lenient}): the CLI's own lines are read by hand. */
const schemas = once(() => {
  const { str, num, bool } = lenient();
  const obj = z.record(z.string(), z.unknown());
  return {
    toolEvent: z.object({
      call_id: str,
      tool_call: obj,
      model_call_id: str,
      timestamp_ms: num,
    }),
    altToolEvent: z.object({
      tool_call_id: z.string(),
      tool_name: z.string(),
      parameters: obj.optional().catch(undefined),
      result: z
        .object({
          success: bool,
          output: z.unknown().optional(),
          exit_code: num,
          error: z.unknown().optional(),
        })
        .optional()
        .catch(undefined),
      duration_ms: num,
      timestamp_ms: num,
    }),
  };
});

/** A `tool_call` line's envelope, as its schema reads it. */
interface Envelope {
  call_id?: string;
  tool_call: Record<string, unknown>;
  model_call_id?: string;
  timestamp_ms?: number;
}

/** Keys beside the kind in `tool_call` (newer CLIs); never the kind itself. */
const TOOL_CALL_SIBLINGS = new Set(["toolCallId", "hookAdditionalContexts", "startedAtMs", "completedAtMs"]);
/**
 * Keys in `result` that sit beside the outcome key rather than being one (a shell's background state, the
 * process and the sandbox it ran under). They come before or after the outcome, in any order.
 */
const RESULT_SIBLINGS = new Set(["isBackground", "terminalsFolder", "pid", "sandboxPolicy"]);

function toolPayload(toolCall: Record<string, unknown>): ToolPayload | undefined {
  let kind: string | undefined;
  for (const key of Object.keys(toolCall)) {
    if (!TOOL_CALL_SIBLINGS.has(key)) {
      kind = key;
      break;
    }
  }
  if (kind === undefined) return undefined;
  const body = toolCall[kind];
  const payload: ToolPayload = {
    kind,
    startedAtMs: numLike(toolCall.startedAtMs),
    completedAtMs: numLike(toolCall.completedAtMs),
  };
  if (body === null || typeof body !== "object") return payload;
  const b = body as Record<string, unknown>;
  if (kind === "function") {
    // `function{name, arguments}`: arguments is a JSON string in the OpenAI style.
    payload.functionName = typeof b.name === "string" ? b.name : undefined;
    payload.args = argsObject(b.arguments);
  } else {
    payload.args = argsObject(b.args);
  }
  const result = b.result;
  if (result !== null && typeof result === "object" && !Array.isArray(result)) {
    payload.outcome = outcomeOf(result as Record<string, unknown>);
  }
  return payload;
}

function argsObject(v: unknown): Record<string, unknown> | undefined {
  // A string that is not a JSON object is kept as the one argument.
  return objectOrJson(v) ?? (typeof v === "string" ? { arguments: v } : undefined);
}

/**
 * The outcome among `result`'s keys: the first one the vocabulary knows (./outcomes.ts), wherever it
 * stands; failing that, the first key that is no known sibling, an outcome the action does not know.
 * The other keys (`isBackground`, `pid`, …) are metadata, which nothing reads.
 */
function outcomeOf(result: Record<string, unknown>): ToolOutcome | undefined {
  const keys = Object.keys(result);
  const key = keys.find((k) => knownOutcome(k) !== undefined) ?? keys.find((k) => !RESULT_SIBLINGS.has(k));
  if (key === undefined) return undefined;
  // `timeout` and `permissionDenied` can be bare (`{}`, `true`): an outcome all the same.
  const value = result[key];
  const v = value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
  return { key, value: v as Record<string, unknown> };
}

export function alternateToolEvent(type: string, raw: Record<string, unknown>): ToolEvent | undefined {
  const r = schemas().altToolEvent.safeParse(raw);
  if (!r.success) return undefined;
  const d = r.data;
  const tool: ToolPayload = { kind: d.tool_name, functionName: d.tool_name, args: d.parameters };
  if (type === "tool-call-completed") {
    const res = d.result;
    if (res) {
      const ok = res.success !== false && (res.exit_code === undefined || res.exit_code === 0);
      const value: Record<string, unknown> = { output: res.output, exitCode: res.exit_code };
      if (!ok && res.error !== undefined) value.error = errorText(res.error);
      // `success: true` with a non-zero exit code is a failure, as a shell `success` with one is.
      tool.outcome = { key: ok ? "success" : "failure", value };
    }
    tool.durationMs = d.duration_ms;
  }
  return {
    kind: type === "tool-call-started" ? "tool-started" : "tool-completed",
    callId: usableId(d.tool_call_id),
    tool,
    timestampMs: d.timestamp_ms,
  };
}

/**
 * The envelope as the CLI writes it, checked by hand exactly as its schema (above) would accept it:
 * thousands of calls a run, and zod's parse was ~45 ms of a 64 MiB one (BENCHMARKS.md). Anything less
 * regular goes through the schema, with its leniency.
 */
function wellFormed(raw: Record<string, unknown>): Envelope | undefined {
  const tc = raw.tool_call;
  if (
    (raw.call_id !== undefined && typeof raw.call_id !== "string") ||
    tc === null ||
    typeof tc !== "object" ||
    Array.isArray(tc) ||
    (raw.model_call_id !== undefined && typeof raw.model_call_id !== "string") ||
    (raw.timestamp_ms !== undefined && typeof raw.timestamp_ms !== "number")
  )
    return undefined;
  return {
    call_id: raw.call_id as string | undefined,
    tool_call: tc as Record<string, unknown>,
    model_call_id: raw.model_call_id as string | undefined,
    timestamp_ms: raw.timestamp_ms as number | undefined,
  };
}

/** A `tool_call` line, or undefined when it is not one we can read. */
export function toolCallEvent(
  subtype: string | undefined,
  raw: Record<string, unknown>,
): ToolEvent | undefined {
  if (subtype !== "started" && subtype !== "completed") return undefined;
  const d = wellFormed(raw) ?? schemas().toolEvent.safeParse(raw).data;
  if (!d) return undefined;
  const tool = toolPayload(d.tool_call);
  if (!tool) return undefined;
  return {
    kind: subtype === "started" ? "tool-started" : "tool-completed",
    callId: usableId(d.call_id) ?? nestedId(d.tool_call, tool),
    tool,
    modelCallId: d.model_call_id,
    timestampMs: d.timestamp_ms,
  };
}

/**
 * An id as a key, or undefined when it is none: live payloads carry an empty `call_id`, or one with a
 * stray leading space (docs/stream-format.md "Tool-call ids"). Trimmed at both ends, so that the spaced
 * and the clean spelling of one id are one key; the newline inside a two-part id is kept.
 */
export function usableId(v: unknown): string | undefined {
  if (typeof v !== "string") return undefined;
  const id = v.trim();
  return id === "" ? undefined : id;
}

/** The call's own id where newer CLIs also put it: the `toolCallId` sibling of the kind, or in `args`. */
function nestedId(toolCall: Record<string, unknown>, tool: ToolPayload): string | undefined {
  return usableId(toolCall.toolCallId) ?? usableId(tool.args?.toolCallId);
}

/**
 * The two commonest lines of a stream, read without the general JSON parser: a thinking delta and an
 * assistant token delta (with `--stream-partial-output`, most lines of a run: 205,270 of the 2026-shaped
 * stream's 222,578, 184,484 of them in the plain shape read here). In their exact compact shape, as the
 * CLI writes them (docs/stream-format.md), the line becomes its event at once, its text a slice of the
 * line: no parsed object is built and none is then read into an event (events.ts). Decoding that stream
 * in-process: ~230 → ~200 ms (BENCHMARKS.md).
 *
 * Only text that JSON.parse would read as the very same value is taken: no escape, no raw control
 * character, keys in the CLI's order, an integer timestamp as JSON spells it. Anything else, a single
 * byte off, is left to JSON.parse (a property test holds the event to the one `toEvent(JSON.parse(line))`
 * makes).
 */
import { escapeRegExp } from "../base/regexp.js";
import type { AssistantEvent, ThinkingDeltaEvent } from "./events.js";

const THINKING = '{"type":"thinking","subtype":"delta","text":"';
const ASSISTANT = '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"';
/** What follows the text, up to the session id. */
const THINKING_TAIL = '","session_id":"';
const ASSISTANT_TAIL = '"}]},"session_id":"';
/** What follows the session id, up to the timestamp (and its `}`, the line's last character). */
const STAMP = '","timestamp_ms":';
/** A JSON string's content with no escape and no raw control character: its text is its value. */
const PLAIN = String.raw`[^"\\\u0000-\u001f]*`;
/** A timestamp as JSON spells an integer (no sign, no leading zero), 16 digits at most. */
const INTEGER = "0|[1-9][0-9]{0,15}";

/** The whole line, anchored at both ends: the text and the timestamp captured, the session id checked. */
function shape(prefix: string, tail: string): RegExp {
  return new RegExp(
    `^${escapeRegExp(prefix)}(${PLAIN})${escapeRegExp(tail)}${PLAIN}${escapeRegExp(STAMP)}(${INTEGER})\\}$`,
  );
}

/**
 * One anchored expression a line: V8 compiles each to native code, and one pass of it costs less than
 * reading the line by hand in JavaScript did (`startsWith` twice, three scans; 51 → 30 ms for the
 * 2026-shaped stream's 184,484 plain deltas, BENCHMARKS.md).
 */
const THINKING_LINE = shape(THINKING, THINKING_TAIL);
const ASSISTANT_LINE = shape(ASSISTANT, ASSISTANT_TAIL);

/** The line's event when it is one of the two deltas in their exact shape; undefined otherwise. */
export function readDelta(line: string): ThinkingDeltaEvent | AssistantEvent | undefined {
  // `{"type":"` is 9 characters: the type's first letter picks the one expression to try.
  const first = line.charCodeAt(9);
  if (first === 0x74 /* t */) {
    const m = THINKING_LINE.exec(line);
    // Number() reads the digits as JSON.parse does, rounding alike past 2^53.
    return m ? { kind: "thinking-delta", text: m[1]!, timestampMs: Number(m[2]) } : undefined;
  }
  if (first === 0x61 /* a */) {
    const m = ASSISTANT_LINE.exec(line);
    return m ? { kind: "assistant", text: m[1]!, timestampMs: Number(m[2]) } : undefined;
  }
  return undefined;
}

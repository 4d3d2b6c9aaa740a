/**
 * The two commonest lines of a stream, read without the general JSON parser: a thinking delta and an
 * assistant token delta (with `--stream-partial-output`, most lines of a run: 205,270 of the 2026-shaped
 * stream's 222,578, 184,484 of them in the plain shape read here). In their exact compact shape, as the
 * CLI writes them (docs/stream-format.md), the line becomes its event at once, its text read out of the
 * line: no parsed object is built and none is then read into an event (events.ts). Decoding that stream
 * in-process: ~230 → ~200 ms; the whole action, edit-heavy run, 1.45× → 1.35× the floor when it landed
 * (an A/B on a quiet machine). On 2026-11-29's machine (load 5–19) an A/B of 7 runs without it could not
 * tell: own CPU −1% (2026-shaped), +3% (long run), −5% (edit-heavy), within that day's noise. The line
 * may be read where it stands in a chunk's text (stream/lines.ts), with no string made of it.
 *
 * Only text that JSON.parse would read as the very same value is taken: JSON's own escapes (read by
 * JSON.parse), no raw control character, keys in the CLI's order, an integer timestamp as JSON spells
 * it. Anything else, a single byte off, is left to JSON.parse (a property test holds the event to the one
 * `toEvent(JSON.parse(line))` makes).
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
/**
 * A JSON string's content that may hold JSON's escapes (5–8% of the deltas of the captures in fixtures/
 * and of the 2026-shaped run hold one, mostly `\n`): plain runs between escapes, so that a plain text is
 * one run and nothing backtracks. JSON.parse then reads just the string, as it would inside the line.
 */
const ESCAPED = String.raw`${PLAIN}(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})${PLAIN})*`;
/** A timestamp as JSON spells an integer (no sign, no leading zero), 16 digits at most. */
const INTEGER = "0|[1-9][0-9]{0,15}";

/**
 * The whole line: the text and the timestamp captured, the session id checked. Sticky, not anchored: it is
 * tried at a line's start inside a chunk's text, and taken only when it ends where the line does (no
 * part of it can pass a line's end: a newline or a CR is a control character).
 */
function shape(prefix: string, tail: string): RegExp {
  return new RegExp(
    `${escapeRegExp(prefix)}(${ESCAPED})${escapeRegExp(tail)}${PLAIN}${escapeRegExp(STAMP)}(${INTEGER})\\}`,
    "y",
  );
}

/**
 * One expression a line: V8 compiles each to native code, and one pass of it costs less than reading the
 * line by hand in JavaScript did (`startsWith` twice, three scans; 51 → 30 ms for the 2026-shaped
 * stream's 184,484 plain deltas, BENCHMARKS.md).
 */
const THINKING_LINE = shape(THINKING, THINKING_TAIL);
const ASSISTANT_LINE = shape(ASSISTANT, ASSISTANT_TAIL);

/**
 * The event of the line `text[start, end)` when it is one of the two deltas in their exact shape;
 * undefined otherwise. `text` may be a whole chunk's (stream/lines.ts): the line is never cut out of it.
 */
export function readDelta(
  text: string,
  start = 0,
  end = text.length,
): ThinkingDeltaEvent | AssistantEvent | undefined {
  // `{"type":"` is 9 characters: the type's first letter picks the one expression to try.
  const first = text.charCodeAt(start + 9);
  const line = first === 0x74 /* t */ ? THINKING_LINE : first === 0x61 /* a */ ? ASSISTANT_LINE : undefined;
  if (line === undefined) return undefined;
  line.lastIndex = start;
  const m = line.exec(text);
  if (m === null || line.lastIndex !== end) return undefined;
  const raw = m[1]!;
  const said = raw.includes("\\")
    ? (JSON.parse(`"${raw}"`) as string)
    : end - start < text.length
      ? own(raw)
      : raw;
  // Number() reads the digits as JSON.parse does, rounding alike past 2^53.
  return line === THINKING_LINE
    ? { kind: "thinking-delta", text: said, timestampMs: Number(m[2]) }
    : { kind: "assistant", text: said, timestampMs: Number(m[2]) };
}

/**
 * V8 keeps a substring of 13 characters or more as a view of the string it was cut from: a delta's text
 * read inside a chunk's text would keep that 64 KiB alive for as long as the text is kept (the last
 * segment, the thinking shown, the progress comment), one chunk a delta at worst. Such a text is copied
 * (code unit for code unit); a shorter one is a copy already.
 */
function own(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, "utf16le").toString("utf16le");
}

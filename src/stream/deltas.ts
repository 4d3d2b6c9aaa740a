/**
 * The two commonest lines of a stream, parsed without the general JSON parser: a thinking delta and an
 * assistant token delta (with `--stream-partial-output`, most lines of a run: 84,487 of 112,213 in the
 * bench's edit-heavy stream). In their exact compact shape, as the CLI writes them (docs/stream-format.md),
 * the value is built from slices: ~35 ms less of `JSON.parse` per 64 MiB (BENCHMARKS.md).
 *
 * Only text that JSON.parse would read as the very same value is taken: no escape, no raw control
 * character, keys in the CLI's order, an integer timestamp as JSON spells it. Anything else, a single
 * byte off, is left to JSON.parse (a property test holds the two to each other).
 */

const THINKING = '{"type":"thinking","subtype":"delta","text":"';
const ASSISTANT = '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"';
/** What follows the text, up to the session id. */
const THINKING_TAIL = '","session_id":"';
const ASSISTANT_TAIL = '"}]},"session_id":"';
/** What follows the session id, up to the timestamp (and its `}`, the line's last character). */
const STAMP = '","timestamp_ms":';
/** Digits of a timestamp read here: 16 at most, as JSON spells an integer (no leading zero). */
const MAX_DIGITS = 16;

/** The line's value when it is one of the two deltas in their exact shape; undefined otherwise. */
export function parseDelta(line: string): Record<string, unknown> | undefined {
  if (line.startsWith(THINKING)) {
    const d = plainTail(line, THINKING.length, THINKING_TAIL);
    return d && { type: "thinking", subtype: "delta", text: d.text, session_id: d.id, timestamp_ms: d.ts };
  }
  if (line.startsWith(ASSISTANT)) {
    const d = plainTail(line, ASSISTANT.length, ASSISTANT_TAIL);
    return (
      d && {
        type: "assistant",
        message: { role: "assistant", content: [{ type: "text", text: d.text }] },
        session_id: d.id,
        timestamp_ms: d.ts,
      }
    );
  }
  return undefined;
}

/**
 * The text from `start` to the next quote, the session id and the timestamp after it, when the rest of
 * the line is exactly `tail`, the id, {@link STAMP} and an integer. Read character by character: the
 * regular expressions this replaces (a sticky one for the tail, with captures) were ~40% of the fast
 * path's time, on most lines of a run (BENCHMARKS.md).
 */
function plainTail(
  line: string,
  start: number,
  tail: string,
): { text: string; id: string; ts: number } | undefined {
  const end = line.indexOf('"', start);
  if (end === -1 || !plain(line, start, end) || !line.startsWith(tail, end)) return undefined;
  const idStart = end + tail.length;
  const idEnd = line.indexOf('"', idStart);
  if (idEnd === -1 || !plain(line, idStart, idEnd) || !line.startsWith(STAMP, idEnd)) return undefined;
  const ts = integer(line, idEnd + STAMP.length, line.length - 1);
  if (ts === undefined || line.charCodeAt(line.length - 1) !== 0x7d /* } */) return undefined;
  return { text: line.slice(start, end), id: line.slice(idStart, idEnd), ts };
}

/** No escape and no raw control character in `line[from, to)`: its slice is the string's value. */
function plain(line: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = line.charCodeAt(i);
    if (c < 0x20 || c === 0x5c /* \ */) return false;
  }
  return true;
}

/** `line[from, to)` as JSON's integer (no sign, no leading zero, at most {@link MAX_DIGITS} digits). */
function integer(line: string, from: number, to: number): number | undefined {
  const digits = to - from;
  if (digits < 1 || digits > MAX_DIGITS || (digits > 1 && line.charCodeAt(from) === 0x30)) return undefined;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = line.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return undefined;
    n = n * 10 + d;
  }
  // Past 2^53 the sum above may round differently from JSON.parse: Number() rounds as it does.
  return n <= Number.MAX_SAFE_INTEGER ? n : Number(line.slice(from, to));
}

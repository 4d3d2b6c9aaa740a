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
/**
 * What follows the text, matched where the text's closing quote is (sticky) and to the line's end: the
 * tail cut out of the line first was one more string a delta, most lines of a run (BENCHMARKS.md).
 */
const THINKING_TAIL = /","session_id":"([^"\\\u0000-\u001f]*)","timestamp_ms":(0|[1-9]\d{0,15})\}$/y;
const ASSISTANT_TAIL = /"\}\]\},"session_id":"([^"\\\u0000-\u001f]*)","timestamp_ms":(0|[1-9]\d{0,15})\}$/y;
/** What a JSON string may not hold raw, and the escape that would make slicing wrong. */
const NOT_PLAIN = /[\\\u0000-\u001f]/;

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

/** The text from `start` to the next quote (with no escape or control character in it) and the tail's fields. */
function plainTail(
  line: string,
  start: number,
  tail: RegExp,
): { text: string; id: string; ts: number } | undefined {
  const end = line.indexOf('"', start);
  if (end === -1) return undefined;
  const text = line.slice(start, end);
  if (NOT_PLAIN.test(text)) return undefined;
  tail.lastIndex = end;
  const m = tail.exec(line);
  if (!m) return undefined;
  return { text, id: m[1]!, ts: Number(m[2]) };
}

/**
 * Framing: bytes as they arrive → whole JSON values, one per line, whatever the chunking.
 *
 * The agent writes one JSON object per `\n`-terminated line, but real streams are messier (docs/stream-format.md
 * "Framing"): CRLF from wrappers, blank lines, a last line without newline, non-JSON noise, lines of
 * several MB, and CLI builds that write line breaks inside strings raw (a multi-line final message makes
 * its `result` event span a dozen physical lines or more, in a quarter of some projects' runs). This module
 * turns all of that into a sequence of parsed values plus a count of what it had to skip; it never throws
 * on input.
 *
 * A line that does not parse is framed by JSON string state: when it stops inside a string, the line
 * break belongs to that string, and the next physical lines continue it (each scanned once, for its
 * quotes) until a line ends outside every string; then the event is parsed, once. An event is bounded by
 * bytes ({@link MAX_LINE_BYTES}, on one physical line or many), never by a count of lines.
 */
import { isAscii } from "node:buffer";
import { endsInString, endsObject, isBlank, parseObject, startsEvent, startsObject } from "./line-text.js";

export interface FramedLine {
  /** The parsed value: a plain object (anything else counts as malformed). */
  readonly value: Record<string, unknown>;
  /** Physical lines this value was joined from (1 unless a producer wrote a raw newline in a string). */
  readonly physicalLines: number;
}

/**
 * The largest event kept, in bytes, on one physical line or continued over many (so in characters too:
 * UTF-8 never has fewer bytes than characters). V8 cannot make a string past ~2^29 characters (one such line
 * crashed the framer with `Invalid string length`), and no real event comes near this (an edit's event,
 * the largest, is a file before and after: MBs): a longer one is counted and skipped (the raw copy still
 * has it, byte for byte).
 */
export const MAX_LINE_BYTES = 128 * 1024 * 1024;

export interface FramerStats {
  /** Physical lines seen, but blank lines between events (a blank line inside a string counts). */
  lines: number;
  /** Blank (or whitespace-only) lines between events, skipped. */
  blank: number;
  /** Lines that were not a JSON object and were skipped: noise, truncations, other JSON values. */
  malformed: number;
  /** Events that spanned several physical lines (line breaks written raw inside their strings). */
  joined: number;
  /** Lines, or events over several lines, past the framer's limit: skipped. */
  oversized: number;
}

/**
 * Splits chunks into lines and parses them. Push chunks with {@link push}, then call {@link end} once.
 * Each returns the values completed by that call, in order.
 */
export class LineFramer {
  readonly stats: FramerStats = { lines: 0, blank: 0, malformed: 0, joined: 0, oversized: 0 };
  /** Bytes of the current, not yet terminated line (joined once: a 50 MB line is not re-copied). */
  private partial: Buffer[] = [];
  /** An event whose line stopped inside a JSON string: it continues on the next lines. */
  private pending: PendingEvent | undefined;
  /** Bytes in {@link partial}. */
  private partialLength = 0;
  /** The current line went past the limit: its remaining characters are dropped up to its newline. */
  private skipping = false;

  constructor(
    private readonly maxLineBytes = MAX_LINE_BYTES,
    /** Told each line skipped as not JSON (up to 8,192 characters: the caller redacts, then cuts), to show it. */
    private readonly onMalformed?: (text: string) => void,
    /**
     * Offered each whole line, `text[start, end)`, before JSON.parse is: true when it took the line (the
     * decoder reads the commonest lines into their events at once, stream/deltas.ts), which then yields
     * no value here. `text` may be a whole chunk's: whatever is kept of it must be a copy (see
     * {@link LineFramer.each}).
     */
    private readonly fast?: (text: string, start: number, end: number) => boolean,
  ) {}

  private malformed(text: string, lines: number): void {
    this.stats.malformed += lines;
    this.onMalformed?.(text.length > 8192 ? text.slice(0, 8192) : text);
  }

  /** The chunk's complete lines, in an array (tests, tools); the pipeline uses {@link each}. */
  push(chunk: Buffer): FramedLine[] {
    const out: FramedLine[] = [];
    this.each(chunk, (l) => out.push(l));
    return out;
  }

  /**
   * Hands each complete line to `fn` as soon as it is parsed, so that one line's objects are garbage
   * before the next is parsed: a chunk's hundreds of parsed lines alive at once survived the young
   * generation's collections and made V8 grow it (peak RSS, BENCHMARKS.md).
   *
   * Nothing of the chunk is kept once this returns (an unfinished line is copied), so that its reader may
   * read the next chunk into the same memory (stdout-file.ts; pipeline/consume.ts `reuseChunks`).
   */
  each(chunk: Buffer, fn: (line: FramedLine) => void): void {
    const out = fn;
    // Lines are found in the bytes and each is decoded on its own (a newline byte is never part of a
    // multi-byte character, so no character is split): one character past ASCII then makes only its own
    // line a two-byte string, not the whole chunk's text, and a two-byte text is slower to parse
    // (edit-heavy stream: decode, split and parse ~330 → ~170 ms, BENCHMARKS.md).
    let start = 0;
    let nl = chunk.indexOf(0x0a);
    // A chunk's whole lines, when all ASCII (a stream of token deltas, mostly), are decoded in one piece
    // and a delta is read where it stands in that text: no string is made of its line (the 2026-shaped
    // stream's 184,484 deltas: framing ~114 → ~91 ms, BENCHMARKS.md). ASCII only, so that no other line
    // becomes a two-byte string. The first line may end one begun in the chunks before: it is joined
    // from the bytes, as any other.
    const last = this.fast === undefined ? -1 : chunk.lastIndexOf(0x0a);
    const firstWhole = nl !== -1 && (this.partial.length > 0 || this.skipping) ? nl + 1 : 0;
    if (last > firstWhole && isAscii(chunk.subarray(firstWhole, last))) {
      if (firstWhole > 0) this.byteLine(chunk, 0, nl, out);
      this.textLines(chunk.toString("latin1", firstWhole, last + 1), out);
      start = last + 1;
      nl = -1;
    }
    while (nl !== -1) {
      this.byteLine(chunk, start, nl, out);
      start = nl + 1;
      nl = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length && !this.skipping) {
      if (this.partialLength + (chunk.length - start) > this.maxLineBytes) this.skipLine();
      else {
        this.partialLength += chunk.length - start;
        // A copy, not a view: the chunk's memory is its reader's again once this returns (see each()).
        // Usually a fragment of one line; a line longer than a chunk is copied once a chunk.
        this.partial.push(Buffer.from(start === 0 ? chunk : chunk.subarray(start)));
      }
    }
  }

  /** The line ending at `chunk[nl]` (a newline), from `start` and whatever of it the chunks before held. */
  private byteLine(chunk: Buffer, start: number, nl: number, out: (line: FramedLine) => void): void {
    if (this.skipping) {
      this.skipping = false;
    } else if (this.partialLength + (nl - start) > this.maxLineBytes) {
      this.skipLine();
      this.skipping = false;
    } else if (this.partial.length > 0) {
      this.partial.push(chunk.subarray(start, nl));
      const bytes = this.partialLength + (nl - start);
      const whole = Buffer.concat(this.partial, bytes);
      this.partial = [];
      this.partialLength = 0;
      this.line(whole.toString("utf8"), bytes, out);
    } else {
      this.line(chunk.toString("utf8", start, nl), nl - start, out);
    }
  }

  /** Whole lines, each ending in a newline, decoded at once (ASCII, so a character is a byte). */
  private textLines(text: string, out: (line: FramedLine) => void): void {
    const fast = this.fast;
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; start = nl + 1, nl = text.indexOf("\n", start)) {
      if (nl - start > this.maxLineBytes) {
        this.oversized();
        continue;
      }
      // The delta's shape starts with "{" and ends with "}": no blank line is taken here, and no line
      // while an event goes on over several (it may be that event's).
      const tried = fast !== undefined && this.pending === undefined;
      if (tried) {
        const end = text.charCodeAt(nl - 1) === 0x0d ? nl - 1 : nl;
        if (end > start && fast(text, start, end)) {
          this.stats.lines++;
          continue;
        }
      }
      this.line(text.slice(start, nl), nl - start, out, tried);
    }
  }

  /** The current line is past the limit: counted, its pieces let go, the rest of it skipped unread. */
  private skipLine(): void {
    this.oversized();
    this.skipping = true;
    this.partial = [];
    this.partialLength = 0;
  }

  /**
   * A line past the limit, skipped unread: counted, and an event it continued is given up with it (what
   * the line held of its strings is not known).
   */
  private oversized(): void {
    this.stats.oversized++;
    this.pending = undefined;
  }

  /** The stream ended: a last line without newline still counts, and a pending fragment is malformed. */
  end(): FramedLine[] {
    const lines: FramedLine[] = [];
    const out = (l: FramedLine) => lines.push(l);
    if (this.skipping) {
      this.skipping = false;
      this.partial = [];
      this.partialLength = 0;
    }
    const bytes = this.partialLength;
    const rest = Buffer.concat(this.partial, bytes).toString("utf8");
    this.partial = [];
    this.partialLength = 0;
    if (rest !== "") this.line(rest, bytes, out);
    const pending = this.pending;
    this.pending = undefined;
    if (pending !== undefined) this.dropEvent(pending);
    return lines;
  }

  /** `bytes`: the line's size in UTF-8; `tried`: it was offered to {@link fast} already (and not taken). */
  private line(raw: string, bytes: number, out: (line: FramedLine) => void, tried = false): void {
    // CRLF from Windows wrappers; the JSON itself never ends in \r.
    const text = raw.charCodeAt(raw.length - 1) === 0x0d ? raw.slice(0, -1) : raw;
    const pending = this.pending;
    if (pending !== undefined) {
      if (!startsEvent(text)) return this.continueEvent(pending, text, bytes, out);
      // No string's continuation can start so: the event before was cut off, and this is the next one.
      this.pending = undefined;
      this.dropEvent(pending);
    }
    if (isBlank(text)) {
      this.stats.blank++;
      return;
    }
    this.stats.lines++;
    if (!tried && this.fast?.(text, 0, text.length)) return;
    // A line that does not end in `}` is no object: not worth a parse that throws (thousands of a run's
    // events start such a line where the CLI writes line breaks raw).
    const value = endsObject(text) ? parseObject(text) : undefined;
    if (value) {
      out({ value, physicalLines: 1 });
      return;
    }
    // An object that stops inside a string: the producer wrote a line break in it raw, and the event goes
    // on over the next lines. Anything else is not an event.
    if (startsObject(text) && endsInString(text, false)) {
      this.pending = { pieces: [text], bytes, lines: 1 };
    } else {
      this.malformed(text, 1);
    }
  }

  /** The next physical line of an event begun on an earlier one, inside one of its strings. */
  private continueEvent(
    pending: PendingEvent,
    text: string,
    bytes: number,
    out: (line: FramedLine) => void,
  ): void {
    this.stats.lines++;
    pending.lines++;
    if (pending.pieces !== undefined) {
      pending.bytes += 1 + bytes;
      if (pending.bytes > this.maxLineBytes) {
        // Past the bound: its lines are still followed to its end (a string's state), not kept.
        this.stats.oversized++;
        pending.pieces = undefined;
      } else {
        pending.pieces.push(text);
      }
    }
    if (endsInString(text, true)) return;
    this.pending = undefined;
    if (pending.pieces === undefined) return;
    // The line breaks the producer wrote raw, written back as the escape it should have written.
    const value = parseObject(pending.pieces.join("\\n"));
    if (value) {
      this.stats.joined++;
      out({ value, physicalLines: pending.lines });
    } else {
      this.dropEvent(pending);
    }
  }

  /** An event that never became one: its lines are malformed (unless already counted as oversized). */
  private dropEvent(pending: PendingEvent): void {
    if (pending.pieces === undefined) return;
    let shown = "";
    for (const piece of pending.pieces) {
      shown += shown === "" ? piece : `\n${piece}`;
      if (shown.length > 8192) break;
    }
    this.malformed(shown, pending.lines);
  }
}

/** An event begun on an earlier physical line and not yet ended: it stopped inside a string. */
interface PendingEvent {
  /** Its physical lines, without their line breaks; undefined once past the bound (then only followed). */
  pieces: string[] | undefined;
  /** Their size in UTF-8, line breaks included. */
  bytes: number;
  lines: number;
}

/**
 * Framing: bytes as they arrive → whole JSON values, one per line, whatever the chunking.
 *
 * The agent writes one JSON object per `\n`-terminated line, but real streams are messier (docs/stream-format.md
 * "Framing"): CRLF from wrappers, blank lines, a last line without newline, non-JSON noise, lines of
 * several MB, and producers that write the newline inside an id raw, splitting one object over two
 * physical lines. This module turns all of that into a sequence of parsed values plus a count of what it
 * had to skip; it never throws on input.
 */
import { isAscii } from "node:buffer";
import { isPlainObject } from "./json.js";

/** A physical line continued this many times without parsing is given up as malformed. */
export const MAX_JOINED_LINES = 8;
/** A raw-newline join is never attempted on a fragment larger than this. */
const MAX_JOIN_BYTES = 1024 * 1024;

export interface FramedLine {
  /** The parsed value: a plain object (anything else counts as malformed). */
  readonly value: Record<string, unknown>;
  /** Physical lines this value was joined from (1 unless a producer wrote a raw newline in a string). */
  readonly physicalLines: number;
}

/**
 * The longest line kept, in bytes (so in characters too: UTF-8 never has fewer bytes than characters). V8
 * cannot make a string past ~2^29 characters (one such line crashed the framer with `Invalid string
 * length`), and no real event comes near this: a longer line is counted and skipped without ever being
 * joined (the raw copy still has it, byte for byte).
 */
export const MAX_LINE_BYTES = 128 * 1024 * 1024;

export interface FramerStats {
  /** Non-empty physical lines seen. */
  lines: number;
  /** Blank (or whitespace-only) lines skipped. */
  blank: number;
  /** Lines that were not a JSON object and were skipped: noise, truncations, other JSON values. */
  malformed: number;
  /** Values recovered by joining a physical line with the next one. */
  joined: number;
  /** Lines longer than the framer's limit, skipped unread. */
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
  /** A line that failed to parse but ended inside a JSON string: it may continue on the next line. */
  private pending: { text: string; lines: number } | undefined;
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
      const whole = Buffer.concat(this.partial, this.partialLength + (nl - start));
      this.partial = [];
      this.partialLength = 0;
      this.line(whole.toString("utf8"), out);
    } else {
      this.line(chunk.toString("utf8", start, nl), out);
    }
  }

  /** Whole lines, each ending in a newline, decoded at once (ASCII, so a character is a byte). */
  private textLines(text: string, out: (line: FramedLine) => void): void {
    const fast = this.fast;
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; start = nl + 1, nl = text.indexOf("\n", start)) {
      if (nl - start > this.maxLineBytes) {
        this.stats.oversized++;
        continue;
      }
      // The delta's shape starts with "{" and ends with "}": no blank line, nothing a pending fragment
      // could be continued by is taken here.
      if (fast !== undefined && this.pending === undefined) {
        const end = text.charCodeAt(nl - 1) === 0x0d ? nl - 1 : nl;
        if (end > start && fast(text, start, end)) {
          this.stats.lines++;
          continue;
        }
      }
      this.line(text.slice(start, nl), out, true);
    }
  }

  /** The current line is past the limit: counted, its pieces let go, the rest of it skipped unread. */
  private skipLine(): void {
    this.stats.oversized++;
    this.skipping = true;
    this.partial = [];
    this.partialLength = 0;
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
    const rest = Buffer.concat(this.partial, this.partialLength).toString("utf8");
    this.partial = [];
    this.partialLength = 0;
    if (rest !== "") this.line(rest, out);
    if (this.pending) {
      this.malformed(this.pending.text, this.pending.lines);
      this.pending = undefined;
    }
    return lines;
  }

  /** `tried`: the line was offered to {@link fast} already (and not taken). */
  private line(raw: string, out: (line: FramedLine) => void, tried = false): void {
    // CRLF from Windows wrappers; the JSON itself never ends in \r.
    const text = raw.charCodeAt(raw.length - 1) === 0x0d ? raw.slice(0, -1) : raw;
    if (isBlank(text)) {
      this.stats.blank++;
      return;
    }
    this.stats.lines++;
    const pending = this.pending;
    if (pending) {
      this.pending = undefined;
      // A new object on its own line means the pending fragment was truncated, not continued: the
      // fragment is lost, but it must not swallow this valid line.
      const alone = text.trimStart().startsWith("{") ? parseObject(text) : undefined;
      if (alone) {
        this.malformed(pending.text, pending.lines);
        out({ value: alone, physicalLines: 1 });
        return;
      }
      // The producer wrote "\n" raw inside a string: put back the escape it should have written.
      const joined = `${pending.text}\\n${text}`;
      const value = parseObject(joined);
      if (value) {
        this.stats.joined++;
        out({ value, physicalLines: pending.lines + 1 });
        return;
      }
      this.holdOrDrop(joined, pending.lines + 1);
      return;
    }
    if (!tried && this.fast?.(text, 0, text.length)) return;
    const value = parseObject(text);
    if (value) {
      out({ value, physicalLines: 1 });
      return;
    }
    this.holdOrDrop(text, 1);
  }

  /** Keep a fragment that ends inside a JSON string (it may continue), within the bounds; else drop it. */
  private holdOrDrop(text: string, lines: number): void {
    if (lines < MAX_JOINED_LINES && text.length <= MAX_JOIN_BYTES && endsInsideString(text)) {
      this.pending = { text, lines };
    } else {
      this.malformed(text, lines);
    }
  }
}

function isBlank(text: string): boolean {
  // Hot path: almost every line starts with "{", so decide on the first character when we can.
  if (text.length === 0) return true;
  if (text.charCodeAt(0) > 0x20 && text.charCodeAt(0) !== 0xa0) return false;
  return text.trim().length === 0;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** True when `text` starts a JSON object and stops inside a string literal (only called on failures). */
function endsInsideString(text: string): boolean {
  const t = text.trimStart();
  if (!t.startsWith("{")) return false;
  let inString = false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    }
  }
  return inString;
}

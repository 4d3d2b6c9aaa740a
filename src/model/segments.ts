/**
 * The agent's text as segments: each shown once, whether it arrived whole or as token deltas followed by
 * the CLI's repeat of the whole segment (docs/stream-format.md "Partial output").
 */
import { SECRET_MARGIN } from "../base/limits.js";
import { type AssistantEvent, isAssistantDelta } from "../stream/events.js";
import type { UpdateSink } from "./types.js";

/**
 * The longest text of a segment kept to recognise its repeat (longer ones compare by length), and the
 * longest final message kept for the report (a segment, or a plan).
 */
const LAST_SEGMENT_KEPT = 64 * 1024;
/** Kept past the cut, for the report to drop after redaction (no secret is cut in half). */
export const SEGMENT_SECRET_MARGIN = SECRET_MARGIN;
const SEGMENT_PREFIX_KEPT = LAST_SEGMENT_KEPT + SEGMENT_SECRET_MARGIN;

/** Text kept for the report, and whether it was cut (then its last {@link SEGMENT_SECRET_MARGIN} go). */
export interface KeptText {
  text: string;
  cut: boolean;
}

/** `text` (of `length` characters in all, when only a prefix is at hand) as the report keeps it. */
export function keepText(text: string, length = text.length): KeptText {
  const cut = length > SEGMENT_PREFIX_KEPT || length > text.length;
  return { text: cut ? text.slice(0, SEGMENT_PREFIX_KEPT) : text, cut };
}

export class Segments {
  /** The last segment of assistant text (capped), and whether it was cut. */
  last = "";
  lastCut = false;
  /** The segment being streamed as deltas: its length and (capped) text. */
  private current = { length: 0, prefix: "" };
  /** A streamed segment closed by a tool call or the result before its repeat arrived. */
  private closedUnrepeated: { length: number; prefix: string } | undefined;

  constructor(
    private readonly emit: UpdateSink,
    private readonly counted: () => void,
  ) {}

  /**
   * Partial output (docs/stream-format.md "Partial output"): each token is an `assistant` event with `timestamp_ms` and no
   * `model_call_id`; before a tool call the whole segment is repeated once with `model_call_id`, and the
   * final segment is repeated with neither field. Without partial output, each event is a whole segment.
   */
  onAssistant(e: AssistantEvent): void {
    if (isAssistantDelta(e)) {
      if (e.text === "") return;
      this.closedUnrepeated = undefined;
      const c = this.current;
      if (c.prefix.length < SEGMENT_PREFIX_KEPT)
        c.prefix += e.text.slice(0, SEGMENT_PREFIX_KEPT - c.prefix.length);
      c.length += e.text.length;
      this.emit({ type: "text-delta", text: e.text });
      return;
    }
    if (this.current.length > 0) {
      const repeat = sameText(this.current, e.text);
      this.closeSegment();
      // Not the repeat we expected: the deltas were a segment of their own, and this is another.
      if (!repeat) this.wholeSegment(e.text);
      return;
    }
    const closed = this.closedUnrepeated;
    this.closedUnrepeated = undefined;
    if (closed && sameText(closed, e.text)) return; // the late repeat of a segment already closed
    this.wholeSegment(e.text);
  }

  private wholeSegment(text: string): void {
    if (text === "") return;
    this.countSegment(text);
    this.emit({ type: "segment", text, streamed: false });
  }

  private closeSegment(): void {
    const c = this.current;
    this.current = { length: 0, prefix: "" };
    this.countSegment(c.prefix, c.length);
    this.emit({ type: "segment", text: c.prefix, streamed: true });
  }

  /** A tool call or the result arrived before the segment's repeat: close it, and drop the repeat later. */
  closeImplicitly(): void {
    if (this.current.length === 0) return;
    const c = this.current;
    this.closeSegment();
    this.closedUnrepeated = c;
  }

  private countSegment(text: string, length = text.length): void {
    this.counted();
    const kept = keepText(text, length);
    this.lastCut = kept.cut;
    this.last = kept.text;
  }
}

function sameText(kept: { length: number; prefix: string }, text: string): boolean {
  return text.length === kept.length && text.startsWith(kept.prefix);
}

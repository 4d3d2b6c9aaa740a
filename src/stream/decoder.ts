/**
 * Bytes → events, chunk by chunk: the framer, each line made an event, and the token deltas of a chunk
 * joined.
 *
 * Joining: with `--stream-partial-output` nine lines in ten are a token delta of ~6 characters (the 2026
 * captures, as bench/capture-shape.mjs measures them; BENCHMARKS.md, "What runs"). A run of deltas of one
 * kind within a chunk becomes one delta with their text: what the run model and the live log do with text does not depend
 * on how it was cut (a property test holds them to it), and they then do it once a chunk instead of once
 * a token. A chunk's deltas are never held for the next one, so nothing waits to be shown.
 */

import { readDelta } from "./deltas.js";
import { type AgentEvent, type AssistantEvent, isAssistantDelta, toEvent } from "./events.js";
import { type FramerStats, LineFramer, MAX_LINE_BYTES } from "./lines.js";

/** A line of stdout that is not a JSON event, as the framer shows it (up to 8,192 characters). */
export interface StrayLine {
  kind: "stray-line";
  text: string;
}

/** A line past the framer's limit, skipped unread. */
export interface OversizedLine {
  kind: "oversized-line";
}

export type StreamItem = AgentEvent | StrayLine | OversizedLine;

/**
 * Pass each item on as soon as it is complete (a delta when the next item is not one of its kind, or the
 * chunk ends), so that one line's objects are garbage before the next is parsed (LineFramer.each).
 */
export class StreamDecoder {
  /** Lines that were JSON events (whatever their type), deltas counted one by one. */
  events = 0;
  private readonly framer: LineFramer;
  /** The last delta, held for the next one of its kind to join. */
  private open: AgentEvent | undefined;

  constructor(
    private readonly out: (item: StreamItem) => void,
    maxLineBytes = MAX_LINE_BYTES,
  ) {
    this.framer = new LineFramer(
      maxLineBytes,
      (text) => this.add({ kind: "stray-line", text }),
      (text, start, end) => {
        const delta = readDelta(text, start, end);
        if (delta === undefined) return false;
        this.events++;
        this.add(delta);
        return true;
      },
    );
  }

  /** The framer's counts (blank, malformed, joined, oversized lines). */
  get stats(): FramerStats {
    return this.framer.stats;
  }

  /** The chunk's items. Nothing of the chunk is kept once this returns (LineFramer.each). */
  push(chunk: Buffer): void {
    const oversized = this.framer.stats.oversized;
    this.framer.each(chunk, (line) => {
      this.events++;
      this.add(toEvent(line.value));
    });
    if (this.framer.stats.oversized !== oversized) this.add({ kind: "oversized-line" });
    this.release();
  }

  /** The stream ended: its last line without a newline, and a fragment left pending. */
  end(): void {
    for (const line of this.framer.end()) {
      this.events++;
      this.add(toEvent(line.value));
    }
    this.release();
  }

  private release(): void {
    const open = this.open;
    this.open = undefined;
    if (open) this.out(open);
  }

  private add(item: StreamItem): void {
    const open = this.open;
    if (item.kind === "thinking-delta") {
      if (open?.kind === "thinking-delta") {
        open.text += item.text;
        open.timestampMs = item.timestampMs;
        return;
      }
    } else if (item.kind === "assistant" && isAssistantDelta(item)) {
      if (open?.kind === "assistant" && joinable(open, item)) {
        open.text += item.text;
        open.timestampMs = item.timestampMs;
        return;
      }
    } else {
      this.release();
      this.out(item);
      return;
    }
    this.release();
    this.open = item;
  }
}

/** Two token deltas of the same form: joined (with the later one's timestamp), still a delta of that form. */
function joinable(open: AssistantEvent, next: AssistantEvent): boolean {
  return (open.alternate === true) === (next.alternate === true);
}

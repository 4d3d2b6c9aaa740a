/**
 * The hot path: bytes from the agent (or a saved transcript) → the raw copy on disk, lines, events, the
 * run model. One pass, chunk by chunk; the log is flushed after every chunk so a line appears as soon as
 * its event does.
 */
import { once } from "node:events";
import type { Writable } from "node:stream";
import type { RunModel } from "../model/run-model.js";
import { toEvent } from "./events.js";
import { LineFramer } from "./lines.js";

export interface ConsumeOptions {
  /** Receives every byte as read, before parsing (the raw transcript). */
  tee?: Writable;
  /** Called after each chunk's events were applied (flush the log here). */
  afterChunk?: () => void;
  now?: () => number;
}

export async function consume(
  source: AsyncIterable<Buffer>,
  model: RunModel,
  opts: ConsumeOptions = {},
): Promise<LineFramer> {
  const framer = new LineFramer();
  const now = opts.now ?? Date.now;
  for await (const chunk of source) {
    // Respect the disk's pace: a 100 MB stream must not pile up in memory waiting to be written.
    if (opts.tee && !opts.tee.write(chunk)) await once(opts.tee, "drain");
    const at = now();
    for (const line of framer.push(chunk)) model.apply(toEvent(line.value), at);
    opts.afterChunk?.();
  }
  const at = now();
  for (const line of framer.end()) model.apply(toEvent(line.value), at);
  model.finish();
  opts.afterChunk?.();
  return framer;
}

/**
 * The hot path: bytes from the agent (or a saved transcript) → the raw copy on disk, lines, events, the
 * run model. One pass, chunk by chunk, as each chunk arrives; the log is flushed after every chunk so a
 * line appears as soon as its event does.
 */
import type { Readable, Writable } from "node:stream";
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

/**
 * Resolves when the source ends or is destroyed (a shell the agent left behind may hold the pipe: the
 * caller destroys it), rejects on a read error. `data` events rather than an async iterator: the
 * iterator's `read()` concatenates whatever is buffered into a new Buffer, copying the whole stream once
 * more (BENCHMARKS.md).
 */
export function consume(source: Readable, model: RunModel, opts: ConsumeOptions = {}): Promise<LineFramer> {
  const framer = new LineFramer();
  const now = opts.now ?? Date.now;
  const { tee, afterChunk } = opts;
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const at = now();
      for (const line of framer.end()) model.apply(toEvent(line.value), at);
      model.finish();
      afterChunk?.();
      resolve(framer);
    };
    source.on("data", (chunk: Buffer) => {
      // Respect the disk's pace: a 100 MB stream must not pile up in memory waiting to be written.
      if (tee && !tee.write(chunk)) {
        source.pause();
        tee.once("drain", () => source.resume());
      }
      const at = now();
      for (const line of framer.push(chunk)) model.apply(toEvent(line.value), at);
      afterChunk?.();
    });
    source.once("end", finish);
    source.once("close", finish);
    source.once("error", (e) => {
      if ((e as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") finish();
      else if (!done) {
        done = true;
        reject(e);
      }
    });
  });
}

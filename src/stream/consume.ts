/**
 * The hot path's I/O: bytes from the agent (or a saved transcript) → the raw copy on disk and the
 * pipeline, one pass, chunk by chunk, as each chunk arrives; the log is flushed after every chunk so a
 * line appears as soon as its event does.
 */
import type { Readable, Writable } from "node:stream";
import type { Pipeline } from "../pipeline.js";

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
export function consume(source: Readable, pipeline: Pipeline, opts: ConsumeOptions = {}): Promise<void> {
  const now = opts.now ?? Date.now;
  const { tee, afterChunk } = opts;
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      try {
        pipeline.end(now());
        afterChunk?.();
        resolve();
      } catch (e) {
        reject(e);
      }
    };
    source.on("data", (chunk: Buffer) => {
      // Respect the disk's pace: a 100 MB stream must not pile up in memory waiting to be written.
      if (tee && !tee.write(chunk)) {
        source.pause();
        tee.once("drain", () => source.resume());
      }
      if (done) return;
      try {
        pipeline.push(chunk, now());
        afterChunk?.();
      } catch (e) {
        // A bug downstream must not become an uncaught exception in an event handler (which would end
        // the process with nothing reported): the caller's last-resort path gets it instead.
        done = true;
        source.destroy();
        reject(e);
      }
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

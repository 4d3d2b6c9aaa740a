/**
 * The hot path's I/O: bytes from the agent's transcript as it grows (or a saved one) → the pipeline,
 * chunk by chunk, as each chunk arrives; the log is flushed after every chunk so a line appears as soon
 * as its event does.
 */
import type { Readable } from "node:stream";
import type { Pipeline } from "./pipeline.js";

export interface ConsumeOptions {
  /** Called after each chunk's events were applied (flush the log here). */
  afterChunk?: () => void;
  /** A promise while the log cannot take more: the source is not read until it settles. */
  outputBusy?: () => Promise<void> | undefined;
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
  const { afterChunk } = opts;
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
    /** Paused for the log: resumed once it is no longer backed up. */
    let waiting = false;
    const resumeWhenFree = () => {
      const busy = opts.outputBusy?.();
      if (busy) {
        void busy.then(resumeWhenFree);
        return;
      }
      waiting = false;
      source.resume();
    };
    source.on("data", (chunk: Buffer) => {
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
        return;
      }
      // Respect the log's pace: a 100 MB stream must not pile up in memory waiting to be written (an
      // unread stdout made ours fail with EINVAL past a few hundred MB).
      if (!waiting && opts.outputBusy?.()) {
        waiting = true;
        source.pause();
        resumeWhenFree();
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

/**
 * The hot path's I/O: bytes from the agent's transcript as it grows (or a saved one) → the pipeline,
 * chunk by chunk, as each chunk arrives; the log is flushed after every chunk so a line appears as soon
 * as its event does.
 */
import type { Readable } from "node:stream";
import type { Pipeline } from "./pipeline.js";

/**
 * A source that knows whether more is waiting to be read right now (stdout-file.ts: its last read got
 * all it asked for). While it does, the log is written every {@link HELD_CHUNKS} chunks instead of after
 * each: every write to the runner's pipe costs a system call and a wake-up of its reader, ~40 µs of CPU
 * a write (BENCHMARKS.md). A chunk that catches up with the agent is followed by a write at once, so a
 * line waits only while the action is behind the agent anyway. A read that then finds nothing more is
 * told by the {@link CAUGHT_UP} event: what is held is written then.
 */
export interface Backlogged {
  readonly backlog?: boolean;
  /**
   * Set by {@link consume}: its handler keeps nothing of a chunk once it returns (the pipeline copies what
   * it keeps, stream/lines.ts), so a chunk handed over and not buffered by the stream leaves the source
   * free to read the next one into the same memory (stdout-file.ts: 64 MiB of fresh buffers cost a run's
   * reading and decoding more than the reads themselves, BENCHMARKS.md).
   */
  reuseChunks?: boolean;
}

/** The event of a {@link Backlogged} source whose last chunk said more was waiting, and none was. */
export const CAUGHT_UP = "caught-up";

/** Chunks read behind the agent between two log writes: ~5 ms of work at most (~64 KiB each). */
export const HELD_CHUNKS = 8;

export interface ConsumeOptions {
  /** Called after a chunk's events were applied (flush the log here): after each, unless {@link Backlogged}. */
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
    // A bug downstream must not become an uncaught exception in an event handler (which would end the
    // process with nothing reported): the caller's last-resort path gets it instead.
    const fail = (e: unknown) => {
      done = true;
      source.destroy();
      reject(e);
    };
    /** Paused for the log: resumed once it is no longer backed up. */
    let waiting = false;
    /** Chunks applied since the last {@link ConsumeOptions.afterChunk}. */
    let held = 0;
    const behind = source as Backlogged;
    // The pipeline keeps nothing of a chunk once its push returns.
    behind.reuseChunks = true;
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
        if (behind.backlog !== true || ++held >= HELD_CHUNKS) {
          held = 0;
          afterChunk?.();
        }
      } catch (e) {
        fail(e);
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
    source.on(CAUGHT_UP, () => {
      if (done || held === 0) return;
      held = 0;
      try {
        afterChunk?.();
      } catch (e) {
        fail(e);
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

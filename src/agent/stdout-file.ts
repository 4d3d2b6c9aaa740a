/**
 * The agent's stdout is a file, not a pipe: the raw transcript itself. The kernel writes it as the agent
 * prints, and the action reads it back as it grows, so the transcript costs no copy of ours, and the
 * agent never waits on a pipe for the action to catch up (BENCHMARKS.md: the copy was ~0.2× of the floor;
 * the pipe's 64 KiB made the two take turns). What we read is what the agent wrote, byte for byte.
 *
 * Notified by the file system (inotify, kqueue; fs.watch) when it grows, with a slow poll behind it for
 * file systems that notify late or never (Windows updates a file's size lazily). The stream ends once the
 * agent has exited and every byte it wrote up to then has been read: what a process it left behind writes
 * later is not the agent's stream (and cannot hold the step open, as it could a pipe).
 */
import { closeSync, type FSWatcher, fstatSync, openSync, readSync, watch } from "node:fs";
import { Readable } from "node:stream";
import { type Backlogged, CAUGHT_UP } from "../pipeline/consume.js";

/** Bytes read at once: large reads when the action is behind mean fewer, cheaper chunks to decode. */
const READ_BYTES = 64 * 1024;
/**
 * Reads go into the free end of one slab; a new one is taken when this little is left, unless the
 * consumer has taken every chunk read into it and keeps none ({@link FollowedFile.reuseChunks}): the slab
 * is then read into from its start again.
 */
const MIN_FREE = 4 * 1024;
/**
 * The poll behind the notifications. Windows tells of an append late (NTFS updates a file's size lazily):
 * there the poll is what keeps the live log close behind the agent.
 */
const POLL_MS = process.platform === "win32" ? 4 : 100;
/**
 * A notification this soon after the last read found nothing waits until this much time has passed: an
 * agent printing line after line is then read in chunks of what it wrote meanwhile, not a line per wake-up
 * (each of which costs a read, the pipeline's per-chunk work and a write of the log). Events further
 * apart than this, as a real agent's are, are read at once (the live log's latency, BENCHMARKS.md).
 */
const COALESCE_MS = 1;
/**
 * Chunks read in one turn of the event loop while the action is behind its agent (each read filled):
 * ~2–5 ms of work, after which timers, signals and the cancel's deadline get their turn. One chunk a turn
 * cost the 64 MiB runs 11–28 ms of wall time and as much CPU (an immediate, a poll of the loop, the
 * stream's bookkeeping, 1,024 times; BENCHMARKS.md). A read that comes back short (caught up) ends the turn.
 */
export const CHUNKS_A_TURN = 4;

/** Creates `file` for the agent to write (it must not exist yet); the descriptor goes to its stdio. */
export function openStdoutFile(file: string): number {
  // 0o600: the transcript may hold what the agent read; only the runner's user reads it.
  // "wx": a new file, never one that is there already (nor a link planted at its name).
  return openSync(file, "wx", 0o600);
}

/** A Readable of the file `file` while another process appends to it; see {@link writerExited}. */
export class FollowedFile extends Readable implements Backlogged {
  private fd: number | undefined;
  private position = 0;
  /** Set when the writer exits: its size then. What is written past it is not the writer's (a leftover's). */
  private end = Number.POSITIVE_INFINITY;
  /** Reading stopped early because the file could not be read: the error's code and the bytes left. */
  failure: { code: string; unread: number } | undefined;
  private slab = Buffer.allocUnsafe(READ_BYTES);
  private used = 0;
  private watcher: FSWatcher | undefined;
  private poll: NodeJS.Timeout | undefined;
  private exited = false;
  /** The consumer asked for data and none was there: the next notification reads. */
  private wanting = false;
  /** When a read last found nothing new (performance.now()). */
  private caughtUpAt = Number.NEGATIVE_INFINITY;
  private coalescing: NodeJS.Timeout | undefined;
  /** The end was pushed: nothing more may be. */
  private eof = false;
  /** A read is scheduled for the next turn of the event loop. */
  private scheduled = false;
  /** Chunks read in this turn of the event loop. */
  private turnChunks = 0;
  /**
   * The last read got all it asked for: more is probably waiting (the agent is ahead of us). The consumer
   * may then hold its log writes for a few chunks (pipeline/consume.ts {@link Backlogged}); a read that
   * got less found the end of what the agent has written, and the log is written at once.
   */
  backlog = false;
  /**
   * Set by a consumer whose `data` handler keeps nothing of a chunk once it returns (pipeline/consume.ts).
   * A slab whose chunks were all handed over, none left in the stream's buffer, is then read into again:
   * the same 64 KiB stays in the CPU's cache from the read to the decoding, and 64 MiB of fresh buffers
   * a run (allocated, faulted in, collected) are not made (BENCHMARKS.md). Off by default: a Readable's
   * chunks are normally its consumer's to keep.
   */
  reuseChunks = false;

  /** `writer`: the descriptor the file was created with; the file read must be that very file. */
  constructor(file: string, writer?: number) {
    super({ highWaterMark: READ_BYTES });
    this.fd = openSync(file, "r");
    if (writer !== undefined) {
      // Opened twice by name: a process of a step before ours could have swapped the name in between.
      const a = fstatSync(writer);
      const b = fstatSync(this.fd);
      if (a.dev !== b.dev || a.ino !== b.ino) {
        closeSync(this.fd);
        throw new Error(`${file} was replaced while it was being opened`);
      }
    }
    try {
      this.watcher = watch(file, { persistent: false }, () => this.wake());
      // A watcher that breaks (the file renamed or deleted under us) leaves the poll to do the work.
      this.watcher.on("error", () => this.unwatch());
    } catch {
      this.watcher = undefined;
    }
  }

  /**
   * Ends the stream now, whatever is left unread (it stays in the transcript file); returns how many bytes
   * that is. For a cancel or a timeout, whose report must not wait for a backlog, and for a file an agent
   * made endless (a truncate far past its end reads as zeros without end).
   */
  stopReading(): number {
    if (this.fd === undefined || this.eof) return 0;
    let unread = 0;
    try {
      unread = Math.max(0, fstatSync(this.fd).size - this.position);
    } catch {
      // unknown: the note says nothing of a size
    }
    this.clearTimers();
    closeSync(this.fd);
    this.fd = undefined;
    this.wanting = false;
    this.eof = true;
    this.push(null);
    return unread;
  }

  /**
   * The writer is gone: what it wrote is read to the end, then the stream ends. Its end is the file's size
   * now: a process it left behind that goes on writing is neither read nor waited for.
   */
  writerExited(): void {
    if (this.fd !== undefined && !this.exited) {
      try {
        this.end = fstatSync(this.fd).size;
      } catch {
        // read to wherever reading stops
      }
    }
    this.exited = true;
    this.wake();
  }

  private wake(): void {
    if (!this.wanting || this.coalescing) return;
    const wait = this.exited ? 0 : this.caughtUpAt + COALESCE_MS - performance.now();
    if (wait <= 0) this.pump();
    else
      this.coalescing = setTimeout(() => {
        this.coalescing = undefined;
        if (this.wanting) this.pump();
      }, wait);
  }

  /**
   * Asked for more: read on the next turn of the event loop, never within this call. A file can always
   * have more (a hole an agent truncated into it reads as zeros without end), and reads that pushed
   * within `_read` would keep the stream's flow in one synchronous loop that no timer (the drain's time,
   * a cancel) could ever interrupt.
   */
  override _read(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** One read: a chunk pushed (the stream asks again for the next), or the end, or a wait for the writer. */
  private pump(): void {
    this.wanting = false;
    if (this.poll) clearTimeout(this.poll);
    this.poll = undefined;
    if (this.fd === undefined || this.eof) return;
    if (READ_BYTES - this.used < MIN_FREE) {
      // The chunks pushed so far keep the old slab alive until they are consumed.
      this.slab = Buffer.allocUnsafe(READ_BYTES);
      this.used = 0;
    }
    let n: number;
    try {
      const want = Math.min(READ_BYTES - this.used, this.end - this.position);
      n = want > 0 ? readSync(this.fd, this.slab, this.used, want, this.position) : 0;
    } catch (e) {
      // The events read so far still make a report: the stream ends here, and the agent's run says why (an
      // agent on Windows can lock a range of its own stdout against our reads).
      const code = (e as NodeJS.ErrnoException).code ?? String(e);
      this.failure = { code, unread: this.stopReading() };
      return;
    }
    const wasBehind = this.backlog;
    this.backlog = n > 0 && n === READ_BYTES - this.used;
    if (n > 0) {
      const chunk = this.slab.subarray(this.used, this.used + n);
      this.used += n;
      this.position += n;
      const more = this.push(chunk);
      // Emitted at once and nothing buffered: every chunk of the slab has been handed over (in order),
      // and the consumer keeps none of them.
      if (this.reuseChunks && this.readableLength === 0) this.used = 0;
      // Behind the agent (and wanted), the next chunk in this same turn, up to CHUNKS_A_TURN of them.
      if (more && this.backlog && ++this.turnChunks < CHUNKS_A_TURN) this.pump();
      else this.turnChunks = 0;
      return;
    }
    this.turnChunks = 0;
    if (this.exited) {
      this.eof = true;
      this.push(null);
      return;
    }
    // A chunk that filled its read left the log held: nothing more came, so it is written now.
    if (wasBehind) this.emit(CAUGHT_UP);
    this.wanting = true;
    this.caughtUpAt = performance.now();
    this.poll = setTimeout(() => this.wake(), POLL_MS);
  }

  private clearTimers(): void {
    this.unwatch();
    if (this.poll) clearTimeout(this.poll);
    if (this.coalescing) clearTimeout(this.coalescing);
    this.poll = undefined;
    this.coalescing = undefined;
  }

  private unwatch(): void {
    this.watcher?.close();
    this.watcher = undefined;
  }

  override _destroy(err: Error | null, cb: (err?: Error | null) => void): void {
    this.clearTimers();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    cb(err);
  }
}

#!/usr/bin/env node
// @ts-check
/**
 * The bench's stand-in for `cursor-agent` on the throughput workloads: it replays a transcript to its
 * stdout in large writes, as fast as its stdout takes them, and does nothing else, so that what it costs
 * is small and the same for the action and for the floor (both spawn it the same way).
 *
 * Why not the test suite's fake agent (test/fake-agent/): it writes one line per awaited `write()` (54k
 * to 113k writes on the 64 MiB runs) and needs 0.5–0.9 s of CPU for that alone; into the floor's pipe
 * that slowed the floor (its wall time stood 300–450 ms above its CPU time) while the action, whose agent
 * writes into a file, did not wait on it: the ratio came out smaller than it is.
 *
 * Writes: `chunkBytes` (default 64 KiB, a Linux pipe's buffer) at a time, synchronously (fs.writeSync on
 * fd 1, blocking), the transcript read in pieces of that size (constant memory at any size).
 * docs/stream-format.md does not say how the CLI writes its stdout, and the captures cannot tell; at the
 * pace of a model (an event every few milliseconds at most) the size of its writes costs a reader
 * nothing. In a replay as fast as the reader goes, large writes are the least an agent can cost, and the
 * floor and the action get the same bytes in the same writes.
 *
 * The scenario (JSON, named by `FAKE_AGENT_SCENARIO`, as for the fake agent):
 * `{ "transcript": string, "record"?: string, "chunkBytes"?: number, "drain"?: boolean, "lineWrites"?: boolean }`.
 *
 * With `lineWrites`, one write per line instead (as the test suite's fake agent writes): the memory runs
 * use it, where the floor's peak RSS is the reference. A floor fed 64 KiB writes as fast as it can parse
 * allocates faster than V8 collects (159 MiB on the 1 GiB run, 83 MiB fed line by line) and would make
 * any memory ratio look good; the action's peak is the same either way (96 vs 94 MiB).
 *
 * With `drain`, when its stdout is a file, it exits only once its reader (the action, or the floor fed
 * through a file) has caught up and is idle ({@link waitForReaders}; 120 s at most). The runs that time
 * the end of the run (agent exit → action exit) use it: a real agent writes over minutes and exits long
 * after the action has caught up, so the figure is the end of the run's own work, not a backlog.
 *
 * The record gets `{ pid, argv, cpuMs, chunks, bytes, drained }`: the pid first (so the bench can find us
 * if stopped early), the rest at exit. Any command-line arguments are accepted and recorded; `--version`
 * prints one line.
 */
import {
  closeSync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
  writeSync,
} from "node:fs";

if (process.argv.includes("--version") || process.argv.includes("-v")) {
  process.stdout.write("2026.01.28-bench\n");
  process.exit(0);
}
const scenarioPath = process.env.FAKE_AGENT_SCENARIO;
if (!scenarioPath) {
  process.stderr.write("replay-agent: FAKE_AGENT_SCENARIO must name a scenario file\n");
  process.exit(70);
}
/** @type {{ transcript: string, record?: string, chunkBytes?: number, drain?: boolean, lineWrites?: boolean }} */
const scenario = JSON.parse(readFileSync(scenarioPath, "utf8"));
const record = {
  pid: process.pid,
  argv: process.argv.slice(2),
  cpuMs: 0,
  chunks: 0,
  bytes: 0,
  /** With `drain`: the readers waited for (pids), and how long (ms). */
  drained: /** @type {{ readers: number[], waitedMs: number } | undefined} */ (undefined),
};
const save = () => {
  if (!scenario.record) return;
  const tmp = `${scenario.record}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(record));
  renameSync(tmp, scenario.record);
};
save();

const size = scenario.chunkBytes ?? 64 * 1024;
const buf = Buffer.allocUnsafe(size);
const fd = openSync(scenario.transcript, "r");
const pause = new Int32Array(new SharedArrayBuffer(4));
/** What is left of the last piece after its last newline (with `lineWrites`). */
let rest = Buffer.alloc(0);

/** One write of `b[from, to)`, all of it. @param {Buffer} b @param {number} from @param {number} to */
function writeAll(b, from, to) {
  let off = from;
  while (off < to) {
    try {
      off += writeSync(1, b, off, to - off);
    } catch (e) {
      // A non-blocking stdout that is full: wait a moment and write the rest.
      if (/** @type {NodeJS.ErrnoException} */ (e).code !== "EAGAIN") throw e;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
  record.chunks++;
}
for (;;) {
  const n = readSync(fd, buf, 0, size, null);
  if (n === 0) break;
  if (scenario.lineWrites) {
    const data = rest.length ? Buffer.concat([rest, buf.subarray(0, n)]) : buf.subarray(0, n);
    let start = 0;
    for (let nl = data.indexOf(10); nl !== -1; nl = data.indexOf(10, start)) {
      writeAll(data, start, nl + 1);
      start = nl + 1;
    }
    rest = Buffer.from(data.subarray(start));
  } else writeAll(buf, 0, n);
  record.bytes += n;
}
if (rest.length) writeAll(rest, 0, rest.length);
closeSync(fd);
if (scenario.drain) waitForReaders();
const u = process.resourceUsage();
record.cpuMs = (u.userCPUTime + u.systemCPUTime) / 1000;
save();

/** Our ancestors up to three levels: the wrapper, the action or the floor. */
function ancestors() {
  const out = [];
  let pid = process.ppid;
  for (let i = 0; i < 3 && pid > 1; i++) {
    out.push(pid);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      pid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      break;
    }
  }
  return out;
}

/** Whether any thread of `pid` is running or runnable (state R in /proc/<pid>/task/<tid>/stat). @param {number} pid */
function busy(pid) {
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      if (stat[stat.lastIndexOf(")") + 2] === "R") return true;
    } catch {
      // the thread ended
    }
  }
  return false;
}

/**
 * Waits (bounded) until its reader is idle: the first ancestor with more than one thread (the action, or
 * the floor fed through a file: Node; bench/agent-then-edit.sh is a shell, with one) has had no thread running or runnable
 * for 10 ms (5 looks 2 ms apart at /proc/<pid>/task/<tid>/stat). Its descriptors are not ours to look at
 * (the action makes itself non-dumpable, which closes /proc/<pid>/fd to its children), and the action
 * reads the file at its own offsets (pread) anyway; idle, it has read all there is: it is woken by inotify
 * within a millisecond of a write (src/agent/stdout-file.ts).
 */
function waitForReaders() {
  try {
    if (!fstatSync(1).isFile()) return;
  } catch {
    return;
  }
  /** @type {number[]} */
  const readers = [];
  for (const pid of ancestors()) {
    let threads = 0;
    try {
      threads = readdirSync(`/proc/${pid}/task`).length;
    } catch {
      break;
    }
    // A shell (bench/agent-then-edit.sh) has one thread; Node, a dozen.
    if (threads === 1) continue;
    readers.push(pid);
    break;
  }
  const started = performance.now();
  const deadline = Date.now() + 120_000;
  for (const pid of readers) {
    let quiet = 0;
    while (Date.now() < deadline && quiet < 5) {
      try {
        quiet = busy(pid) ? 0 : quiet + 1;
      } catch {
        break; // gone
      }
      Atomics.wait(pause, 0, 0, 2);
    }
  }
  record.drained = { readers, waitedMs: Math.round(performance.now() - started) };
}

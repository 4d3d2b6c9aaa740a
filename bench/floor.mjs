// @ts-check
/**
 * The floor: the least any consumer of the agent's stream must do. Spawns the agent exactly as the action
 * does (stdin closed, its own process group, the same arguments and environment), reads its stdout with
 * `readline`, `JSON.parse`s each line, and does nothing else. At the end it prints one JSON line with its
 * counts.
 *
 *   node bench/floor.mjs <agent> [agent args...]
 *
 * With `BENCH_FLOOR_ECHO=1` it also writes the index of each line it parsed (`0\n`, `1\n`, …) to stdout as
 * soon as it parsed it: the floor of the log-latency measurement.
 *
 * With `BENCH_FLOOR_STDOUT_FILE=<file>` the agent's stdout is that file (created new), not a pipe, and the
 * floor reads it as it grows (woken by fs.watch, a 50 ms poll behind it; done once the agent has exited and
 * all it wrote is read): the action's transport (src/agent/stdout-file.ts), for an ablation that prices
 * the transport alone (BENCHMARKS.md).
 *
 * With `BENCH_FLOOR_TEE=<file>` it also copies each chunk it reads to that file through an fs.WriteStream,
 * waiting for "drain" when it asks to, as the action keeps its raw transcript (src/pipeline/consume.ts):
 * an ablation that prices the copy alone. Not part of the floor proper.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { closeSync, createWriteStream, openSync, readSync, watch } from "node:fs";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";

const [agent, ...args] = process.argv.slice(2);
if (!agent) {
  process.stderr.write("usage: node bench/floor.mjs <agent> [args...]\n");
  process.exit(2);
}
const echo = process.env.BENCH_FLOOR_ECHO === "1";
const teePath = process.env.BENCH_FLOOR_TEE;
const stdoutFile = process.env.BENCH_FLOOR_STDOUT_FILE;
delete process.env.BENCH_FLOOR_ECHO;
delete process.env.BENCH_FLOOR_TEE;
delete process.env.BENCH_FLOOR_STDOUT_FILE;

const writer = stdoutFile ? openSync(stdoutFile, "wx", 0o600) : undefined;
const child = spawn(agent, args, { stdio: ["ignore", writer ?? "pipe", "pipe"], detached: true });
if (writer !== undefined) closeSync(writer);
/** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
const stop = () => {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
  process.exit(130);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.stderr?.resume();

/** The file the agent writes, read as it grows, until the agent has exited and its end is read. @param {string} file */
async function* follow(file) {
  const fd = openSync(file, "r");
  let done = false;
  void exited.then(() => {
    done = true;
  });
  /** @type {(() => void) | undefined} */
  let wake;
  const watcher = watch(file, { persistent: false }, () => wake?.());
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(64 * 1024);
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n > 0) {
        yield buf.subarray(0, n);
        continue;
      }
      if (done) {
        // Exited: what it wrote before is all there; read to the end once more.
        const m = readSync(fd, buf, 0, buf.length, null);
        if (m === 0) return;
        yield buf.subarray(0, m);
        continue;
      }
      await new Promise((resolve) => {
        const t = setTimeout(resolve, 50);
        wake = () => {
          clearTimeout(t);
          resolve(undefined);
        };
        void exited.then(wake);
      });
      wake = undefined;
    }
  } finally {
    watcher.close();
    closeSync(fd);
  }
}
const input = stdoutFile ? Readable.from(follow(stdoutFile), { objectMode: false }) : child.stdout;
if (!input) throw new Error("no stdout");

let lines = 0;
let malformed = 0;
let chunks = 0;
let bytes = 0;
input.on("data", (/** @type {Buffer} */ c) => {
  chunks++;
  bytes += c.length;
});
const tee = teePath ? createWriteStream(teePath) : undefined;
if (tee) {
  input.on("data", (/** @type {Buffer} */ c) => {
    if (!tee.write(c)) {
      input.pause();
      tee.once("drain", () => input.resume());
    }
  });
}
const rl = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
const closed = new Promise((resolve) => rl.once("close", resolve));
rl.on("line", (line) => {
  try {
    JSON.parse(line);
  } catch {
    malformed++;
  }
  if (echo) process.stdout.write(`${lines}\n`);
  lines++;
});
const exit = await exited;
await closed;
if (tee) {
  tee.end();
  await once(tee, "finish");
}
process.stdout.write(`${JSON.stringify({ floor: { lines, malformed, chunks, bytes, exit } })}\n`);

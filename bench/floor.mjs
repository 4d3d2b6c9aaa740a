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
 * With `BENCH_FLOOR_TEE=<file>` it also copies each chunk it reads to that file through an fs.WriteStream,
 * waiting for "drain" when it asks to, as the action keeps its raw transcript (src/pipeline/consume.ts):
 * an ablation that prices the copy alone. Not part of the floor proper.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { createInterface } from "node:readline";

const [agent, ...args] = process.argv.slice(2);
if (!agent) {
  process.stderr.write("usage: node bench/floor.mjs <agent> [args...]\n");
  process.exit(2);
}
const echo = process.env.BENCH_FLOOR_ECHO === "1";
const teePath = process.env.BENCH_FLOOR_TEE;
delete process.env.BENCH_FLOOR_ECHO;
delete process.env.BENCH_FLOOR_TEE;

const child = spawn(agent, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
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
child.stderr.resume();

let lines = 0;
let malformed = 0;
let chunks = 0;
let bytes = 0;
child.stdout.on("data", (/** @type {Buffer} */ c) => {
  chunks++;
  bytes += c.length;
});
const tee = teePath ? createWriteStream(teePath) : undefined;
if (tee) {
  child.stdout.on("data", (/** @type {Buffer} */ c) => {
    if (!tee.write(c)) {
      child.stdout.pause();
      tee.once("drain", () => child.stdout.resume());
    }
  });
}
const rl = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
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
const exit = await new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
await closed;
if (tee) {
  tee.end();
  await once(tee, "finish");
}
process.stdout.write(`${JSON.stringify({ floor: { lines, malformed, chunks, bytes, exit } })}\n`);

#!/usr/bin/env node
// @ts-check
/**
 * A bench-only stand-in for `cursor-agent` that writes a prepared list of stream-json lines at a steady
 * pace and records, for each line, the wall-clock time just before it was written. The action runs it
 * through `agent-path`; its command-line flags are accepted and ignored.
 *
 * Environment (the action passes its environment through to the agent):
 * - `PACED_AGENT_SCRIPT`: a JSON file `{ "delayMs": number, "lines": string[] }` (each line ends in "\n");
 * - `PACED_AGENT_TIMES`: where to write `{ "pid": number, "times": number[] }` (epoch ms, sub-ms).
 *
 * Wall clock = `performance.timeOrigin + performance.now()`: comparable with the same expression in the
 * benchmark process on the same machine, and finer than `Date.now()`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const scriptPath = process.env.PACED_AGENT_SCRIPT;
const timesPath = process.env.PACED_AGENT_TIMES;
if (!scriptPath || !timesPath) {
  process.stderr.write("paced-agent: PACED_AGENT_SCRIPT and PACED_AGENT_TIMES must be set\n");
  process.exit(70);
}
/** @type {{ delayMs: number, lines: string[] }} */
const script = JSON.parse(readFileSync(scriptPath, "utf8"));
/** @type {number[]} */
const times = [];
const wallNow = () => performance.timeOrigin + performance.now();
const save = () => writeFileSync(timesPath, JSON.stringify({ pid: process.pid, times }));
// The pid first, so that the benchmark can find us even if we are interrupted.
save();

process.on("SIGTERM", () => process.exit(143));
process.on("SIGINT", () => process.exit(130));
process.on("exit", save);
process.stdout.on("error", () => process.exit(1));

const start = wallNow() + script.delayMs;
let i = 0;
const next = () => {
  const line = script.lines[i];
  if (line === undefined) {
    process.exit(0);
    return;
  }
  times.push(wallNow());
  // Stdout is a pipe: on Linux Node writes pipes synchronously, so the line is in the pipe on return.
  process.stdout.write(line);
  i++;
  // An absolute schedule, so a late timer does not push every later line back.
  setTimeout(next, Math.max(0, start + i * script.delayMs - wallNow()));
};
setTimeout(next, script.delayMs);

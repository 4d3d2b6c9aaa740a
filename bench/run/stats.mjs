// @ts-check
/**
 * The bench's statistics and formatting, the machine it runs on, one run's sample (wall, RSS, CPU, the
 * phases bench/usage.cjs records) and the interleaved rotation every comparison runs in.
 */
import os from "node:os";

/** @param {number[]} xs */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? Number.NaN) + (s[m] ?? Number.NaN)) / 2;
};
/** @param {number[]} xs @param {number} p */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
export const round = (/** @type {number} */ x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
export const mib = (/** @type {number} */ kib) => kib / 1024;
/** @param {string} s @param {number} n */
export const pad = (s, n) => s + " ".repeat(Math.max(0, n - [...s].length));
export const log = (/** @type {string} */ s) => process.stdout.write(`${s}\n`);

export function machine() {
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? "?",
    memGiB: round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

/**
 * One run: `cpuMs` is the process's own CPU time (user + sys), `treeCpuMs` its process tree's (with the
 * agent, its wrapper, git: bench/usage.cjs), `agentCpuMs` the replaying agent's own.
 * `phases` (the 64 MiB streams, bench/usage.cjs), in ms from the process's start: when the agent was spawned
 * and its first chunk read; the stream (first chunk read → last) and the main thread's CPU in it; the last
 * chunk → the process's exit, and that exit → the bench seeing it; the main thread's wait for a core from
 * the first chunk to the exit; V8's worker threads' CPU.
 * @typedef {{ agentSpawnedMs: number, firstChunkMs: number, streamMs: number, streamMainCpuMs: number, lastChunkToExitMs: number, exitSeenMs: number, runQueueMs: number, v8WorkersMs: number }} Phases
 * @typedef {{ wallMs: number, maxRssKiB: number, rusageMaxRssKiB: number, hwmKiB: number, cpuMs: number, treeCpuMs: number, agentCpuMs?: number, endMs?: number, drainMs?: number, outputs?: Record<string, string | undefined>, phases?: Phases }} Sample
 */

/**
 * @typedef {{ at: number, mainCpuMs: number, runQueueMs?: number }} Moment
 * @typedef {{ spawnAt?: number, firstRead?: Moment, lastRead?: Moment, exit?: Moment, v8WorkersMs?: number }} RawPhases
 * @param {{ wallMs: number, exitedAt: number }} res @param {RawPhases | undefined} p @returns {Phases | undefined}
 */
export function phasesOf(res, p) {
  const first = p?.firstRead;
  const last = p?.lastRead ?? first;
  const exit = p?.exit;
  if (!p || p.spawnAt === undefined || !first || !last || !exit) return undefined;
  const start = res.exitedAt - res.wallMs;
  return {
    agentSpawnedMs: round(p.spawnAt - start),
    firstChunkMs: round(first.at - start),
    streamMs: round(last.at - first.at),
    streamMainCpuMs: round(last.mainCpuMs - first.mainCpuMs),
    lastChunkToExitMs: round(exit.at - last.at),
    exitSeenMs: round(res.exitedAt - exit.at),
    runQueueMs: round((exit.runQueueMs ?? Number.NaN) - (first.runQueueMs ?? Number.NaN)),
    v8WorkersMs: round(p.v8WorkersMs ?? Number.NaN),
  };
}

/** @param {{ wallMs: number, exitedAt: number }} res @param {{ maxRssKiB: number, hwmKiB: number, userMs: number, systemMs: number, childUserMs?: number, childSystemMs?: number, phases?: RawPhases }} usage @param {number} [agentCpuMs] @returns {Sample} */
export const sample = (res, usage, agentCpuMs) => ({
  wallMs: round(res.wallMs),
  // VmHWM, the peak of this process's own image: getrusage's ru_maxrss is kept across execve, so a child
  // starts from its parent's (the bench's) RSS at the fork; the two agree while the bench is small.
  maxRssKiB: usage.hwmKiB ?? usage.maxRssKiB,
  rusageMaxRssKiB: usage.maxRssKiB,
  hwmKiB: usage.hwmKiB,
  cpuMs: round(usage.userMs + usage.systemMs),
  treeCpuMs: round(usage.userMs + usage.systemMs + (usage.childUserMs ?? 0) + (usage.childSystemMs ?? 0)),
  agentCpuMs: agentCpuMs === undefined ? undefined : round(agentCpuMs),
  phases: phasesOf(res, usage.phases),
});

/** Runs `fns` `runs` times after one warm-up each, rotating the order so that none always goes first. */
export async function interleaved(
  /** @type {((keep: boolean) => Promise<void>)[]} */ fns,
  /** @type {number} */ runs,
  /** @type {string} */ title,
) {
  process.stdout.write(`  ${title}: warm-up`);
  for (const f of fns) await f(false);
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < fns.length; k++)
      await /** @type {(keep: boolean) => Promise<void>} */ (fns[(i + k) % fns.length])(true);
    if (runs <= 5 || (i + 1) % 5 === 0 || i + 1 === runs) process.stdout.write(` ${i + 1}/${runs}`);
  }
  process.stdout.write("\n");
}

/** The sample with the median wall time. @param {Sample[]} xs @returns {Sample} */
export const medianSample = (xs) =>
  /** @type {Sample} */ ([...xs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(xs.length / 2)]);

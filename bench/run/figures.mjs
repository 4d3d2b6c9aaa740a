// @ts-check
/**
 * The figures of one streamed workload (medians over its runs): the action's and the floor's wall time,
 * peak RSS, CPU (own, tree, the agent's), the floor's transports apart, bare node, and the phases; each
 * rotation's ratio paired; the phases as one line of the report.
 */
import { median, mib, round } from "./stats.mjs";

/**
 * @typedef {import("./stats.mjs").Sample} Sample
 * @typedef {import("./stats.mjs").Phases} Phases
 */

export const med = (/** @type {Sample[]} */ xs, /** @type {(s: Sample) => number} */ f) => median(xs.map(f));
/** The lesser of the floor's two transports (file, pipe), per figure. @param {Sample[][]} xs @param {(s: Sample) => number} f */
const least = (xs, f) => Math.min(...xs.filter((x) => x.length > 0).map((x) => med(x, f)));
export const figures = (
  /** @type {{ action: Sample[], floor: Sample[], floorTee: Sample[], floorPipe: Sample[], node: number[] }} */ x,
) => ({
  aWall: med(x.action, (s) => s.wallMs),
  fWall: least([x.floor, x.floorPipe], (s) => s.wallMs),
  tWall: med(x.floorTee, (s) => s.wallMs),
  aRss: med(x.action, (s) => mib(s.maxRssKiB)),
  aRssMax: Math.max(...x.action.map((s) => mib(s.maxRssKiB))),
  fRss: least([x.floor, x.floorPipe], (s) => mib(s.maxRssKiB)),
  aCpu: med(x.action, (s) => s.cpuMs),
  fCpu: least([x.floor, x.floorPipe], (s) => s.cpuMs),
  tCpu: med(x.floorTee, (s) => s.cpuMs),
  aTree: med(x.action, (s) => s.treeCpuMs),
  fTree: least([x.floor, x.floorPipe], (s) => s.treeCpuMs),
  aAgent: med(x.action, (s) => s.agentCpuMs ?? Number.NaN),
  fAgent: med(x.floor, (s) => s.agentCpuMs ?? Number.NaN),
  /** The floor's wall time above its own CPU time (waiting: start-up, the agent, the transport). */
  fIdle: med(x.floor, (s) => s.wallMs - s.cpuMs),
  fileWall: med(x.floor, (s) => s.wallMs),
  fileTree: med(x.floor, (s) => s.treeCpuMs),
  pipeWall: med(x.floorPipe, (s) => s.wallMs),
  pipeTree: med(x.floorPipe, (s) => s.treeCpuMs),
  pipeIdle: med(x.floorPipe, (s) => s.wallMs - s.cpuMs),
  node: median(x.node),
  aPhases: phaseMedians(x.action),
  fPhases: phaseMedians(x.floor),
});
/**
 * The ratio of each rotation's own action and floor runs (the floor the lesser of its two transports in
 * that rotation): its median, and its spread. A machine that slows for a while slows both runs of a
 * rotation, which the ratio of the medians above does not pair; the spread shows how noisy a figure is.
 * @param {{ action: Sample[], floor: Sample[], floorPipe: Sample[] }} x @param {(s: Sample) => number} f
 */
export const paired = (x, f) => {
  const ratios = x.action.flatMap((a, i) => {
    const floors = [x.floor[i], x.floorPipe[i]].filter((s) => s !== undefined).map(f);
    return floors.length ? [f(a) / Math.min(...floors)] : [];
  });
  if (ratios.length === 0) return "n/a";
  return `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
};
/** @param {Sample[]} xs @returns {Phases | undefined} */
function phaseMedians(xs) {
  const ps = xs.flatMap((s) => (s.phases ? [s.phases] : []));
  if (ps.length === 0) return undefined;
  const keys = /** @type {(keyof Phases)[]} */ (Object.keys(/** @type {Phases} */ (ps[0])));
  return /** @type {Phases} */ (Object.fromEntries(keys.map((k) => [k, round(median(ps.map((p) => p[k])))])));
}
/** The phases, action against the floor through a file (medians). @param {ReturnType<typeof figures>} F */
export const phaseLine = (F) => {
  const a = F.aPhases;
  const f = F.fPhases;
  if (!a || !f) return "";
  /** @param {keyof Phases} k */
  const both = (k) => `${a[k].toFixed(0)} / ${f[k].toFixed(0)}`;
  return (
    `\n  phases, action / floor through a file (ms, medians): agent spawned at ${both("agentSpawnedMs")}, first chunk read at ${both("firstChunkMs")}; ` +
    `stream (first → last chunk) ${both("streamMs")}, the main thread's CPU in it ${both("streamMainCpuMs")}; ` +
    `last chunk → exit ${both("lastChunkToExitMs")}; exit → seen ${both("exitSeenMs")}; ` +
    `the main thread waiting for a core (first chunk → exit) ${both("runQueueMs")}; V8's worker threads' CPU ${both("v8WorkersMs")}`
  );
};

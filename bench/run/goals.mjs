// @ts-check
/**
 * What `npm run bench` holds the action to (GOALS), and each goal's row of the report: the figure, the
 * action's value, the floor's, the result against the goal, and whether it is met.
 */
import { med } from "./figures.mjs";
import { median, mib, percentile, round } from "./stats.mjs";

export const GOALS = {
  ratio: 1.5,
  rssMiB: 128,
  /** Peak RSS on the largest stream, and on the most tool calls, against the floor's on the same. */
  rssFactor: 1.6,
  /** 2,000 files × 200 lines: agent exit → action exit, and peak RSS; × 3,000 lines: peak RSS. */
  endMs: 1000,
  endRssMiB: 200,
  bigEndRssMiB: 250,
  startupMs: 50,
  latencyMs: 5,
};

/**
 * @typedef {import("./stats.mjs").Sample} Sample
 * @typedef {ReturnType<typeof import("./figures.mjs").figures>} Figures
 * @typedef {{ opts: ReturnType<typeof import("./options.mjs").parseOptions>, C: Figures, L: Figures, E: Figures, startup: { action: number[], firstOutput: number[], floor: number[], node: number[] }, lat: Awaited<ReturnType<typeof import("./measure-latency.mjs").measureLatency>>, curve: { mib: number, action: Sample, floor: Sample }[], byCalls: { calls: number, mib: number, action: Sample, floor: Sample }[], many: { files: number, lines: number, runs: Sample[], floor: Sample[] }[], inexact: string[] }} Measured
 * @typedef {{ name: string, action: string, floor: string, result: string, goal: string, met: boolean }} Goal
 */

/** The headline figures of the runs that are not 64 MiB streams (medians). @param {Measured} M */
export function headline(M) {
  const { startup, lat, many } = M;
  const latMs = lat.action.map((x) => x.ms);
  /** @type {Record<string, number>} */
  const worstByKind = {};
  for (const x of lat.action) worstByKind[x.kind] = Math.max(worstByKind[x.kind] ?? 0, round(x.ms, 2));
  const [m200, m3000] = many;
  return {
    sA: median(startup.action),
    sF: median(startup.floor),
    sFirst: median(startup.firstOutput),
    sNode: median(startup.node),
    latMed: median(latMs),
    latP95: percentile(latMs, 95),
    latMax: Math.max(...latMs),
    fLatMed: median(lat.floor),
    fLatMax: Math.max(...lat.floor),
    worstByKind,
    top: M.curve.at(-1),
    topCalls: M.byCalls.at(-1),
    m3000,
    endMs: m200 ? med(m200.runs, (s) => s.endMs ?? Number.NaN) : Number.NaN,
    endRss: m200 ? med(m200.runs, (s) => mib(s.maxRssKiB)) : Number.NaN,
    bigRss: m3000?.runs[0] ? mib(m3000.runs[0].maxRssKiB) : Number.NaN,
  };
}

/** @typedef {ReturnType<typeof headline>} Headline */

/** Every goal's row, in the report's order. @param {Measured} M @param {Headline} h @returns {Goal[]} */
export const goalRows = (M, h) => [...streamGoals(M, h), ...endGoals(M, h), ...otherGoals(M, h)];

/** Wall and CPU (process tree) ratios of one 64 MiB workload, against the goal. @param {string} n @param {Figures} F */
const ratioGoals = (n, F) => [
  {
    name: `${n}: wall, action / floor`,
    action: `${(F.aWall / 1000).toFixed(2)} s`,
    floor: `${(F.fWall / 1000).toFixed(2)} s`,
    result: `${(F.aWall / F.fWall).toFixed(2)}× (node -e 0 ${F.node.toFixed(0)} ms)`,
    goal: `≤ ${GOALS.ratio}×`,
    met: F.aWall / F.fWall <= GOALS.ratio,
  },
  {
    name: `${n}: CPU (tree), action / floor`,
    action: `${(F.aTree / 1000).toFixed(2)} s`,
    floor: `${(F.fTree / 1000).toFixed(2)} s`,
    result: `${(F.aTree / F.fTree).toFixed(2)}×`,
    goal: `≤ ${GOALS.ratio}×`,
    met: F.aTree / F.fTree <= GOALS.ratio,
  },
];

/** The 64 MiB streams, and peak RSS at scale. @param {Measured} M @param {Headline} h @returns {Goal[]} */
function streamGoals({ C, L, E }, { top, topCalls }) {
  return [
    ...ratioGoals("2026-shaped 64 MiB", C),
    ...ratioGoals("long run 64 MiB", L),
    ...ratioGoals("edit-heavy 64 MiB", E),
    {
      name: "long run 64 MiB: peak RSS",
      action: `${L.aRss.toFixed(1)} MiB`,
      floor: `${L.fRss.toFixed(1)} MiB`,
      result: `${L.aRss.toFixed(1)} MiB (max ${L.aRssMax.toFixed(1)})`,
      goal: `≤ ${GOALS.rssMiB} MiB`,
      met: L.aRss <= GOALS.rssMiB,
    },
    ...(top
      ? [
          {
            name: `edit-heavy ${top.mib} MiB: peak RSS`,
            action: `${mib(top.action.maxRssKiB).toFixed(1)} MiB`,
            floor: `${mib(top.floor.maxRssKiB).toFixed(1)} MiB`,
            result: `${(top.action.maxRssKiB / top.floor.maxRssKiB).toFixed(2)}× the floor`,
            goal: `≤ ${GOALS.rssFactor}× floor`,
            met: top.action.maxRssKiB / top.floor.maxRssKiB <= GOALS.rssFactor,
          },
        ]
      : []),
    ...(topCalls
      ? [
          {
            name: `${topCalls.calls} tool calls: peak RSS`,
            action: `${mib(topCalls.action.maxRssKiB).toFixed(1)} MiB`,
            floor: `${mib(topCalls.floor.maxRssKiB).toFixed(1)} MiB`,
            result: `${(topCalls.action.maxRssKiB / topCalls.floor.maxRssKiB).toFixed(2)}× the floor`,
            goal: `≤ ${GOALS.rssFactor}× floor`,
            met: topCalls.action.maxRssKiB / topCalls.floor.maxRssKiB <= GOALS.rssFactor,
          },
        ]
      : []),
  ];
}

/** The end of the run on many files. @param {Measured} _M @param {Headline} h @returns {Goal[]} */
function endGoals(_M, { endMs, endRss, bigRss, m3000 }) {
  return [
    {
      name: "2000 files × 200 lines: agent exit → exit",
      action: `${endMs.toFixed(0)} ms`,
      floor: "",
      result: `${endMs.toFixed(0)} ms, RSS ${endRss.toFixed(0)} MiB`,
      goal: `≤ ${GOALS.endMs} ms, ${GOALS.endRssMiB} MiB`,
      met: endMs <= GOALS.endMs && endRss <= GOALS.endRssMiB,
    },
    {
      name: "2000 files × 3000 lines: peak RSS",
      action: `${bigRss.toFixed(1)} MiB`,
      floor: m3000?.floor[0] ? `${mib(m3000.floor[0].maxRssKiB).toFixed(1)} MiB` : "",
      result: `${bigRss.toFixed(1)} MiB, end ${(m3000?.runs[0]?.endMs ?? Number.NaN).toFixed(0)} ms`,
      goal: `≤ ${GOALS.bigEndRssMiB} MiB`,
      met: bigRss <= GOALS.bigEndRssMiB,
    },
  ];
}

/** Exact outputs, start-up, log latency. @param {Measured} M @param {Headline} h @returns {Goal[]} */
function otherGoals({ inexact, lat, opts }, { sA, sF, latMax, fLatMax, latMed, latP95 }) {
  return [
    {
      name: "outputs exact (files, lines ±) everywhere",
      action: inexact.length ? `${inexact.length} differ` : "all exact",
      floor: "",
      result: inexact.length ? "see below" : "GNU diff -d agrees",
      goal: "exact",
      met: inexact.length === 0,
    },
    {
      name: "start-up, 3-event run: wall time",
      action: `${sA.toFixed(0)} ms`,
      floor: `${sF.toFixed(0)} ms`,
      result: `+${(sA - sF).toFixed(0)} ms`,
      goal: `≤ +${GOALS.startupMs} ms`,
      met: sA - sF <= GOALS.startupMs,
    },
    {
      name: `log latency, ${lat.measuredEvents} events × ${opts.latencyRuns}: worst`,
      action: `${latMax.toFixed(1)} ms`,
      floor: `${fLatMax.toFixed(1)} ms`,
      result: `median ${latMed.toFixed(1)}, p95 ${latP95.toFixed(1)} ms`,
      goal: `worst < ${GOALS.latencyMs} ms`,
      met: latMax < GOALS.latencyMs && lat.missing.length === 0,
    },
  ];
}

// @ts-check
/**
 * The report `npm run bench` prints: the table of figures against their goals, then each 64 MiB stream's
 * detail (CPU, the floor's transports, the raw-copy ablation, paired ratios, phases), the scale runs,
 * start-up and log latency, and what went wrong (outputs not exact, events never logged, leftovers).
 */
import { paired, phaseLine } from "./figures.mjs";
import { log, mib, pad } from "./stats.mjs";

/**
 * @typedef {import("./goals.mjs").Goal} Goal
 * @typedef {import("./goals.mjs").Measured} Measured
 * @typedef {import("./goals.mjs").Headline} Headline
 * @typedef {[string, import("./goals.mjs").Figures, { samples: import("./measure-stream.mjs").StreamSamples, logBytes: number, agentChunks: number }, number][]} Streams
 */

/** @param {Goal[]} goals */
export function printTable(goals) {
  /** @type {[number, number, number, number, number]} */
  const w = [44, 12, 12, 30, 20];
  log("");
  log(
    `${pad("figure (medians)", w[0])}${pad("action", w[1])}${pad("floor", w[2])}${pad("result", w[3])}${pad("goal", w[4])}met`,
  );
  log("-".repeat(w.reduce((a, b) => a + b, 0) + 7));
  for (const g of goals) {
    log(
      `${pad(g.name, w[0])}${pad(g.action, w[1])}${pad(g.floor, w[2])}${pad(g.result, w[3])}${pad(g.goal, w[4])}${g.met ? "met" : "NOT MET"}`,
    );
  }
}

/** Each 64 MiB stream's detail: label, figures, measurement, transcript bytes. @param {Streams} streams */
export function printStreams(streams) {
  log("");
  for (const [label, F, x, bytes] of streams) {
    log(
      `${label}: CPU own ${(F.aCpu / 1000).toFixed(2)} s action, ${(F.fCpu / 1000).toFixed(2)} s floor (${(F.aCpu / F.fCpu).toFixed(2)}×); ` +
        `tree ${(F.aTree / 1000).toFixed(2)} / ${(F.fTree / 1000).toFixed(2)} s; the agent ${F.aAgent.toFixed(0)} / ${F.fAgent.toFixed(0)} ms ` +
        `in ${x.agentChunks} writes; node -e 0 ${F.node.toFixed(0)} ms\n` +
        `  the floor through a file (the action's transport) ${(F.fileWall / 1000).toFixed(2)} s, CPU tree ${(F.fileTree / 1000).toFixed(2)} s, wall above its CPU ${F.fIdle.toFixed(0)} ms; ` +
        `through a pipe ${(F.pipeWall / 1000).toFixed(2)} s, CPU tree ${(F.pipeTree / 1000).toFixed(2)} s, wall above its CPU ${F.pipeIdle.toFixed(0)} ms (the lesser of each is the floor)\n` +
        `  floor + the raw copy (BENCH_FLOOR_TEE, through a pipe) ${(F.tWall / F.fWall).toFixed(2)}× the floor, CPU ${(F.tCpu / 1000).toFixed(2)} s; ` +
        `${(bytes / 2 ** 20 / (F.aWall / 1000)).toFixed(0)} MiB/s through the action; log ${(x.logBytes / 1024).toFixed(0)} KiB\n` +
        `  paired, each rotation's action over that rotation's lesser floor: ${paired(x.samples, (s) => s.wallMs)} wall, ` +
        `${paired(x.samples, (s) => s.treeCpuMs)} CPU (tree) (median, least–most: how far the machine moved)` +
        phaseLine(F),
    );
  }
}

/** @param {Measured} M @param {Headline} h @param {string[]} leftovers */
export function printRest(M, h, leftovers) {
  const { curve, byCalls, many, inexact, lat } = M;
  const { sFirst, sNode, fLatMed, worstByKind } = h;
  log(
    `memory curve (edit-heavy, peak RSS action / floor, wall ratio): ${curve
      .map(
        (c) =>
          `${c.mib} MiB ${mib(c.action.maxRssKiB).toFixed(0)}/${mib(c.floor.maxRssKiB).toFixed(0)} MiB ${(c.action.wallMs / c.floor.wallMs).toFixed(2)}×`,
      )
      .join("; ")}`,
  );
  log(
    `by tool calls (peak RSS action / floor, wall ratio): ${byCalls
      .map(
        (c) =>
          `${c.calls} calls (${c.mib.toFixed(0)} MiB) ${mib(c.action.maxRssKiB).toFixed(0)}/${mib(c.floor.maxRssKiB).toFixed(0)} MiB ${(c.action.wallMs / c.floor.wallMs).toFixed(2)}×`,
      )
      .join("; ")}`,
  );
  log(
    `many files (agent exit → action exit; peak RSS): ${many
      .map(
        (m) =>
          `${m.files} × ${m.lines}: ${m.runs.map((s) => `${(s.endMs ?? Number.NaN).toFixed(0)} ms`).join(", ")} (the agent waited ${m.runs.map((s) => `${s.drainMs ?? "?"}`).join(", ")} ms for the action to catch up); ${m.runs.map((s) => `${mib(s.maxRssKiB).toFixed(0)} MiB`).join(", ")} (floor ${m.floor.map((s) => `${mib(s.maxRssKiB).toFixed(0)} MiB`).join(", ")}); outputs ${JSON.stringify(m.runs[0]?.outputs)}`,
      )
      .join("; ")}`,
  );
  log(
    `start-up: the action's first output after ${sFirst.toFixed(0)} ms (bare \`node -e 0\` exits after ${sNode.toFixed(0)} ms)`,
  );
  log(
    `log latency: floor median ${fLatMed.toFixed(2)} ms; worst by event kind (ms) ${JSON.stringify(worstByKind)}`,
  );
  for (const x of inexact) log(`NOT EXACT: ${x}`);
  if (lat.missing.length) log(`events whose log line never appeared: ${lat.missing.join("; ")}`);
  log(leftovers.length ? `LEFTOVER processes (killed): ${leftovers.join(", ")}` : "no leftover processes");
}

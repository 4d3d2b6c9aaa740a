// @ts-check
/** bench/out/results.json: every sample and figure of the bench's run, with the machine and the build. */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { OUT } from "../lib.mjs";
import { round } from "./stats.mjs";

/**
 * @typedef {import("./goals.mjs").Figures} Figures
 * @typedef {{ samples: import("./measure-stream.mjs").StreamSamples, logBytes: number, chunks: number }} Stream
 */

/** One 64 MiB stream's samples and figures. @param {Figures} F @param {Stream} x */
const streamResult = (F, x) => ({
  runs: x.samples.action.length,
  samples: x.samples,
  medianWallMs: { action: round(F.aWall), floor: round(F.fWall), floorWithCopy: round(F.tWall) },
  ratio: round(F.aWall / F.fWall, 3),
  floorWithCopyRatio: round(F.tWall / F.fWall, 3),
  medianRssMiB: { action: round(F.aRss), floor: round(F.fRss) },
  maxRssMiB: { action: round(F.aRssMax) },
  medianCpuMs: { action: round(F.aCpu), floor: round(F.fCpu), floorWithCopy: round(F.tCpu) },
  medianTreeCpuMs: {
    action: round(F.aTree),
    floor: round(F.fTree),
    floorThroughFile: round(F.fileTree),
    floorThroughPipe: round(F.pipeTree),
  },
  cpuRatio: round(F.aTree / F.fTree, 3),
  ownCpuRatio: round(F.aCpu / F.fCpu, 3),
  medianAgentCpuMs: { action: round(F.aAgent), floor: round(F.fAgent) },
  floorWallMs: { throughFile: round(F.fileWall), throughPipe: round(F.pipeWall) },
  floorWallAboveCpuMs: { throughFile: round(F.fIdle), throughPipe: round(F.pipeIdle) },
  bareNodeMs: round(F.node),
  medianPhasesMs: { action: F.aPhases, floorThroughFile: F.fPhases },
  logBytes: x.logBytes,
  chunks: x.chunks,
});

/**
 * Writes bench/out/results.json; returns the bench's duration (s).
 * @param {{ M: import("./goals.mjs").Measured, h: import("./goals.mjs").Headline, goals: import("./goals.mjs").Goal[], W: ReturnType<typeof import("./workloads.mjs").generateWorkloads>, streams: { ctp: Stream, tp: Stream, etp: Stream }, target: import("../lib.mjs").Target, machine: ReturnType<typeof import("./stats.mjs").machine>, loadBefore: number[], started: number, leftovers: string[] }} x
 */
export function writeResults({ M, h, goals, W, streams, target, machine, loadBefore, started, leftovers }) {
  const { opts, startup, lat } = M;
  const loadAfter = os.loadavg().map((x) => round(x, 2));
  const results = {
    date: new Date().toISOString(),
    machine: { ...machine, loadavgBefore: loadBefore, loadavgAfter: loadAfter },
    bundle: { label: target.label, sha256: target.sha256, bytes: target.bytes, dist: opts.dist },
    options: opts,
    transcript: {
      capturesShaped: { ...W.cap, shape: W.capShape, capturesShape: W.capturesShape },
      big: W.big,
      edits: W.ed,
      tiny: { events: 3 },
      paced: { events: lat.events, measured: lat.measuredEvents },
    },
    capturesShaped: streamResult(M.C, streams.ctp),
    throughput: streamResult(M.L, streams.tp),
    editHeavy: streamResult(M.E, streams.etp),
    memoryCurve: M.curve,
    byToolCalls: M.byCalls,
    manyFiles: M.many,
    startup: {
      runs: startup.action.length,
      actionMs: startup.action.map((x) => round(x)),
      actionFirstOutputMs: startup.firstOutput.map((x) => round(x)),
      floorMs: startup.floor.map((x) => round(x)),
      bareNodeMs: startup.node.map((x) => round(x)),
      medianMs: {
        action: round(h.sA),
        actionFirstOutput: round(h.sFirst),
        floor: round(h.sF),
        bareNode: round(h.sNode),
      },
      overheadMs: round(h.sA - h.sF),
    },
    latency: {
      runs: opts.latencyRuns,
      delayMs: opts.delayMs,
      eventsPerRun: lat.events,
      measuredPerRun: lat.measuredEvents,
      action: {
        medianMs: round(h.latMed, 2),
        p95Ms: round(h.latP95, 2),
        worstMs: round(h.latMax, 2),
        worstByKind: h.worstByKind,
      },
      floor: { medianMs: round(h.fLatMed, 2), worstMs: round(h.fLatMax, 2) },
      missing: lat.missing,
    },
    goals,
    inexact: M.inexact,
    leftovers,
    benchSeconds: round((performance.now() - started) / 1000),
  };
  writeFileSync(path.join(OUT, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  return results.benchSeconds;
}

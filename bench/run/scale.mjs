// @ts-check
/**
 * The scale runs, once each: memory against the stream's size (the edit-heavy run at 16 MiB to 1 GiB),
 * against the number of tool calls, and the end of the run against the number and size of the files
 * changed (2,000 files × 200 lines, × 3,000 lines).
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { generateCalls, generateEdits, generateManyFiles } from "../generate-shapes.mjs";
import { OUT, workspacePath } from "../lib.mjs";
import { measureStream } from "./measure-stream.mjs";
import { medianSample } from "./stats.mjs";

/**
 * @typedef {import("./stats.mjs").Sample} Sample
 * @typedef {import("./measure-stream.mjs").Findings} Findings
 * @typedef {import("../lib.mjs").Target} Target
 */

/** Counts a run is checked against. @param {{ toolCalls: number, lines: number }} s */
export const pick = (s) => ({ toolCalls: s.toolCalls, lines: s.lines });

/**
 * The memory curve: the edit-heavy run at each size of `sizes` (MiB); 64 is the 5-run stream's.
 * @param {Target} target @param {number[]} sizes @param {import("./measure-stream.mjs").StreamSamples} edits64
 * @param {Findings} found @returns {Promise<{ mib: number, action: Sample, floor: Sample }[]>}
 */
export async function memoryCurve(target, sizes, edits64, found) {
  const curve = [];
  for (const size of sizes) {
    if (size === 64) {
      // The floor's leaner transport on the day (its peak RSS), as on the other sizes' pipe.
      const [a, b] = [medianSample(edits64.floor), medianSample(edits64.floorPipe)];
      curve.push({
        mib: 64,
        action: medianSample(edits64.action),
        floor: a.maxRssKiB <= b.maxRssKiB ? a : b,
      });
      continue;
    }
    const file = path.join(OUT, `edits-${size}.ndjson`);
    const g = generateEdits(file, { targetBytes: size * 2 ** 20, root: workspacePath(`edits-${size}`) });
    const m = await measureStream(
      target,
      {
        name: `edit-heavy ${size} MiB`,
        transcript: file,
        ...pick(g.stats),
        files: g.workspace,
        lineWrites: true,
        runs: 1,
        timeoutMs: 900_000,
      },
      found,
    );
    rmSync(file, { force: true });
    curve.push({
      mib: size,
      action: /** @type {Sample} */ (m.samples.action[0]),
      floor: /** @type {Sample} */ (m.samples.floor[0]),
    });
  }
  return curve.sort((a, b) => a.mib - b.mib);
}

/**
 * Memory against the number of tool calls.
 * @param {Target} target @param {number[]} counts @param {Findings} found
 * @returns {Promise<{ calls: number, mib: number, action: Sample, floor: Sample }[]>}
 */
export async function memoryByCalls(target, counts, found) {
  const byCalls = [];
  for (const n of counts) {
    const file = path.join(OUT, `calls-${n}.ndjson`);
    const g = generateCalls(file, { calls: n, root: workspacePath(`calls-${n}`) });
    const m = await measureStream(
      target,
      {
        name: `${n} tool calls`,
        transcript: file,
        ...pick(g.stats),
        lineWrites: true,
        runs: 1,
        timeoutMs: 1_800_000,
      },
      found,
    );
    rmSync(file, { force: true });
    byCalls.push({
      calls: n,
      mib: g.stats.bytes / 2 ** 20,
      action: /** @type {Sample} */ (m.samples.action[0]),
      floor: /** @type {Sample} */ (m.samples.floor[0]),
    });
  }
  return byCalls;
}

/**
 * Many files: the end of the run, 2,000 files of 200 lines (`runs` times) and of 3,000 (once).
 * @param {Target} target @param {number} runs @param {Findings} found
 * @returns {Promise<{ files: number, lines: number, runs: Sample[], floor: Sample[] }[]>}
 */
export async function manyFiles(target, runs, found) {
  const many = [];
  for (const [nFiles, nLines, n] of /** @type {[number, number, number][]} */ ([
    [2000, 200, runs],
    [2000, 3000, 1],
  ])) {
    const name = `files-${nFiles}x${nLines}`;
    const file = path.join(OUT, `${name}.ndjson`);
    const g = generateManyFiles(file, { files: nFiles, lines: nLines, root: workspacePath(name) });
    const m = await measureStream(
      target,
      {
        name: `${nFiles} files × ${nLines} lines`,
        transcript: file,
        ...pick(g.stats),
        files: g.workspace,
        drain: true,
        runs: n,
        timeoutMs: 900_000,
      },
      found,
    );
    rmSync(file, { force: true });
    many.push({ files: nFiles, lines: nLines, runs: m.samples.action, floor: m.samples.floor });
  }
  return many;
}

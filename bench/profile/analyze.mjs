// @ts-check
/**
 * Reading .cpuprofile files of the bundle: every sampled frame of dist/index.js mapped back to its
 * TypeScript source through dist/index.js.map (node:module's SourceMap), then self and inclusive time per
 * function, per source file or package, per stage (profile/stages.mjs) and per phase of the run.
 */
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DIST } from "../lib.mjs";
import { shortSource, stageOf } from "./stages.mjs";

/**
 * @typedef {{ functionName: string, url: string, lineNumber: number, columnNumber: number }} CallFrame
 * @typedef {{ id: number, callFrame: CallFrame, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[], startTime: number, endTime: number }} Profile
 * @typedef {{ fn: string, file: string, raw: string }} Label
 * @typedef {{ selfFn: Map<string, number>, selfFile: Map<string, number>, inclFn: Map<string, number>, stages: Map<string, number>, phases: Map<string, number>, modules: Map<string, number>, phaseStages: Map<string, number>, phaseIncl: Map<string, number> }} Tallies
 * `phaseIncl`: inclusive time by function within each phase ("phase\tfunction").
 */

/**
 * A frame's label, mapped to the TypeScript source when it is in the bundle (cached by frame).
 * @param {string} dist @returns {(n: ProfileNode) => Label}
 */
function labeler(dist) {
  const distDir = `file://${path.dirname(dist)}/`;
  /** @type {Map<string, SourceMap | undefined>} */
  const maps = new Map();
  const mapOf = (/** @type {string} */ url) => {
    if (!url.startsWith(distDir) || !url.endsWith(".js")) return undefined;
    if (!maps.has(url)) {
      const file = `${fileURLToPath(url)}.map`;
      maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, "utf8"))) : undefined);
    }
    return maps.get(url);
  };
  /** @type {Map<string, Label>} */
  const labels = new Map();
  return (n) => {
    const cf = n.callFrame;
    const cacheKey = `${cf.url}:${cf.lineNumber}:${cf.columnNumber}:${cf.functionName}`;
    const cached = labels.get(cacheKey);
    if (cached) return cached;
    const raw = cf.functionName;
    let fn = raw || "(anonymous)";
    let file = cf.url ? shortSource(cf.url) : fn.startsWith("(") ? fn : "(native)";
    const map = mapOf(cf.url);
    if (map) {
      // A webpack module factory (named by its id) starts on unmapped glue: look a little further in.
      const reach = /^\d+$/.test(raw) ? 4000 : 1;
      for (let k = 0; k < reach; k += 3) {
        const e = /** @type {any} */ (map.findEntry(cf.lineNumber, cf.columnNumber + k));
        const src = e?.originalSource;
        if (!src || (reach > 1 && (src.includes("external node") || src.includes("webpack/")))) continue;
        file = shortSource(src);
        fn = `${reach > 1 ? `module ${raw}` : e.name || raw || "(anonymous)"} ${file}:${e.originalLine + 1}`;
        break;
      }
    } else if (cf.url) {
      fn = `${fn} ${file}:${cf.lineNumber + 1}`;
    }
    const l = { fn, file, raw };
    labels.set(cacheKey, l);
    return l;
  };
}

/** @param {Map<string, number>} m @param {string} k @param {number} v */
const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);

/**
 * Self and inclusive time per function (mapped to the TypeScript source), per source, and per stage,
 * averaged over one or more profiles of the same build.
 * @param {string | string[]} profilePaths
 */
export function analyze(profilePaths, dist = DIST) {
  const paths = Array.isArray(profilePaths) ? profilePaths : [profilePaths];
  const label = labeler(dist);
  /** @type {Tallies} */
  const t = {
    selfFn: new Map(),
    selfFile: new Map(),
    inclFn: new Map(),
    stages: new Map(),
    phases: new Map(),
    modules: new Map(),
    phaseStages: new Map(),
    phaseIncl: new Map(),
  };
  let total = 0;
  for (const profilePath of paths) {
    /** @type {Profile} */
    const prof = JSON.parse(readFileSync(profilePath, "utf8"));
    total += tally(prof, label, t, paths.length);
  }
  const top = (/** @type {Map<string, number>} */ m, /** @type {number} */ n) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => ({
        name: k,
        ms: Math.round(ms * 10) / 10,
        pct: Math.round((ms / total) * 1000) / 10,
      }));
  return { totalMs: Math.round(total), top, ...t };
}

/**
 * Adds one profile's samples (each weighted 1/`profiles`, an average) to the tallies; returns its time.
 * @param {Profile} prof @param {(n: ProfileNode) => Label} label @param {Tallies} t @param {number} profiles
 */
function tally(prof, label, t, profiles) {
  /** @type {Map<number, ProfileNode>} */
  const byId = new Map();
  /** @type {Map<number, number>} */
  const parent = new Map();
  for (const n of prof.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const phaseOf = phases(prof, byId, parent, label);
  let total = 0;
  for (let i = 0; i < prof.samples.length; i++) {
    const dt = (prof.timeDeltas[i + 1] ?? 0) / 1000 / profiles;
    const id = /** @type {number} */ (prof.samples[i]);
    const node = byId.get(id);
    if (!node) continue;
    total += dt;
    const phase = phaseOf(i);
    const l = label(node);
    add(t.selfFn, l.fn, dt);
    add(t.selfFile, l.file, dt);
    const seen = new Set();
    /** @type {Label[]} */
    const stack = [];
    for (let cur = /** @type {number | undefined} */ (id); cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n) break;
      const fl = label(n);
      stack.push(fl);
      if (seen.has(fl.fn)) continue;
      seen.add(fl.fn);
      add(t.inclFn, fl.fn, dt);
      add(t.phaseIncl, `${phase}\t${fl.fn}`, dt);
    }
    const stage = stageOf(stack);
    add(t.stages, stage, dt);
    if (stage.startsWith("start-up: evaluating")) {
      // Which package's module was being evaluated: the innermost module factory on the stack.
      const mod = stack.find((f) => f.fn.startsWith("module "));
      add(t.modules, mod ? mod.file : "(webpack runtime, node built-ins)", dt);
    }
    add(t.phases, phase, dt);
    add(t.phaseStages, `${phase}\t${stage}`, dt);
  }
  return total;
}

/**
 * The phase of each sample: before the first sample inside consume() (start-up, spawning the agent), up
 * to the last one (the stream), after it (the end of the run: change summary, report, outputs, exit).
 * @param {Profile} prof @param {Map<number, ProfileNode>} byId @param {Map<number, number>} parent
 * @param {(n: ProfileNode) => Label} label @returns {(i: number) => string}
 */
function phases(prof, byId, parent, label) {
  const inConsume = (/** @type {number} */ id) => {
    for (let cur = /** @type {number | undefined} */ (id); cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (n && label(n).file === "src/pipeline/consume.ts") return true;
    }
    return false;
  };
  let first = -1;
  let last = -1;
  for (let i = 0; i < prof.samples.length; i++) {
    if (!inConsume(/** @type {number} */ (prof.samples[i]))) continue;
    if (first === -1) first = i;
    last = i;
  }
  return (i) =>
    first === -1 ? "whole run" : i < first ? "start-up" : i <= last ? "the stream" : "end of run";
}

/** Replays bytes through the real pipeline (framer → events → model) in-process, chunked as asked. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ModelUpdate, RunModel } from "../../src/model/run-model.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import type { FramerStats } from "../../src/stream/lines.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const FIXTURES = path.join(ROOT, "fixtures");

export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES, name));
}

export interface Replay {
  model: RunModel;
  /** The framer's counts at the end. */
  stats: FramerStats;
  /**
   * The updates, consecutive text or thinking deltas joined: the decoder joins a chunk's deltas, so the
   * raw sequence depends on the chunking and this one does not.
   */
  updates: ModelUpdate[];
  /** The text of each segment, as a reader of the log would see it (deltas joined). */
  segments: string[];
}

/** Splits `bytes` at the given offsets (sorted, in range) and replays the pieces. */
export function replay(bytes: Buffer, cuts: number[] = []): Replay {
  const updates: ModelUpdate[] = [];
  const pipeline = new Pipeline([(u) => updates.push(snapshot(u))]);
  const { model } = pipeline;
  let prev = 0;
  // As the agent's stdout file is read (stdout-file.ts `reuseChunks`): each chunk in the same memory,
  // written over once the pipeline has had it, so that nothing of a chunk can be kept past its push.
  const memory = Buffer.allocUnsafe(bytes.length);
  for (const cut of [...cuts, bytes.length]) {
    const chunk = memory.subarray(0, cut - prev);
    bytes.copy(chunk, 0, prev, cut);
    pipeline.push(chunk, 0);
    chunk.fill(0x7b);
    prev = cut;
  }
  pipeline.end(0);
  const segments: string[] = [];
  let streaming = "";
  const joined = joinDeltas(updates);
  for (const u of joined) {
    if (u.type === "text-delta") streaming += u.text;
    if (u.type === "segment") {
      segments.push(u.streamed ? streaming : u.text);
      streaming = "";
    }
  }
  return { model, stats: pipeline.stats, updates: joined, segments };
}

/** Consecutive text deltas (and thinking deltas) as one. */
export function joinDeltas(updates: readonly ModelUpdate[]): ModelUpdate[] {
  const out: ModelUpdate[] = [];
  for (const u of updates) {
    const last = out.at(-1);
    if ((u.type === "text-delta" || u.type === "thinking-delta") && last?.type === u.type)
      out[out.length - 1] = { type: u.type, text: last.text + u.text };
    else out.push(u);
  }
  return out;
}

/** A copy of the update as it was (the model mutates its calls later); a tool's family is code, not state. */
function snapshot(u: ModelUpdate): ModelUpdate {
  if (u.type !== "tool-start" && u.type !== "tool-end") return structuredClone(u);
  return {
    ...u,
    call: structuredClone(u.call),
    tool: { ...u.tool, payload: structuredClone(u.tool.payload) },
  };
}

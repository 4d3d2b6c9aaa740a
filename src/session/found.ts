/**
 * A chat found after the run wherever the CLI kept it. Builds differ in where that is (key.ts statePlaces),
 * so every candidate place is looked in, as the agent's user (chat-store.ts realDirs), and each distinct
 * directory holding the chat is copied out into the staging area. When two hold it (a build that wrote in
 * one while the run had restored the chat into each, or a job whose variables name several), the newest
 * is the one the CLI wrote this run: restored copies keep the times they were saved with (tar keeps
 * them), older than any write of this run. A tie (the same files) goes to the earlier place.
 */
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { copyTree, realDirs, type Side, type Survey, surveyTree } from "./chat-store.js";

/** One place's copy of the chat, in the staging area. */
export interface Copy extends Survey {
  /** Where the CLI had it. */
  place: string;
  /** The copy. */
  dir: string;
}

/** The copy to keep: the newest of those not refused; on a tie, the first. Undefined when none is fit. */
export function pick(copies: readonly Copy[]): Copy | undefined {
  let kept: Copy | undefined;
  for (const c of copies) {
    if (c.refused === undefined && (kept === undefined || c.newestMs > kept.newestMs)) kept = c;
  }
  return kept;
}

export interface Found {
  /** The copy kept, moved to `to`; undefined when no place held a copy fit to keep. */
  kept?: Copy;
  /** Every copy read, the kept one among them. */
  copies: Copy[];
}

/**
 * Copies the chat out of each distinct place of `places` that holds it (as `agent`) into `work`, and
 * moves the one to keep to `to`; `work` is removed. Rejects when the places cannot be looked in, or at
 * `signal` (each copy is bounded by it: chat-store.ts).
 */
export async function findChat(
  places: readonly string[],
  agent: Side,
  self: Side,
  work: string,
  to: string,
  signal: AbortSignal,
): Promise<Found> {
  const real = await realDirs(agent, places, signal);
  const seen = new Set<string>();
  const copies: Copy[] = [];
  for (const [i, place] of places.entries()) {
    const id = real[i];
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    const dir = path.join(work, String(copies.length));
    try {
      await copyTree(place, agent, dir, self, signal);
      copies.push({ place, dir, ...(await surveyTree(dir)) });
    } catch (e) {
      copies.push({ place, dir, refused: (e as Error).message, newestMs: 0 });
    }
  }
  signal.throwIfAborted();
  const kept = pick(copies);
  try {
    if (kept) await rename(kept.dir, to);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return { kept, copies };
}

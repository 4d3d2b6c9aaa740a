/**
 * Whether anything is delivered at all, before any request (pure): the run's verdict, the changes as they
 * could be read, the protected paths and the delivery's limits. A refusal says why in one line; `failed`
 * when it fails the step (a change that must not go, or cannot), not when there is simply nothing to do.
 */
import { MAX_DELIVERY_BLOBS } from "../base/limits.js";
import type { DeliveryEntry, EntriesResult } from "../changes/entries.js";
import { named } from "../changes/named.js";
import { protectedAmong } from "../changes/protected-paths.js";
import { inlineText } from "./tree.js";

export interface GateInput {
  /** The run's verdict is success. */
  succeeded: boolean;
  /** `deliver-on-failure`. */
  onFailure: boolean;
  /** The changes (undefined: nothing changed). */
  entries?: EntriesResult;
  /** `protected-paths`' patterns ([]: the guard is off). */
  patterns: readonly string[];
}

export type Gated = { kind: "go"; entries: DeliveryEntry[] } | { kind: "held"; why: string; failed: boolean };

export function gate(g: GateInput): Gated {
  if (!g.succeeded && !g.onFailure) {
    return { kind: "held", why: "the run did not succeed (deliver-on-failure is false)", failed: false };
  }
  const e = g.entries;
  if (!e || (e.kind === "entries" && e.entries.length === 0)) {
    return { kind: "held", why: "nothing changed", failed: false };
  }
  if (e.kind === "refused") return { kind: "held", why: e.why, failed: true };
  const held = protectedAmong(
    e.entries.map((x) => x.path),
    g.patterns,
  );
  if (held.length > 0) {
    return {
      kind: "held",
      why: `a change to a protected path (protected-paths): ${named(held)}`,
      failed: true,
    };
  }
  const blobs = e.entries.filter((x) => !("deleted" in x) && inlineText(x.content) === undefined).length;
  if (blobs > MAX_DELIVERY_BLOBS) {
    return {
      kind: "held",
      why: `${blobs} binary or large files changed, over the limit of ${MAX_DELIVERY_BLOBS} a delivery sends`,
      failed: true,
    };
  }
  return { kind: "go", entries: e.entries };
}

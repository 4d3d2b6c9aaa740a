/**
 * The event payload's fields, checked by hand as a lenient schema would (a field of the wrong type reads as
 * absent): the payload is read before the agent is started, and loading zod there cost the start ~9 ms
 * (BENCHMARKS.md). Used by ./context.ts and ./conversation-event.ts.
 */
export type Obj = Record<string, unknown>;

export const obj = (v: unknown): Obj | undefined =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : undefined;

export const text = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

export const positive = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isInteger(v) && v > 0 ? v : undefined;

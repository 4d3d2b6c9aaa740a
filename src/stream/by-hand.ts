/**
 * The events every run has once (`system/init`, `user`, `result`) read by hand, exactly as their schemas
 * in events.ts would read them, so that a run whose lines all come in the shapes read by hand builds no
 * zod schema at all: building them and their first parses were 10–18 ms of a run's start (BENCHMARKS.md).
 * Only what the schema would accept is taken here; anything less regular is left to the schema (a
 * property test holds the two to each other).
 */
import { isPlainObject } from "./json.js";

/** A lenient field as the schemas' `str`, `num` and `bool` read it: the wrong type reads as absent. */
export const lenientStr = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
export const lenientNum = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;
export const lenientBool = (v: unknown): boolean | undefined => (typeof v === "boolean" ? v : undefined);

/** What the init schema reads: it never fails on an object, every field being lenient. */
export function initFields(raw: Record<string, unknown>) {
  return {
    session_id: lenientStr(raw.session_id),
    request_id: lenientStr(raw.request_id),
    model: lenientStr(raw.model),
    cwd: lenientStr(raw.cwd),
    workspace: lenientStr(raw.workspace),
    apiKeySource: lenientStr(raw.apiKeySource),
    permissionMode: lenientStr(raw.permissionMode),
  };
}

/**
 * The text content of a `user` line as the schema reads it (`message.content[].text`, or `text`), or
 * undefined when its shape is not the plain one (then the schema decides).
 */
export function plainTextContent(
  raw: Record<string, unknown>,
): { message?: { content: { type?: string; text?: string }[] }; text?: string } | undefined {
  if (raw.text !== undefined && typeof raw.text !== "string") return undefined;
  if (raw.message === undefined) return { text: raw.text };
  if (!isPlainObject(raw.message) || !Array.isArray(raw.message.content)) return undefined;
  const content: { type?: string; text?: string }[] = [];
  for (const part of raw.message.content) {
    if (!isPlainObject(part)) return undefined;
    content.push({ type: lenientStr(part.type), text: lenientStr(part.text) });
  }
  return { message: { content }, text: raw.text };
}

/**
 * A result's `usage` as the schema reads it (a record of numbers; anything else reads as absent), or
 * `false` for an object the schema treats specially (`__proto__`, `constructor`: then the schema decides).
 */
export function plainUsage(v: unknown): Record<string, number> | undefined | false {
  if (v === undefined || !isPlainObject(v)) return undefined;
  if (Object.hasOwn(v, "__proto__") || Object.hasOwn(v, "constructor")) return false;
  const out: Record<string, number> = {};
  for (const key of Object.keys(v)) {
    const n = v[key];
    if (typeof n !== "number" || !Number.isFinite(n)) return undefined;
    out[key] = n;
  }
  return out;
}

/** Small JSON shape checks shared by the stream and the tools. */
import { z } from "zod";

/**
 * Lenient fields: a value of the wrong type reads as absent, never as an error (the format drifts). Built
 * on first use, as every schema of the stream is: a run whose lines all come in the shapes read by hand
 * builds none (by-hand.ts).
 */
export const lenient = once(() => ({
  str: z.string().optional().catch(undefined),
  num: z.number().optional().catch(undefined),
  bool: z.boolean().optional().catch(undefined),
}));

/** `build()`, called once, on the first call. */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** An object, or a string holding one as JSON (`function.arguments`, MCP `args`); else undefined. */
export function objectOrJson(v: unknown): Record<string, unknown> | undefined {
  if (isPlainObject(v)) return v;
  if (typeof v !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(v);
    return isPlainObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** An error as the agent gave it: documented as a string; be ready for an object with a message. */
export function errorText(e: unknown): string | undefined {
  if (e === undefined || e === null) return undefined;
  if (typeof e === "string") return e;
  if (typeof e === "object" && typeof (e as { message?: unknown }).message === "string") {
    return (e as { message: string }).message;
  }
  return jsonPreview(e, 4000);
}

/**
 * Compact JSON of agent data for display, built without deep recursion or huge strings: past `maxDepth`
 * a value is shown as `{…}`/`[…]` (JSON.stringify overflows the stack on input nested a few thousand deep,
 * which JSON.parse accepts), and the text stops soon after `maxChars`.
 */
export function jsonPreview(value: unknown, maxChars: number, maxDepth = 32): string {
  let out = "";
  const full = () => out.length > maxChars;
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === "string") {
      out += JSON.stringify(v.length > maxChars ? v.slice(0, maxChars) : v);
      return;
    }
    if (v === null || typeof v !== "object") {
      out += JSON.stringify(v) ?? "null";
      return;
    }
    if (depth >= maxDepth) {
      out += Array.isArray(v) ? "[…]" : "{…}";
      return;
    }
    if (Array.isArray(v)) {
      out += "[";
      for (let i = 0; i < v.length && !full(); i++) {
        if (i > 0) out += ",";
        walk(v[i], depth + 1);
      }
      out += "]";
      return;
    }
    out += "{";
    let first = true;
    for (const k of Object.keys(v)) {
      if (full()) break;
      out += `${first ? "" : ","}${JSON.stringify(k.length > maxChars ? k.slice(0, maxChars) : k)}:`;
      first = false;
      walk((v as Record<string, unknown>)[k], depth + 1);
    }
    out += "}";
  };
  walk(value, 0);
  return full() ? `${out.slice(0, maxChars)}…` : out;
}

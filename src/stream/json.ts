/** Small JSON shape checks shared by the stream and the tools. */
import { z } from "zod";

/** Lenient fields: a value of the wrong type reads as absent, never as an error (the format drifts). */
export const str = z.string().optional().catch(undefined);
export const num = z.number().optional().catch(undefined);
export const bool = z.boolean().optional().catch(undefined);

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
  return JSON.stringify(e);
}

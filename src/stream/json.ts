/** Small JSON shape checks shared by the stream and the change tracker. */

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

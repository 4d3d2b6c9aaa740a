/** Reading the agent's tool arguments and results: untyped JSON, any field possibly missing or odd. */

/** Path keys across Cursor's kinds, the alternate naming and function calls. */
export const PATH_KEYS = ["path", "file_path", "filePath", "target_file", "targetFile", "file", "filename"];

/** The first non-empty string (or list of strings, joined) under one of `keys`. */
export function stringArg(args: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = args[k];
    if (typeof v === "string" && v !== "") return v;
    if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string")) return v.join(", ");
  }
  return undefined;
}

/** The first string under one of `keys`; empty strings too when `allowEmpty`. */
export function str(
  o: Record<string, unknown>,
  keys: readonly string[],
  allowEmpty = false,
): string | undefined {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === "string" && (allowEmpty || v !== "")) return v;
  }
  return undefined;
}

/** A non-empty string, or undefined. */
export function text(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

export function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

/** `write_file`, `WriteFile`, `write-file` → `writefile`. */
export function norm(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `semSearchToolCall` → `Sem search`; `some_tool` → `Some tool`. */
export function humanise(kind: string): string {
  const base = kind.replace(/ToolCall$/, "").replace(/[_-]+/g, " ");
  const spaced = base
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return spaced ? spaced[0]!.toUpperCase() + spaced.slice(1) : kind;
}

/** The call's arguments (never undefined). */
export function argsOf(t: { payload: { args?: Record<string, unknown> } }): Record<string, unknown> {
  return t.payload.args ?? {};
}

/** The `success` value of a completed call, or `{}`. */
export function successValue(t: {
  payload: { outcome?: { key: string; value: Record<string, unknown> } };
}): Record<string, unknown> {
  return t.payload.outcome?.key === "success" ? t.payload.outcome.value : {};
}

/** The value of any outcome, or `{}`. */
export function outcomeValue(t: {
  payload: { outcome?: { value: Record<string, unknown> } };
}): Record<string, unknown> {
  return t.payload.outcome?.value ?? {};
}

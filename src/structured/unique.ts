/**
 * JSON Schema's `uniqueItems`, checked in time linear in the array's size. ajv compares every pair of items
 * with a deep equality unless the schema says the items are scalars: quadratic, and a structured block of
 * 600 KB (~55,000 small objects) held the event loop for 42–45 s, past every deadline. Here each item is
 * written once in a canonical form (object keys sorted), and two items are equal as JSON values exactly
 * when their forms are the same string; a map of the forms finds the first repeat.
 */

/** The first item equal to an earlier one, with that earlier one's index; undefined when all differ. */
export function firstDuplicate(items: readonly unknown[]): { i: number; j: number } | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const form = canonical(items[i]);
    const j = seen.get(form);
    if (j !== undefined) return { i, j };
    seen.set(form, i);
  }
  return undefined;
}

/**
 * A JSON value as text that is the same for equal values: keys sorted, no spaces. The value comes from
 * `JSON.parse` of a block no deeper than MAX_NESTING_DEPTH (./contract.ts), so the recursion is bounded;
 * numbers are written as JSON writes them (0 and -0 alike, as ajv's equality has them).
 */
function canonical(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(",")}}`;
}

/** `literal` as a regular expression that matches it and nothing else (no `u` flag: `\-` is an escape only without it). */
export function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
}

/**
 * Paths named in one line (a delivery's refusal): the first few, each quoted (a path is the agent's, and may
 * hold anything), then how many more.
 */

/** Paths named in a line, at most. */
const NAMED = 5;

export function named<T>(items: readonly T[], say: (item: T) => string = (p) => JSON.stringify(p)): string {
  const more = items.length > NAMED ? ` and ${items.length - NAMED} more` : "";
  return `${items.slice(0, NAMED).map(say).join(", ")}${more}`;
}

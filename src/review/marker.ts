/**
 * The hidden fingerprint marker the action writes on each finding and edit it posts, so that a later run
 * does not post it again: written and read here only, from the one spelling below.
 *
 * Trust boundary: a marker suppresses a finding, so one the agent could write would let it hide a later,
 * real one (a critical finding never posted). The agent's text reaches the same bodies (a review's summary,
 * a finding's text), so a marker counts only at the exact places the action writes one (./build.ts): the
 * first line of an inline comment, and the list that ends a review's body. The agent's markdown never holds
 * `<!--` at all (src/render/agent-markdown.ts), whatever it wrote.
 */

const OPEN = "<!-- cursor-agent-action finding=";
const CLOSE = " -->";
/** A fingerprint is this many lowercase hexadecimal digits (of a SHA-256). */
export const PRINT_DIGITS = 24;
const PRINT = new RegExp(`^[0-9a-f]{${PRINT_DIGITS}}$`);

/** The marker of `print`, as the action writes it. */
export function printMarker(print: string): string {
  return `${OPEN}${print}${CLOSE}`;
}

/** The fingerprint of the marker that stands at `at` in `text`, exactly; undefined when there is none. */
export function printAt(text: string, at = 0): string | undefined {
  if (!text.startsWith(OPEN, at)) return undefined;
  const from = at + OPEN.length;
  const print = text.slice(from, from + PRINT_DIGITS);
  if (!PRINT.test(print) || !text.startsWith(CLOSE, from + PRINT_DIGITS)) return undefined;
  return print;
}

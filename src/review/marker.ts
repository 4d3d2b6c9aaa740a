/**
 * The hidden fingerprint marker the action writes on each finding and edit it posts, so that a later run
 * does not post it again, and the places it writes one: written (./build.ts) and read (here) from the one
 * spelling below.
 *
 * Trust boundary: a marker suppresses a finding, so one the agent could write would let it hide a later,
 * real one (a critical finding never posted). The agent's text reaches the same bodies (a review's summary,
 * a finding's text and suggestion), so a marker counts only where the action writes one: alone on the
 * first line of an inline comment, and in the list that ends a review's body, one finding a line.
 * Besides, the agent's markdown never holds `<!--` at all (src/render/markdown.ts `noComments`); a
 * suggestion, though, is its text as it is (applied with one click).
 */

const OPEN = "<!-- cursor-agent-action finding=";
const CLOSE = " -->";
/** A fingerprint is this many lowercase hexadecimal digits (of a SHA-256). */
export const PRINT_DIGITS = 24;
const PRINT = new RegExp(`^[0-9a-f]{${PRINT_DIGITS}}$`);

/** An item of that list starts so, then the finding's marker. */
export const ITEM = "- ";

/** The marker of `print`, as the action writes it. */
export function printMarker(print: string): string {
  return `${OPEN}${print}${CLOSE}`;
}

/** The list's last line when not every finding fits: how many more, and where they all are. */
export function moreLine(more: number): string {
  return `${ITEM}… ${more} more: the job summary and the \`findings\` output have them all`;
}

/** Where the count stands in {@link moreLine}. */
const MORE_AT = moreLine(0).indexOf("0");

/** The fingerprint of the marker that stands at `at` in `text`, exactly; undefined when there is none. */
export function printAt(text: string, at = 0): string | undefined {
  if (!text.startsWith(OPEN, at)) return undefined;
  const from = at + OPEN.length;
  const print = text.slice(from, from + PRINT_DIGITS);
  if (!PRINT.test(print) || !text.startsWith(CLOSE, from + PRINT_DIGITS)) return undefined;
  return print;
}

/**
 * Fingerprints of earlier runs (the caller passes only the bodies the action itself wrote): an inline
 * comment's first line when it is a marker alone, and the list that ends a review's body. Nowhere else.
 */
export function knownFingerprints(
  comments: (string | undefined)[],
  reviewBodies: (string | undefined)[],
): Set<string> {
  const out = new Set<string>();
  for (const b of comments) {
    const first = (b ?? "").split(/\r?\n/, 1)[0] ?? "";
    const print = printAt(first);
    if (print && first === printMarker(print)) out.add(print);
  }
  for (const b of reviewBodies) for (const print of listed(b ?? "")) out.add(print);
  return out;
}

/**
 * The fingerprints of the list that ends a review's body: its last lines, each a finding's (the "… more"
 * line may be last), read back from the end to the first line that is not one. Only there: the agent's
 * summary comes before the list, and what it wrote cannot end the body as an item would (a code block
 * ends with its fence, a cut with its note, and no line of the agent's holds `<!--`).
 */
function listed(body: string): string[] {
  const lines = body.split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  const last = lines.at(-1) ?? "";
  if (last === moreLine(Number.parseInt(last.slice(MORE_AT), 10))) lines.pop();
  const prints: string[] = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const print = lines[i]!.startsWith(ITEM) ? printAt(lines[i]!, ITEM.length) : undefined;
    if (!print) break;
    prints.push(print);
  }
  return prints;
}

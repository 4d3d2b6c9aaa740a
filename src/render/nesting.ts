/**
 * How deep markdown could nest, measured before any parser sees it.
 *
 * Trust boundary: the text is the agent's. marked's lexer recurses once for each level of block quote,
 * list and emphasis, and so does anything that walks its tokens: a final message of 30,000 `>` (or of
 * 20,000 list markers, or 15,000 `*` on each side of a word) overflows the stack, and 15,000 nested
 * emphases take minutes. A run must never be lost to what the agent wrote, so text that could nest deeper
 * than {@link MAX_NESTING_DEPTH} is not parsed at all (./agent-markdown.ts shows it as plain text). One linear
 * pass, no regular expression; it over-estimates (it does not parse), never under-estimates what the
 * lexer recurses on: containers at a line's start, and emphasis delimiters opened in a paragraph.
 */
import { MAX_NESTING_DEPTH } from "../base/limits.js";

const SPACE = 32;
const TAB = 9;
const NEWLINE = 10;
const BACKTICK = 96;

/** At least as deep as anything in `text` nests, as marked would lex it (blocks and emphasis). */
export function nestingDepth(text: string): number {
  let deepest = 0;
  let open = 0;
  let at = 0;
  while (at <= text.length) {
    const nl = text.indexOf("\n", at);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(at, end);
    if (line.trim() === "") open = 0; // a blank line ends every paragraph, and every emphasis in it
    deepest = Math.max(deepest, blockDepth(line));
    open = inlineOpen(text, at, end, open, (depth) => {
      deepest = Math.max(deepest, depth);
    });
    if (deepest > MAX_NESTING_DEPTH) return deepest;
    at = end + 1;
  }
  return deepest;
}

/**
 * Containers a line opens: quote markers and list markers at its start, in any mix, and the nesting its
 * indent stands for (a nested list item sits at least two columns in per level).
 */
function blockDepth(line: string): number {
  let depth = 0;
  let indent = 0;
  let i = 0;
  const n = line.length;
  for (;;) {
    let spaces = 0;
    while (i < n && (line.charCodeAt(i) === SPACE || line.charCodeAt(i) === TAB)) {
      spaces += line.charCodeAt(i) === TAB ? 4 : 1;
      i++;
    }
    if (depth === 0) indent = spaces;
    if (i >= n) break;
    const c = line[i];
    if (c === ">") {
      depth++;
      i++;
      continue;
    }
    let j = i;
    while (j < n && j - i < 9 && isDigit(line.charCodeAt(j))) j++;
    const marker =
      c === "-" || c === "*" || c === "+"
        ? i + 1
        : j > i && (line[j] === "." || line[j] === ")")
          ? j + 1
          : -1;
    if (marker === -1 || !(marker >= n || isSpace(line.charCodeAt(marker)))) break;
    depth++;
    i = marker;
  }
  return depth === 0 ? 0 : depth + Math.floor(indent / 2);
}

/**
 * Emphasis opened in `text[from, to)` on top of `open` from the paragraph's earlier lines: a run of `*`,
 * `_` or `~` that can only open (left-flanking, CommonMark's rule) adds its length, one that can only close
 * takes it off. Code spans are skipped: nothing in them is emphasis. `seen` is told every depth reached.
 */
function inlineOpen(text: string, from: number, to: number, open: number, seen: (d: number) => void): number {
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === BACKTICK) {
      i = codeSpanEnd(text, i, to);
      continue;
    }
    if (c !== 42 && c !== 95 && c !== 126) {
      i++;
      continue;
    }
    let j = i;
    while (j < to && text.charCodeAt(j) === c) j++;
    const before = i > from ? text.charCodeAt(i - 1) : NEWLINE;
    const after = j < to ? text.charCodeAt(j) : NEWLINE;
    const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
    const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
    if (left && !right) {
      open += j - i;
      seen(open);
    } else if (right && !left) open = Math.max(0, open - (j - i));
    i = j;
  }
  return open;
}

/** Past the code span a backtick run at `i` opens (to the run of the same length that closes it), else past the run. */
function codeSpanEnd(text: string, i: number, to: number): number {
  let j = i;
  while (j < to && text.charCodeAt(j) === BACKTICK) j++;
  const ticks = text.slice(i, j);
  let k = j;
  for (;;) {
    const found = text.indexOf(ticks, k);
    if (found === -1 || found >= to) return j;
    let end = found;
    while (end < to && text.charCodeAt(end) === BACKTICK) end++;
    if (end - found === ticks.length) return end;
    k = end;
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isSpace(c: number): boolean {
  return c === SPACE || c === TAB || c === NEWLINE || c === 13 || c === 0xa0 || c === 0x2028 || c === 0x2029;
}

/** ASCII punctuation, as CommonMark's flanking rules read it. */
function isPunct(c: number): boolean {
  return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

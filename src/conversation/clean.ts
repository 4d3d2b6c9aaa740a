/**
 * What the agent is never shown of a text someone wrote on GitHub: markup a reader does not see but the
 * agent would read as instructions. HTML comments (`<!-- … -->`, invisible when rendered), invisible and
 * bidirectional-control characters (text that reads otherwise than it is written), the payload of a
 * collapsed `<details>` (its summary stays: a reader sees that much without a click), the text inside
 * HTML tags (an `alt`, a `title`: not on the page), processing instructions, declarations and CDATA (GitHub
 * drops them), and link reference definitions (Markdown shows none). Controls go, and every line break is
 * `\n` (the task quotes line by line: a break it did not see would end a quote). Then each text is capped.
 *
 * Everything here reads anyone's text: each step is one pass, linear in it (a scan that starts again at
 * each opener took tens of seconds on 100,000 characters of nested `<details>`). Where GitHub's rendering
 * and this differ, this removes more, never less. Pure: strings in, strings out.
 */
import { blank, fences, inlineCode } from "./phrase.js";

/**
 * Format characters (zero-width, bidi controls and isolates, the soft hyphen, tag characters, the BOM),
 * the fillers that render as nothing (Hangul fillers, the combining grapheme joiner) and variation
 * selectors. Tabs and newlines are not among them.
 */
const INVISIBLE = /\p{Cf}|[\u115F\u1160\u3164\uFFA0]|\u034F|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/gu;

/** Every line break a reader or a model may take as one: CRLF, CR, NEL, the vertical tab, form feed, LS, PS. */
const BREAKS = /\r\n?|[\x0B\x0C\x85\u2028\u2029]/g;

/** C0 and C1 controls but tab and newline (a NUL cannot even be part of the agent's argument). */
const CONTROLS = /[\x00-\x08\x0E-\x1F\x7F-\x9F]/g;

/** An HTML comment, or one left open (GitHub hides everything after an unclosed `<!--`). */
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** A text as a reader of the rendered page sees it, for the agent. */
export function clean(text: string): string {
  const plain = text
    .replace(HTML_COMMENT, "")
    .replace(BREAKS, "\n")
    .replace(CONTROLS, "")
    .replace(INVISIBLE, "");
  return hiddenMarkup(details(plain)).trim();
}

/**
 * A text shown as written (a file's name, a diff hunk): nothing removed, but every control and invisible
 * character spelled as its code point, so that the agent sees each one that is there. Tabs and newlines
 * stay; CRLF is a newline.
 */
export function shownAsWritten(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .replace(/[\x00-\x08\x0B-\x1F\x7F-\x9F\u2028\u2029]/g, codePoint)
    .replace(INVISIBLE, codePoint);
}

const codePoint = (c: string): string =>
  `<U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}>`;

// ---------------------------------------------------------------------------------------------
// <details>

/** A `<details>` tag, opening or closing (its attributes stop at the next `<`: one pass). */
const DETAILS_TAG = /<(\/?)details\b([^<>]*)>/gi;

/** Open when it has the attribute `open` (any value: a boolean attribute), not when a value says it. */
function isOpen(attributes: string): boolean {
  return /(?:^|\s)open(?:[\s=/]|$)/i.test(attributes.replace(/"[^"]*"|'[^']*'/g, " "));
}

interface Element {
  open: boolean;
  /** Where its content starts, and where the first element inside it starts (its summary is before). */
  from: number;
  firstChild?: number;
}

/**
 * Each collapsed `<details>` as its summary and `[collapsed content left out]`, everything in it gone
 * (collapsed ones inside too); an open one's tags gone, its content kept. One pass with a stack of the
 * elements open at each point; one left open runs to the end.
 */
function details(text: string): string {
  const stack: Element[] = [];
  let hidden = 0;
  let out = "";
  let at = 0;
  const close = (e: Element, to: number, end: number) => {
    if (!e.open) hidden--;
    if (hidden === 0) out += e.open ? text.slice(at, to) : collapsed(text, e.from, e.firstChild ?? to);
    at = end;
  };
  for (const m of text.matchAll(DETAILS_TAG)) {
    const i = m.index;
    const top = stack.at(-1);
    if (top && top.firstChild === undefined) top.firstChild = i;
    if (m[1]) {
      const e = stack.pop();
      if (e) close(e, i, i + m[0].length);
      continue;
    }
    if (hidden === 0) out += text.slice(at, i);
    const e = { open: isOpen(m[2] ?? ""), from: i + m[0].length };
    if (!e.open) hidden++;
    stack.push(e);
    at = e.from;
  }
  for (let e = stack.pop(); e; e = stack.pop()) close(e, text.length, text.length);
  return out + text.slice(at);
}

/** A collapsed element as a reader sees it: its summary (the first, before any element in it), and a note. */
function collapsed(text: string, from: number, to: number): string {
  const open = /<summary\b[^<>]*>/gi;
  open.lastIndex = from;
  const start = open.exec(text);
  let summary = "";
  if (start && start.index < to) {
    const end = /<\/summary\s*>/gi;
    end.lastIndex = open.lastIndex;
    const stop = end.exec(text);
    if (stop && stop.index <= to) summary = text.slice(open.lastIndex, stop.index).trim();
  }
  return `${summary ? `${summary} ` : ""}[collapsed content left out]`;
}

// ---------------------------------------------------------------------------------------------
// Tags, instructions, declarations, CDATA, link reference definitions

/**
 * The text without the markup GitHub renders as nothing, outside code (fenced blocks and code spans show
 * it as written): tags (their attributes' text with them), `<?…?>`, `<!X…>`, `<![CDATA[…]]>`, and link
 * reference definitions. Where a code span and a tag overlap, the one that starts first wins (CommonMark).
 */
function hiddenMarkup(text: string): string {
  const prose = blank(fences, text);
  const spans = inlineCode(prose);
  const drop = [...markupRanges(prose, spans), ...definitionRanges(prose)].sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  for (const [from, to] of drop) {
    if (to <= at) continue;
    out += text.slice(at, Math.max(at, from));
    at = to;
  }
  return out + text.slice(at);
}

/** `[label]: destination …` on a line of its own (up to three spaces before it). */
const DEFINITION = /^ {0,3}\[(?:[^\]\\\n]|\\.){1,999}\]:[^\n]*\n?/gm;

function definitionRanges(prose: string): [number, number][] {
  return [...prose.matchAll(DEFINITION)].map((m) => [m.index, m.index + m[0].length]);
}

/**
 * The markup's ranges outside code spans, found left to right: a span that starts first hides the markup
 * in it, markup that starts first voids the spans that start inside it (`<abbr title="`x`">`: a tag).
 */
function markupRanges(prose: string, spans: [number, number][]): [number, number][] {
  const find = finder(prose);
  const out: [number, number][] = [];
  let k = 0;
  for (let i = prose.indexOf("<"); i !== -1; ) {
    while (k < spans.length && (spans[k] as [number, number])[1] <= i) k++;
    const span = spans[k];
    if (span && span[0] <= i) {
      i = prose.indexOf("<", span[1]);
      continue;
    }
    const end = markupEnd(prose, i, find);
    if (end === undefined) {
      i = prose.indexOf("<", i + 1);
      continue;
    }
    out.push([i, end]);
    while (k < spans.length && (spans[k] as [number, number])[0] < end) k++;
    i = prose.indexOf("<", end);
  }
  return out;
}

type Find = (needle: string, from: number) => number;

/**
 * `indexOf` that remembers its last answer per needle: a search from inside a range it already searched
 * gives the same answer at once, so that many openers left open cost one pass, not one each.
 */
function finder(text: string): Find {
  const last = new Map<string, { from: number; at: number }>();
  return (needle, from) => {
    const known = last.get(needle);
    if (known && known.from <= from && (known.at === -1 || from <= known.at)) return known.at;
    const at = text.indexOf(needle, from);
    last.set(needle, { from, at });
    return at;
  };
}

/** Where markup starting at `i` (a `<`) ends, or undefined when it is not markup (then it is text). */
function markupEnd(s: string, i: number, find: Find): number | undefined {
  const next = s[i + 1] ?? "";
  if (next === "?") {
    const end = find("?>", i + 2);
    return end === -1 ? s.length : end + 2;
  }
  if (s.startsWith("<![CDATA[", i)) {
    const end = find("]]>", i + 9);
    return end === -1 ? s.length : end + 3;
  }
  if (next === "!" && /[A-Za-z]/.test(s[i + 2] ?? "")) {
    const end = find(">", i + 2);
    return end === -1 ? undefined : end + 1;
  }
  if (next === "/") {
    const m = /^<\/[A-Za-z][A-Za-z0-9-]*\s*>/.exec(s.slice(i, i + 80));
    return m ? i + m[0].length : undefined;
  }
  return /[A-Za-z]/.test(next) ? openTagEnd(s, i, find) : undefined;
}

/** An opening tag's end (CommonMark's grammar: a name, attributes, `/>` or `>`), or undefined. */
function openTagEnd(s: string, i: number, find: Find): number | undefined {
  let j = i + 1;
  while (/[A-Za-z0-9-]/.test(s[j] ?? "")) j++;
  for (;;) {
    const space = j;
    while (/\s/.test(s[j] ?? "")) j++;
    if (s[j] === ">") return j + 1;
    if (s.startsWith("/>", j)) return j + 2;
    if (j === space || !/[A-Za-z_:]/.test(s[j] ?? "")) return undefined;
    while (/[A-Za-z0-9_.:-]/.test(s[j] ?? "")) j++;
    let k = j;
    while (/\s/.test(s[k] ?? "")) k++;
    if (s[k] !== "=") continue;
    k++;
    while (/\s/.test(s[k] ?? "")) k++;
    const q = s[k];
    if (q === '"' || q === "'") {
      const end = find(q, k + 1);
      if (end === -1) return undefined;
      j = end + 1;
    } else {
      const start = k;
      while (k < s.length && !/[\s"'=<>`]/.test(s[k] as string)) k++;
      if (k === start) return undefined;
      j = k;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Caps

/** At most `max` characters (UTF-16 units, never half a pair), saying how much was cut. */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}\n[… ${text.length - end} more characters cut]`;
}

/** At most `max` characters from the end (a diff hunk ends at the line asked about), saying what was cut. */
export function capEnd(text: string, max: number): string {
  if (text.length <= max) return text;
  let start = text.length - max;
  const first = text.charCodeAt(start);
  if (first >= 0xdc00 && first <= 0xdfff) start++;
  return `[… ${start} earlier characters cut]\n${text.slice(start)}`;
}

/** At most `max` bytes of UTF-8 (the prompt is one command-line argument, capped in bytes). */
export function capBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  const note = "\n[… the rest cut: the prompt's size]";
  const room = Math.max(0, max - Buffer.byteLength(note));
  // Cut on a character, never inside one: decode the prefix and drop a partial last character.
  let kept = Buffer.from(text).subarray(0, room).toString("utf8");
  if (kept.endsWith("\uFFFD")) kept = kept.slice(0, -1);
  return `${kept}${note}`;
}

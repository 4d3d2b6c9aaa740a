/**
 * The markup GitHub renders as nothing, found in one pass each (./clean.ts uses them): the payload of a
 * collapsed `<details>`, and outside code, tags with their attributes, processing instructions,
 * declarations, CDATA, link reference definitions, images' alt text and links' titles. Every scan reads
 * anyone's text: none starts again at each opener (a `<details>` nested 20,000 deep took ~40 s with a
 * regular expression applied until nothing changed). Where GitHub's rendering and this differ, this
 * removes more, never less. Pure.
 */
import { blank, fences, inlineCode } from "./phrase.js";

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
export function details(text: string): string {
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
export function hiddenMarkup(text: string): string {
  const prose = blank(fences, text);
  const spans = inlineCode(prose);
  const drop = [...markupRanges(prose, spans), ...definitionRanges(prose), ...linkRanges(prose, spans)].sort(
    (a, b) => a[0] - b[0],
  );
  let out = "";
  let at = 0;
  for (const [from, to] of drop) {
    if (to <= at) continue;
    out += text.slice(at, Math.max(at, from));
    at = to;
  }
  return out + text.slice(at);
}

/**
 * What a link or an image does not show: an image's alt text (a picture that loads hides it) and a link's
 * or an image's title (shown on hover only). Brackets are paired in one pass with a stack, outside code
 * spans; each `](`'s destination and title are read with the next stop known ahead, so that many links
 * left unclosed cost one pass.
 */
function linkRanges(prose: string, spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  const open: number[] = [];
  const find = finder(prose);
  const next = nextOfKind(prose);
  let k = 0;
  for (let i = 0; i < prose.length; i++) {
    const c = prose[i];
    if (c !== "[" && c !== "]") continue;
    while (k < spans.length && (spans[k] as [number, number])[1] <= i) k++;
    if ((spans[k]?.[0] ?? Number.POSITIVE_INFINITY) <= i || prose[i - 1] === "\\") continue;
    if (c === "[") {
      open.push(i);
      continue;
    }
    const from = open.pop();
    if (from === undefined) continue;
    const image = prose[from - 1] === "!";
    const after = prose[i + 1];
    if (image && (after === "(" || after === "[")) out.push([from + 1, i]);
    if (after === "(") {
      const title = titleRange(prose, i + 2, find, next);
      if (title) out.push(title);
    }
  }
  return out;
}

/** Where the next whitespace or `)` is, and the next character that is not whitespace, from each index. */
function nextOfKind(s: string): { stop: Int32Array; solid: Int32Array } {
  const stop = new Int32Array(s.length + 1).fill(s.length);
  const solid = new Int32Array(s.length + 1).fill(s.length);
  for (let i = s.length - 1; i >= 0; i--) {
    const white = /\s/.test(s[i] as string);
    stop[i] = white || s[i] === ")" ? i : (stop[i + 1] as number);
    solid[i] = white ? (solid[i + 1] as number) : i;
  }
  return { stop, solid };
}

/** A link's title after `(` and its destination (`"…"`, `'…'` or `(…)`), or undefined when it has none. */
function titleRange(
  s: string,
  at: number,
  find: Find,
  next: { stop: Int32Array; solid: Int32Array },
): [number, number] | undefined {
  let j = next.solid[at] as number;
  if (s[j] === "<") {
    const end = find(">", j);
    if (end === -1) return undefined;
    j = end + 1;
  } else j = next.stop[j] as number;
  const t = next.solid[j] as number;
  if (t === j) return undefined;
  const q = s[t];
  const close = q === '"' || q === "'" ? q : q === "(" ? ")" : undefined;
  if (!close) return undefined;
  const end = find(close, t + 1);
  if (end === -1 || s[next.solid[end + 1] as number] !== ")") return undefined;
  return [t, end + 1];
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

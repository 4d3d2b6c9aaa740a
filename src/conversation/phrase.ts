/**
 * The trigger phrase found in what someone wrote: as a word (not part of an e-mail address, a longer
 * handle or a path), case-insensitively, and only in text a reader sees as prose: never inside inline
 * code, a fenced code block or an HTML comment (a quoted command or an example is not a request). The
 * request is what follows it.
 */
import { escapeRegExp } from "../base/regexp.js";

/**
 * Code and comments blanked out, every other character at its place (so that a match's index holds): HTML
 * comments, then fenced code blocks, then inline code spans. Each in one pass, linear in the text: it is
 * anyone's, and regular expressions with a back-reference took seconds on a comment of 60,000 backticks.
 */
function prose(text: string): string {
  return blank(inlineCode, blank(fences, blank(comments, text)));
}

export type Ranges = (text: string) => [number, number][];

/** The text with each range's characters (line breaks kept) turned to spaces. */
export function blank(ranges: Ranges, text: string): string {
  let out = "";
  let at = 0;
  for (const [from, to] of ranges(text)) {
    out += text.slice(at, from) + text.slice(from, to).replace(/[^\n]/g, " ");
    at = to;
  }
  return out + text.slice(at);
}

/** `<!--` to `-->`, or to the end when left open (GitHub hides the rest). */
const comments: Ranges = (text) => {
  const out: [number, number][] = [];
  for (let i = text.indexOf("<!--"); i !== -1; ) {
    const end = text.indexOf("-->", i + 4);
    const to = end === -1 ? text.length : end + 3;
    out.push([i, to]);
    i = text.indexOf("<!--", to);
  }
  return out;
};

/** A line's fence: up to three spaces, then three or more of one of ` and ~ (its char and length). */
function fenceOf(line: string): { ch: string; len: number; rest: string } | undefined {
  let i = 0;
  while (i < 3 && line[i] === " ") i++;
  const ch = line[i];
  if (ch !== "`" && ch !== "~") return undefined;
  let j = i;
  while (line[j] === ch) j++;
  return j - i >= 3 ? { ch, len: j - i, rest: line.slice(j) } : undefined;
}

/** Fenced code blocks, fence lines included: to a closing fence as long at least, or to the end. */
export const fences: Ranges = (text) => {
  const out: [number, number][] = [];
  let open: { ch: string; len: number; from: number } | undefined;
  for (let at = 0; at <= text.length; ) {
    const nl = text.indexOf("\n", at);
    const end = nl === -1 ? text.length : nl;
    const f = fenceOf(text.slice(at, end));
    if (!open) {
      if (f) open = { ch: f.ch, len: f.len, from: at };
    } else if (f && f.ch === open.ch && f.len >= open.len && f.rest.trim() === "") {
      out.push([open.from, end]);
      open = undefined;
    }
    if (nl === -1) break;
    at = nl + 1;
  }
  if (open) out.push([open.from, text.length]);
  return out;
};

/**
 * Inline code spans: a run of backticks to the next run of the same length (CommonMark); a run with none
 * after it is literal. Each run's match is found through the runs of its length, read forward once.
 */
export const inlineCode: Ranges = (text) => {
  const runs: { at: number; len: number }[] = [];
  for (let i = text.indexOf("`"); i !== -1; ) {
    let j = i;
    while (text[j] === "`") j++;
    runs.push({ at: i, len: j - i });
    i = text.indexOf("`", j);
  }
  const byLength = new Map<number, number[]>();
  runs.forEach((r, k) => {
    const list = byLength.get(r.len);
    if (list) list.push(k);
    else byLength.set(r.len, [k]);
  });
  const next = new Map<number, number>();
  const out: [number, number][] = [];
  for (let k = 0; k < runs.length; k++) {
    const r = runs[k] as { at: number; len: number };
    const list = byLength.get(r.len) as number[];
    let p = next.get(r.len) ?? 0;
    while (p < list.length && (list[p] as number) <= k) p++;
    next.set(r.len, p);
    if (p === list.length) continue;
    const close = runs[list[p] as number] as { at: number; len: number };
    out.push([r.at, close.at + close.len]);
    k = list[p] as number;
  }
  return out;
};

/** The text after the phrase's first use as a word in prose, trimmed; undefined when it is not there. */
export function requestAfter(text: string, phrase: string): string | undefined {
  // Not preceded by what would make it part of a longer word, handle, address or path; not followed by one.
  // (`\-` is no escape under the `u` flag that \p needs: a dash is written as its code.)
  const literal = escapeRegExp(phrase).replace(/\\-/g, "\\x2d");
  const word = new RegExp(
    `(?<![\\p{L}\\p{N}_@./\\\\-])${literal}(?![\\p{L}\\p{N}_-]|[./][\\p{L}\\p{N}_])`,
    "iu",
  );
  const m = word.exec(prose(text));
  if (!m) return undefined;
  return text
    .slice(m.index + m[0].length)
    .replace(/^[\s,:;.!?-]+/, "")
    .trim();
}

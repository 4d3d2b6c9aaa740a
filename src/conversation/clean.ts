/**
 * What the agent is never shown of a text someone wrote on GitHub: markup a reader does not see but the
 * agent would read as instructions. HTML comments (`<!-- … -->`, invisible when rendered), invisible and
 * bidirectional-control characters (text that reads otherwise than it is written) and the character
 * references that stand for them, controls, the payload of a collapsed `<details>` (its summary stays: a
 * reader sees that much without a click) and the rest of the markup GitHub renders as nothing (./markup.ts:
 * tags' attributes, link definitions, alt texts, titles). Every line break is `\n` (the task quotes line
 * by line: a break it did not see would end a quote). Then each text is capped.
 *
 * Everything here reads anyone's text: each step is one pass, linear in it. Where GitHub's rendering and
 * this differ, this removes more, never less. Pure: strings in, strings out.
 */
import { details, hiddenMarkup } from "./markup.js";

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

/**
 * A character reference (`&#8238;`, `&#x200B;`, `&zwj;`…): GitHub renders it as its character, so one
 * that stands for an invisible or control character is one. Other references stay as written (`&lt;!--`
 * shows as text, and is no comment).
 */
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z]{2,31}));/g;
const INVISIBLE_NAMED: ReadonlySet<string> = new Set([
  "shy",
  "zwj",
  "zwnj",
  "lrm",
  "rlm",
  "ZeroWidthSpace",
  "NoBreak",
  "InvisibleTimes",
  "InvisibleComma",
  "ApplyFunction",
  "af",
  "it",
  "ic",
]);

/** One character that is not shown as itself: invisible, a control, or a break other than `\n`. */
const NOT_SHOWN = new RegExp(`^(?:${INVISIBLE.source}|${CONTROLS.source}|${BREAKS.source})$`, "u");

function invisibleReference(all: string, dec?: string, hex?: string, name?: string): string {
  if (name !== undefined) return INVISIBLE_NAMED.has(name) ? "" : all;
  const code = dec !== undefined ? Number(dec) : Number.parseInt(hex ?? "", 16);
  if (code === 0 || code > 0x10ffff) return "";
  return NOT_SHOWN.test(String.fromCodePoint(code)) ? "" : all;
}

/** An HTML comment, or one left open (GitHub hides everything after an unclosed `<!--`). */
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** A text as a reader of the rendered page sees it, for the agent. */
export function clean(text: string): string {
  const plain = text
    .replace(HTML_COMMENT, "")
    .replace(BREAKS, "\n")
    .replace(CONTROLS, "")
    .replace(INVISIBLE, "")
    .replace(REFERENCE, invisibleReference);
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

/**
 * What the agent is never shown of a text someone wrote on GitHub: markup a reader does not see but the
 * agent would read as instructions. HTML comments (`<!-- … -->`, invisible when rendered), invisible and
 * bidirectional-control characters (text that reads otherwise than it is written), and the payload of a
 * collapsed `<details>` (its summary stays: a reader sees that much without a click). Then each text is
 * capped. Pure: strings in, strings out.
 */

/**
 * Format characters (zero-width, bidi controls and isolates, the soft hyphen, tag characters, the BOM),
 * the fillers that render as nothing (Hangul fillers, the combining grapheme joiner) and variation
 * selectors. Tabs and newlines are not among them.
 */
const INVISIBLE = /\p{Cf}|[\u115F\u1160\u3164\uFFA0]|\u034F|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/gu;

/** An HTML comment, or one left open (GitHub hides everything after an unclosed `<!--`). */
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** The innermost `<details>` element (no `<details` inside it), or one left open to the end. */
const DETAILS = /<details\b([^>]*)>((?:(?!<details\b)[\s\S])*?)(?:<\/details\s*>|$)/gi;
const SUMMARY = /<summary\b[^>]*>([\s\S]*?)<\/summary\s*>/i;

/** A text as a reader of the rendered page sees it, for the agent. */
export function clean(text: string): string {
  let out = text.replace(HTML_COMMENT, "").replace(INVISIBLE, "");
  // Innermost first, so that a collapsed element inside an open one goes and the open one's text stays.
  for (let before = ""; before !== out; ) {
    before = out;
    out = out.replace(DETAILS, (_all, attributes: string, inner: string) => {
      if (/\bopen\b/i.test(attributes)) return inner;
      const summary = SUMMARY.exec(inner)?.[1]?.trim();
      return `${summary ? `${summary} ` : ""}[collapsed content left out]`;
    });
  }
  return out.trim();
}

/** At most `max` characters (UTF-16 units, never half a pair), saying how much was cut. */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}\n[… ${text.length - end} more characters cut]`;
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

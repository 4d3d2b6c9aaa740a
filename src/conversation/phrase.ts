/**
 * The trigger phrase found in what someone wrote: as a word (not part of an e-mail address, a longer
 * handle or a path), case-insensitively, and only in text a reader sees as prose: never inside inline
 * code, a fenced code block or an HTML comment (a quoted command or an example is not a request). The
 * request is what follows it.
 */
import { escapeRegExp } from "../base/regexp.js";

/** Fenced code (``` or ~~~, to its closing fence or the end), then inline code spans, then HTML comments. */
const FENCE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm;
const INLINE = /(`+)(?!`)[\s\S]*?[^`]\1(?!`)|(`+)(?!`)\2/g;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** Code and comments blanked out, every other character at its place (so that a match's index holds). */
function prose(text: string): string {
  const blank = (m: string) => m.replace(/[^\n]/g, " ");
  return text.replace(COMMENT, blank).replace(FENCE, blank).replace(INLINE, blank);
}

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

/**
 * The one sanitiser for agent text in markdown. Whatever the agent wrote (a path, a tool name, a note, a
 * model name) must render as the text it is: no HTML, no emphasis or heading of its own, no link or image,
 * no @mention or team mention that notifies anyone, no `#1`, `owner/repo#2`, `GH-1` or commit reference,
 * no line break or control character that could end the HTML block or table row it sits in. What it wrote
 * stays readable: references and links are defused with an invisible word joiner (U+2060), not removed.
 * Every function takes text already redacted (redaction comes first, before any cut).
 */

/** What {@link plain} changes; a single character class, linear. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/;
const CONTROL_KEEPING_LINES =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/;

/** U+2060 WORD JOINER: invisible, and enough to stop GitHub's autolinks, mentions and references. */
const WJ = "\u2060";

/**
 * Controls (tab and line breaks become spaces, or stay when `keepLines`) and bidi overrides, which can
 * make text read otherwise (spelled out).
 */
function plain(text: string, keepLines = false): string {
  // Most text has none of these (a diff of megabytes goes through here): nothing to build then.
  if (!(keepLines ? CONTROL_KEEPING_LINES : CONTROL).test(text)) return text;
  let out = "";
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (keepLines && (c === 0x0a || c === 0x09)) out += ch;
    else if (c === 0x09 || c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029) out += " ";
    else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) continue;
    else if (
      c === 0x061c ||
      c === 0x200e ||
      c === 0x200f ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2066 && c <= 0x2069)
    )
      out += `\\u{${c.toString(16)}}`;
    else out += ch;
  }
  return out;
}

/**
 * Mentions, references and autolinks defused: a word joiner after `@` and `#`, inside URL schemes (`:/`),
 * `www.` and `GH-1`, and after the first character of a hexadecimal word of 7 to 40 (a commit reference).
 * One linear pass over words and the characters between them (no regular expression: agent text).
 */
function defuse(text: string): string {
  let out = "";
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (isWordChar(text.charCodeAt(i))) {
      let j = i;
      while (j < n && isWordChar(text.charCodeAt(j))) j++;
      const word = text.slice(i, j);
      const next = text[j];
      if (isCommitLike(word)) out += `${word[0]}${WJ}${word.slice(1)}`;
      else if (
        (next === "." && word.toLowerCase() === "www") ||
        (next === "-" && word.toLowerCase() === "gh")
      )
        out += `${word}${WJ}`;
      else out += word;
      i = j;
      continue;
    }
    const ch = text[i]!;
    if (ch === "@" || ch === "#") out += `${ch}${WJ}`;
    else if (ch === ":" && text.startsWith("//", i + 1)) out += `:${WJ}`;
    else out += ch;
    i++;
  }
  return out;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function isCommitLike(word: string): boolean {
  if (word.length < 7 || word.length > 40) return false;
  let digit = false;
  let letter = false;
  for (let k = 0; k < word.length; k++) {
    const c = word.charCodeAt(k) | 0x20;
    if (c >= 48 && c <= 57) digit = true;
    else if (c >= 97 && c <= 102) letter = true;
    else return false;
  }
  return digit && letter;
}

/**
 * Agent text where GitHub reads plain text and still links it (a commit message: `Fixes #1` there would
 * close issue 1 once the commit lands on the default branch, `@someone` would reference them): mentions,
 * references and autolinks defused, controls and bidi overrides out, line breaks kept.
 */
export function plainText(text: string): string {
  return defuse(plain(text, true));
}

/**
 * Agent text for a line of markdown or a table cell: one line, no HTML, emphasis, code, links, table
 * breaks, mentions or references.
 */
export function mdText(text: string): string {
  const escaped = plain(text).replace(/[\\`*_[\]|~<>&!]/g, (c) =>
    c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : `\\${c}`,
  );
  return defuse(escaped);
}

/** Agent text as inline code (paths, commands): one line; a code span is never linked or mentioned. */
export function mdCode(text: string): string {
  const flat = noComments(plain(text)).replaceAll("|", "\\|");
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") || flat === "" ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Agent text inside an HTML element (`<summary>`, `<code>`): one line, escaped, defused. */
export function htmlText(text: string): string {
  const escaped = plain(text)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
  return defuse(escaped);
}

/**
 * A fenced block whose fence is longer than any backtick run in the text; controls out and bidi controls
 * spelled out (a code block shows a Trojan-source line as it is, not as it reads).
 */
export function fenced(text: string, lang = ""): string {
  const body = plain(text.replace(/\r\n?/g, "\n"), true);
  // A loop, not Math.max(...runs): a diff of 10^5 runs of backticks overflowed the stack as arguments.
  let longest = 2;
  for (const m of body.matchAll(/`{3,}/g)) if (m[0].length > longest) longest = m[0].length;
  const fence = "`".repeat(longest + 1);
  return `${fence}${lang}\n${body.replace(/\n$/, "")}\n${fence}`;
}

/**
 * Agent text with every `<!--` broken by a word joiner (`<\u2060!--`): shown the same, but never the
 * start of an HTML comment. The action's own hidden markers are HTML comments (the sticky comment's key,
 * a finding's fingerprint): text from the agent must never be able to write one, even inside a code block,
 * where every other character is kept as it is.
 */
export function noComments(text: string): string {
  return text.includes("<!--") ? text.replaceAll("<!--", `<${WJ}!--`) : text;
}

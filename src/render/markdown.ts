/** Markdown building blocks that keep agent text inert: escaped outside fences, fenced safely inside. */

/**
 * Escapes text for use inside a line of markdown or a table cell: no HTML, emphasis, code, links or
 * table breaks. (Characters that only matter at the start of a line, `-`, `+`, `#`, `1.`, cannot get
 * there: line breaks become spaces.)
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]|~<>&]/g, (c) =>
      c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : `\\${c}`,
    )
    .replace(/\r?\n|\r/g, " ");
}

/** Inline code that cannot be broken out of: a backtick run longer than any inside. */
export function inlineCode(text: string): string {
  const flat = text.replace(/\r?\n|\r/g, " ⏎ ").replaceAll("|", "\\|");
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A fenced block whose fence is longer than any backtick run in the text. */
export function fenced(text: string, lang = ""): string {
  const longest = Math.max(2, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${lang}\n${text.replace(/\n$/, "")}\n${fence}`;
}

/** Escapes text for HTML (inside `<summary>`, `<code>`). */
export function escapeHtml(s: string): string {
  return s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** Markdown building blocks that keep agent text inert: escaped outside fences, fenced safely inside. */

/** Escapes text for a markdown paragraph or table cell: no HTML, no emphasis, links or table breaks. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()#+\-.!|~<>&]/g, (c) =>
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

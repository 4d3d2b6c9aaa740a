/**
 * The agent's final message, rendered: it is usually markdown (a review with headings, lists and code),
 * so it is shown as markdown, not as a monospace block. Trust boundary: the text is the agent's. It is
 * parsed with a real GFM lexer (marked) and written out again from the parts that are safe, each leaf
 * through the one sanitiser for agent text (./markdown.ts): emphasis, lists, task lists, code, quotes,
 * tables and rules stay; raw HTML becomes visible text; a link keeps its words with its address shown as
 * code (never a live link), an image only its description; mentions and references are defused. Its
 * headings are demoted below the report's own (`####` at most), and {@link quoted} puts the whole of it in
 * a block quote that nothing in it can end: every line carries the quote's `>`.
 */
import { Lexer, type Token, type Tokens } from "marked";
import { MAX_NESTING_DEPTH } from "../base/limits.js";
import { fenced, mdCode, mdText, noComments } from "./markdown.js";
import { nestingDepth } from "./nesting.js";

/** The report's own headings are `###`: the agent's start one below. */
const TOP_HEADING = 4;
/** Nesting past this (lists in quotes in lists…) is written as plain text: agent text can nest without end. */
const MAX_DEPTH = 8;

/**
 * One line with nothing markdown could read as syntax: no emphasis, code, link, HTML, entity or escape
 * characters, no autolink (`://`, `www.`, an e-mail's `@`), and no start a block could begin with
 * (indent, list marker, heading).
 */
function plainLine(t: string): boolean {
  return t.length <= 2_000 && !/[\n\r\\`*_[\]<>#|~&=!+{}$^@]|:\/|www\.|^\s|^\d+[.)]|^-|\s$/i.test(t);
}

/** Safe markdown for `text` (already redacted), block by block. */
export function agentMarkdown(text: string): string {
  // One line of words needs no parse: marked's first lex compiles its rules (~15 ms, BENCHMARKS.md), a cost
  // a short "Done." should not pay at the end of every run. The result is the lexer's own (a test checks).
  if (plainLine(text)) return mdText(text).trim();
  // The report renders the same final message for each size it tries (up to five when it must shrink).
  const hit = rendered.get(text);
  if (hit !== undefined) return hit;
  const md = parsedMarkdown(text);
  if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
  rendered.set(text, md);
  return md;
}

/** The last few renderings, by text. */
const rendered = new Map<string, string>();
const RENDERED_KEPT = 4;

/**
 * {@link agentMarkdown} through the lexer, whatever the text; text nested too deep for it is shown as it
 * was written (./nesting.ts). It never throws: whatever the lexer cannot take is shown the same way.
 */
export function parsedMarkdown(text: string): string {
  const normal = text.replace(/\r\n?/g, "\n");
  if (nestingDepth(normal) > MAX_NESTING_DEPTH)
    return asWritten(normal, `it nests deeper than ${MAX_NESTING_DEPTH} levels`);
  try {
    return blocks(new Lexer({ gfm: true }).lex(normal), 0).trim();
  } catch {
    // A stack overflow the scan did not foresee, or a bug in the lexer: the text is still shown.
    return asWritten(normal, "it could not be parsed");
  }
}

/** Text not rendered: the action's note, then the text in a code block, exactly as written (but no `<!--`). */
function asWritten(text: string, why: string): string {
  return `_Shown as written: ${why}._\n\n${fenced(noComments(text), "text")}`;
}

/** `md` as a block quote: every line starts with `>`, so no line of it can end the quote or the block around it. */
export function quoted(md: string): string {
  return md
    .split("\n")
    .map((l) => (l === "" ? ">" : `> ${l}`))
    .join("\n");
}

/** Blocks, a blank line apart (`tight`: a tight list item's, one line apart, so that it stays tight). */
function blocks(tokens: Token[], depth: number, tight = false): string {
  const out: string[] = [];
  for (const t of tokens) {
    const b = block(t, depth);
    if (b !== undefined) out.push(b);
  }
  return out.join(tight ? "\n" : "\n\n");
}

function block(t: Token, depth: number): string | undefined {
  if (depth > MAX_DEPTH) return mdText(t.raw);
  switch (t.type) {
    case "space":
    case "def":
      return undefined;
    case "heading": {
      const h = t as Tokens.Heading;
      return `${"#".repeat(Math.min(6, h.depth + TOP_HEADING - 1))} ${lineStarts(inline(h.tokens, depth))}`;
    }
    case "paragraph":
      return lineStarts(inline((t as Tokens.Paragraph).tokens, depth));
    case "text": {
      const x = t as Tokens.Text;
      return lineStarts(x.tokens ? inline(x.tokens, depth) : mdText(x.text));
    }
    case "code": {
      const c = t as Tokens.Code;
      // Only a plain language name: the info string is agent text too.
      const lang = /^[\w+.#-]{1,30}$/.test(c.lang ?? "") ? (c.lang ?? "") : "";
      return fenced(noComments(c.text), lang);
    }
    case "blockquote":
      return quoted(blocks((t as Tokens.Blockquote).tokens, depth + 1));
    case "list":
      return list(t as Tokens.List, depth);
    case "table":
      return table(t as Tokens.Table, depth);
    case "hr":
      return "---";
    default:
      // Raw HTML and anything else: shown as the text it is, line by line.
      return t.raw
        .replace(/\n+$/, "")
        .split("\n")
        .map((l) => lineStarts(mdText(l)))
        .join("  \n");
  }
}

/**
 * A line of text that starts like a block (`- `, `+`, `1.`, `#`, `=`): escaped, so that text the agent
 * escaped stays text (a `\-` must not come back as a list item, an `===` line must not make a heading).
 */
function lineStarts(md: string): string {
  return md.replace(/^( {0,3})([-+=#])/gm, "$1\\$2").replace(/^( {0,3}\d{1,9})([.)])/gm, "$1\\$2");
}

function list(l: Tokens.List, depth: number): string {
  const start = typeof l.start === "number" ? l.start : 1;
  return l.items
    .map((item, i) => {
      const marker = l.ordered ? `${start + i}. ` : "- ";
      const box = item.task ? (item.checked ? "[x] " : "[ ] ") : "";
      const body = blocks(
        item.tokens.filter((c) => c.type !== "checkbox"),
        depth + 1,
        !l.loose,
      );
      const pad = " ".repeat(marker.length);
      // Continuation lines sit under the item's text, so that they stay in the item.
      const lines = body.split("\n");
      return `${marker}${box}${lines[0] ?? ""}${lines
        .slice(1)
        .map((line) => (line === "" ? "\n" : `\n${pad}${line}`))
        .join("")}`;
    })
    .join(l.loose ? "\n\n" : "\n");
}

function table(t: Tokens.Table, depth: number): string {
  const row = (cells: Tokens.TableCell[]) => `| ${cells.map((c) => inline(c.tokens, depth)).join(" | ")} |`;
  const align = t.align.map((a) =>
    a === "left" ? ":---" : a === "right" ? "---:" : a === "center" ? ":---:" : "---",
  );
  return [row(t.header), `| ${align.join(" | ")} |`, ...t.rows.map(row)].join("\n");
}

function inline(tokens: Token[] | undefined, depth: number): string {
  let out = "";
  for (const t of tokens ?? []) out += span(t, depth);
  return out;
}

function span(t: Token, depth: number): string {
  switch (t.type) {
    case "text": {
      const x = t as Tokens.Text;
      return x.tokens ? inline(x.tokens, depth) : mdText(x.text);
    }
    case "escape":
      return mdText((t as Tokens.Escape).text);
    case "strong":
      return `**${inline((t as Tokens.Strong).tokens, depth)}**`;
    case "em":
      return `*${inline((t as Tokens.Em).tokens, depth)}*`;
    case "del":
      return `~~${inline((t as Tokens.Del).tokens, depth)}~~`;
    case "codespan":
      return mdCode((t as Tokens.Codespan).text);
    case "br":
      return "  \n";
    case "link": {
      // Its words, and where it pointed as code: readable, never followed from the report.
      const l = t as Tokens.Link;
      const words = inline(l.tokens, depth);
      return l.href && l.href !== l.text ? `${words} (${mdCode(l.href)})` : words || mdCode(l.href);
    }
    case "image": {
      const im = t as Tokens.Image;
      return `${mdText(`[image: ${im.text || "no description"}]`)} (${mdCode(im.href)})`;
    }
    default:
      // Inline HTML and the rest: the text as written.
      return mdText(t.raw);
  }
}

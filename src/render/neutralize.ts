/**
 * Trust boundary: text from the agent must never become a workflow command.
 *
 * The runner reads stdout line by line, splitting at `\r\n`, `\r` and `\n` (.NET `ReadLine`), and runs
 * `::name::data` after trimming leading white space, and `##[name]data` anywhere in a line (docs/runner.md "Workflow commands").
 * It finds both with culture-sensitive .NET string search (ICU), which steps over "ignorable" code
 * points (U+00AD, U+200B, most C0 controls, …): `:\u00ad:set-output` counts as `::set-output`. So a
 * line is judged on what is left once those are removed, and a line that would be a command is
 * rewritten visibly: its invisible characters spelled out (`\u{ad}`), `##[` as `#\#[`, and a leading
 * `::` as `\::`. Every other line is printed exactly as the agent wrote it.
 *
 * This replaces `stop-commands`, which would leave the log viewer drawing a raw `##[group]` line as
 * structure; the end-to-end tests read our stdout with a faithful (and stricter) model of the runner.
 */
import { IGNORABLE_CLASS } from "./ignorables.js";

/** Code points without collation weight in ICU's root collation (generated), which .NET's search skips. */
const IGNORABLE = new RegExp(`[${IGNORABLE_CLASS}]`, "u");
const IGNORABLES = new RegExp(`[${IGNORABLE_CLASS}]`, "gu");

/** Every line break the runner honours, plus the Unicode ones a viewer might. */
const LINE_BREAKS = /\r\n|\r|\n|\u2028|\u2029|\u0085/;
/** White space that .NET's `TrimStart` or JavaScript's `trim` skips: the union, to be safe either way. */
const LEADING_SPACE = /^[\s\u0085\u180e]*/;

/** Splits agent text into the lines the runner would see. */
export function runnerLines(text: string): string[] {
  return text.split(LINE_BREAKS);
}

/** Neutralises one line (it must contain no line break: use {@link runnerLines} first). */
export function neutralizeLine(line: string): string {
  if (!mayHoldCommand(line)) return line;
  const hidden = IGNORABLE.test(line);
  const visible = hidden ? line.replace(IGNORABLES, "") : line;
  if (!visible.includes("##[") && !startsWithCommand(visible)) return line;
  let out = hidden ? line.replace(IGNORABLES, spellOut) : line;
  out = out.replaceAll("##[", "#\\#[");
  const lead = LEADING_SPACE.exec(out)?.[0].length ?? 0;
  if (out.startsWith("::", lead)) out = `${out.slice(0, lead)}\\${out.slice(lead)}`;
  return out;
}

/** Neutralised text, with line breaks kept as `\n`. */
export function neutralize(text: string): string {
  if (!mayNeedWork(text)) return text;
  return runnerLines(text).map(neutralizeLine).join("\n");
}

/** One line for a title or an annotation: line breaks shown as ⏎, then neutralised. */
export function oneLine(text: string, max = 200): string {
  const flat = LINE_BREAKS.test(text) ? text.split(LINE_BREAKS).join(" ⏎ ") : text;
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return neutralizeLine(cut);
}

function startsWithCommand(visible: string): boolean {
  const lead = LEADING_SPACE.exec(visible)?.[0].length ?? 0;
  return visible.startsWith("::", lead);
}

function spellOut(c: string): string {
  return `\\u{${c.codePointAt(0)!.toString(16)}}`;
}

/** Line breaks other than `\n`, which {@link neutralize} writes as `\n`. */
const OTHER_BREAKS = /[\r\u2028\u2029\u0085]/;

/**
 * Cheap test for the hot path. A command needs two `:` (`::name::`) or two `#` and a `[` (`##[`), with or
 * without ignorables between them: text with neither cannot hold one, whatever else it holds, and is
 * left as it is (unless it has line breaks to normalise). Most log lines end here after two `indexOf`s.
 */
function mayNeedWork(text: string): boolean {
  return mayHoldCommand(text) || OTHER_BREAKS.test(text);
}

/**
 * False when `text` cannot hold a command, whatever invisible characters it has: a command needs two `:`
 * (`::name::`) or two `#` and a `[` (`##[`), with or without ignorables between them.
 */
function mayHoldCommand(text: string): boolean {
  const colon = text.indexOf(":");
  if (colon !== -1 && text.indexOf(":", colon + 1) !== -1) return true;
  const hash = text.indexOf("#");
  return hash !== -1 && text.indexOf("#", hash + 1) !== -1 && text.includes("[");
}

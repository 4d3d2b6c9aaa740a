/**
 * Trust boundary: text from the agent must never become a workflow command.
 *
 * The runner reads stdout line by line, splitting at `\r\n`, `\r` and `\n` (.NET `ReadLine`), and runs
 * `::name::data` after trimming leading white space, and `##[name]data` anywhere in a line (RUNNER.md).
 * We print agent text after breaking both syntaxes with an invisible U+200B (not white space to .NET nor
 * to JavaScript), so the text reads the same and nothing is executed. `stop-commands` alone would not
 * do: the log viewer still draws a raw `##[group]` line as structure.
 */

const ZWSP = "\u200b";
/** Every line break the runner honours, plus the Unicode ones a viewer might. */
const LINE_BREAKS = /\r\n|\r|\n|\u2028|\u2029|\u0085/;
/**
 * White space that either .NET's `char.IsWhiteSpace` or JavaScript's `trim` skips (the union, so a
 * difference between the two can never leave a `::` at what the runner sees as the start of a line).
 */
const LEADING_SPACE = /^[\s\u0085\u180e\u200b\ufeff]*/;

/** Splits agent text into the lines the runner would see. */
export function runnerLines(text: string): string[] {
  return text.split(LINE_BREAKS);
}

/** Neutralises one line (it must contain no line break: use {@link runnerLines} first). */
export function neutralizeLine(line: string): string {
  let out = line.includes("##[") ? line.replaceAll("##[", `##${ZWSP}[`) : line;
  const lead = LEADING_SPACE.exec(out)?.[0].length ?? 0;
  if (out.startsWith("::", lead)) out = `${out.slice(0, lead + 1)}${ZWSP}${out.slice(lead + 1)}`;
  return out;
}

/** Neutralised text, with line breaks kept as `\n`. */
export function neutralize(text: string): string {
  if (!mayNeedWork(text)) return text;
  return runnerLines(text).map(neutralizeLine).join("\n");
}

/** One line for a title or an annotation: line breaks shown as ⏎, then neutralised. */
export function oneLine(text: string, max = 200): string {
  const flat = text.split(LINE_BREAKS).join(" ⏎ ");
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return neutralizeLine(cut);
}

function mayNeedWork(text: string): boolean {
  return text.includes("::") || text.includes("##[") || LINE_BREAKS.test(text);
}

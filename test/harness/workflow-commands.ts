/**
 * What the GitHub Actions runner does with a step's stdout, for tests to assert that agent text
 * never became a workflow command.
 *
 * Modelled on actions/runner: `ProcessInvoker` (lines come from .NET `StreamReader.ReadLine`),
 * `OutputManager.OnDataReceived`, `ActionCommandManager.TryProcessCommand` / `ValidateStopToken`
 * and `ActionCommand.TryParseV2` / `TryParse`. Written from reading that code, not copied.
 */

/** The names the runner registers (ExtensionManager), plus `stop-commands` itself. */
export const REGISTERED_COMMANDS: readonly string[] = [
  "stop-commands",
  "set-env",
  "set-output",
  "save-state",
  "add-path",
  "add-mask",
  "add-matcher",
  "remove-matcher",
  "warning",
  "error",
  "notice",
  "debug",
  "group",
  "endgroup",
  "echo",
];

export interface WorkflowCommand {
  /** The command name, lower-cased: the runner matches names case-insensitively. */
  name: string;
  /** The name as written in the line. */
  rawName: string;
  properties: Record<string, string>;
  data: string;
  /** The whole stdout line that carried the command. */
  line: string;
  /** 1-based line number in the split output. */
  lineNumber: number;
  /** `::name::data` (after leading whitespace) or the legacy `##[name]data` (anywhere in the line). */
  syntax: "::" | "##[";
  /**
   * True when the line is a command only once ICU-ignorable code points are removed (see
   * `ReadOptions.cultureSensitive`): text that tried to hide a command behind invisible characters.
   */
  viaIgnorableCharacters: boolean;
}

export interface CommandError {
  lineNumber: number;
  line: string;
  message: string;
}

export interface WorkflowLog {
  /** Every line that the runner processed as a command (including stop-commands and its resume token). */
  commands: WorkflowCommand[];
  /** Lines shown as plain log text (not processed as commands). */
  plainLines: string[];
  /** All lines, as the runner split them. */
  lines: string[];
  groups: {
    /** Every `group` closed by an `endgroup`, and no `endgroup` without an open group. */
    balanced: boolean;
    /** The deepest nesting of group commands seen (the UI does not nest groups). */
    maxDepth: number;
    neverNested: boolean;
    titles: string[];
  };
  /** Command processing was still paused by `stop-commands` when the output ended. */
  stoppedAtEnd: boolean;
  /** Values the runner would mask in the log from then on (`add-mask`, long stop tokens). */
  masks: string[];
  /** Commands the runner would refuse with an error; each of these fails the step. */
  errors: CommandError[];
}

export interface ReadOptions {
  /**
   * The runner finds `::` and `##[` with culture-sensitive .NET `StartsWith`/`IndexOf` (ICU on
   * Linux), which skip "ignorable" code points such as U+00AD or U+200B. When true (the default),
   * a line also counts as a command if it is one once those code points are removed. That is a
   * deliberate over-approximation: the exact ICU offsets are not reproduced, and a checker that
   * errs towards "this was a command" is the safe one.
   */
  cultureSensitive?: boolean;
  /** `ACTIONS_ALLOW_UNSECURE_STOPCOMMAND_TOKENS`: accept an empty or command-named stop token. */
  allowUnsecureStopTokens?: boolean;
  /** `ACTIONS_ALLOW_UNSECURE_COMMANDS`: accept `set-env` and `add-path`. */
  allowUnsecureCommands?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Lines and characters, as .NET sees them

/**
 * Splits output into lines the way .NET `StreamReader.ReadLine` does: `\r\n`, a lone `\r` and a
 * lone `\n` all end a line, so a bare `\r` (which a terminal would treat as "back to column 0")
 * starts a new line that the runner examines for commands on its own. A final line without a
 * terminator is still a line; an empty input has none. The reader also drops a leading UTF-8 BOM.
 */
export function splitRunnerLines(text: string): string[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const lines: string[] = [];
  let start = 0;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char !== "\r" && char !== "\n") continue;
    lines.push(source.slice(start, index));
    if (char === "\r" && source[index + 1] === "\n") index++;
    start = index + 1;
  }
  if (start < source.length) lines.push(source.slice(start));
  return lines;
}

/**
 * The same splitting for a stream that arrives in chunks (one per stdout/stderr `data` event):
 * a `\r` at the end of a chunk may be the first half of a `\r\n` split across two chunks.
 */
export class RunnerLineSplitter {
  private pending = "";
  private started = false;
  private pendingCr = false;

  /** Feeds decoded text; returns the lines it completed. */
  push(text: string): string[] {
    let chunk = text;
    if (!this.started && chunk !== "") {
      this.started = true;
      if (chunk.startsWith("\uFEFF")) chunk = chunk.slice(1);
    }
    if (this.pendingCr && chunk !== "") {
      if (chunk.startsWith("\n")) chunk = chunk.slice(1);
      this.pendingCr = false;
    }
    const lines: string[] = [];
    let start = 0;
    for (let index = 0; index < chunk.length; index++) {
      const char = chunk[index];
      if (char !== "\r" && char !== "\n") continue;
      lines.push(this.pending + chunk.slice(start, index));
      this.pending = "";
      if (char === "\r") {
        if (index + 1 === chunk.length) this.pendingCr = true;
        else if (chunk[index + 1] === "\n") index++;
      }
      start = index + 1;
    }
    this.pending += chunk.slice(start);
    return lines;
  }

  /** Ends the stream: an unterminated last line is still a line. */
  end(): string[] {
    const last = this.pending;
    this.pending = "";
    return last === "" ? [] : [last];
  }
}

/**
 * .NET `char.IsWhiteSpace`: the Unicode White_Space property. Note it includes U+0085 and U+00A0
 * but not U+FEFF or U+200B (unlike JavaScript's `\s`, which has U+FEFF and lacks U+0085).
 */
export function isDotNetWhiteSpace(char: string): boolean {
  const code = char.charCodeAt(0);
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

function trimStartDotNet(text: string): string {
  let index = 0;
  while (index < text.length && isDotNetWhiteSpace(text[index]!)) index++;
  return text.slice(index);
}

function trimDotNet(text: string): string {
  let end = text.length;
  while (end > 0 && isDotNetWhiteSpace(text[end - 1]!)) end--;
  return trimStartDotNet(text.slice(0, end));
}

/**
 * Whether ICU's root collation gives the code point no weight, asked of ICU itself (Node's Intl), as
 * culture-sensitive .NET string search on Linux asks it: such code points are stepped over. Independent of
 * the action's generated table, which the tests compare against this.
 */
const collator = new Intl.Collator("und", { sensitivity: "variant", usage: "search" });
const ignorableCache = new Map<number, boolean>();

function isIcuIgnorable(codePoint: number): boolean {
  let hit = ignorableCache.get(codePoint);
  if (hit === undefined) {
    const ch =
      codePoint >= 0xd800 && codePoint <= 0xdfff
        ? String.fromCharCode(codePoint)
        : String.fromCodePoint(codePoint);
    hit = collator.compare(`a${ch}b`, "ab") === 0;
    ignorableCache.set(codePoint, hit);
  }
  return hit;
}

function withoutIcuIgnorables(text: string): string {
  let out = "";
  for (const char of text) if (!isIcuIgnorable(char.codePointAt(0)!)) out += char;
  return out;
}

/**
 * The runner compares command names with `StringComparer.OrdinalIgnoreCase`: per UTF-16 unit,
 * simple upper-casing; .NET refuses to map U+0131 (ı) and U+017F (ſ) to ASCII I and S.
 */
function ordinalUpper(text: string): string {
  let out = "";
  for (const unit of text.split("")) {
    const upper = unit === "\u0131" || unit === "\u017f" ? unit : unit.toUpperCase();
    out += upper.length === 1 ? upper : unit;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Unescaping (ActionCommand.cs); replacements are applied in this order, one pass each.

function replaceAll(text: string, mappings: readonly (readonly [string, string])[]): string {
  let out = text;
  for (const [escaped, plain] of mappings) out = out.split(escaped).join(plain);
  return out;
}

/** `::cmd::data` data: `%0D`, `%0A`, then `%25`. */
export function unescapeData(text: string): string {
  return replaceAll(text, [
    ["%0D", "\r"],
    ["%0A", "\n"],
    ["%25", "%"],
  ]);
}

/** `::cmd key=value::` values: `%0D`, `%0A`, `%3A`, `%2C`, then `%25`. */
export function unescapeProperty(text: string): string {
  return replaceAll(text, [
    ["%0D", "\r"],
    ["%0A", "\n"],
    ["%3A", ":"],
    ["%2C", ","],
    ["%25", "%"],
  ]);
}

/** Legacy `##[cmd key=value]data`, data and values alike: `%3B`, `%0D`, `%0A`, `%5D`, then `%25`. */
export function unescapeLegacy(text: string): string {
  return replaceAll(text, [
    ["%3B", ";"],
    ["%0D", "\r"],
    ["%0A", "\n"],
    ["%5D", "]"],
    ["%25", "%"],
  ]);
}

/**
 * .NET `string.Split(separator, 2, StringSplitOptions.RemoveEmptyEntries)`: empty pieces are
 * dropped, and once the first non-empty piece is taken, empty pieces right after it are skipped
 * too, so `a==b` gives `["a", "b"]` and `a=` gives `["a"]`.
 */
function splitPairDotNet(text: string, separator: string): string[] {
  const pieces: string[] = [];
  let current = 0;
  let index = text.indexOf(separator, current);
  while (index !== -1) {
    if (index > current) pieces.push(text.slice(current, index));
    current = index + 1;
    if (pieces.length === 1) {
      while (text[current] === separator) current++;
      break;
    }
    index = text.indexOf(separator, current);
  }
  if (current < text.length) pieces.push(text.slice(current));
  return pieces;
}

// ---------------------------------------------------------------------------------------------
// Parsing one line (TryParseV2, then TryParse)

interface ParsedCommand {
  rawName: string;
  properties: Record<string, string>;
  data: string;
  syntax: "::" | "##[";
}

type IsRegistered = (name: string) => boolean;

function setProperty(properties: Record<string, string>, key: string, value: string): void {
  // A case-insensitive dictionary: a later key that differs only in case overwrites the value.
  const existing = Object.keys(properties).find((name) => ordinalUpper(name) === ordinalUpper(key));
  properties[existing ?? key] = value;
}

function parseProperties(
  text: string,
  separator: string,
  decode: (value: string) => string,
): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const piece of text.split(separator)) {
    if (piece === "") continue;
    const pair = splitPairDotNet(piece, "=");
    if (pair.length === 2) setProperty(properties, pair[0]!, decode(pair[1]!));
  }
  return properties;
}

function commandName(info: string): { name: string; space: number } {
  const space = info.indexOf(" ");
  return { name: space < 0 ? info : info.slice(0, space), space };
}

function tryParseV2(line: string, isRegistered: IsRegistered): ParsedCommand | undefined {
  const message = trimStartDotNet(line);
  if (!message.startsWith("::")) return undefined;
  const end = message.indexOf("::", 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const { name, space } = commandName(info);
  if (name === "" || !isRegistered(name)) return undefined;
  const properties =
    space > 0 ? parseProperties(trimDotNet(info.slice(space + 1)), ",", unescapeProperty) : {};
  return { rawName: name, properties, data: unescapeData(message.slice(end + 2)), syntax: "::" };
}

function tryParseLegacy(line: string, isRegistered: IsRegistered): ParsedCommand | undefined {
  const prefix = line.indexOf("##[");
  if (prefix < 0) return undefined;
  const bracket = line.indexOf("]", prefix);
  if (bracket < 0) return undefined;
  const info = line.slice(prefix + 3, bracket);
  const { name, space } = commandName(info);
  if (name === "" || !isRegistered(name)) return undefined;
  const properties = space > 0 ? parseProperties(info.slice(space + 1), ";", unescapeLegacy) : {};
  return { rawName: name, properties, data: unescapeLegacy(line.slice(bracket + 1)), syntax: "##[" };
}

function parseLine(
  line: string,
  isRegistered: IsRegistered,
  cultureSensitive: boolean,
): (ParsedCommand & { viaIgnorableCharacters: boolean }) | undefined {
  // OutputManager only looks further at lines containing "##[" or "::"; the parsers imply that.
  const direct = tryParseV2(line, isRegistered) ?? tryParseLegacy(line, isRegistered);
  if (direct) return { ...direct, viaIgnorableCharacters: false };
  if (!cultureSensitive) return undefined;
  const visible = withoutIcuIgnorables(line);
  if (visible === line) return undefined;
  const hidden = tryParseV2(visible, isRegistered) ?? tryParseLegacy(visible, isRegistered);
  return hidden ? { ...hidden, viaIgnorableCharacters: true } : undefined;
}

// ---------------------------------------------------------------------------------------------
// The command manager's state machine

/**
 * Reads a step's stdout as the runner would and reports which lines became workflow commands.
 */
export function readWorkflowCommands(stdout: string | Uint8Array, options: ReadOptions = {}): WorkflowLog {
  const text = typeof stdout === "string" ? stdout : new TextDecoder("utf-8").decode(stdout);
  return readWorkflowCommandLines(splitRunnerLines(text), options);
}

/**
 * The same, for lines already split (e.g. stdout and stderr interleaved in arrival order: the
 * runner feeds both streams to one command manager, so a `stop-commands` on one covers both).
 */
export function readWorkflowCommandLines(lines: readonly string[], options: ReadOptions = {}): WorkflowLog {
  const cultureSensitive = options.cultureSensitive ?? true;

  const registered = new Set(REGISTERED_COMMANDS.map(ordinalUpper));
  const isRegistered: IsRegistered = (name) => registered.has(ordinalUpper(name));

  const log: WorkflowLog = {
    commands: [],
    plainLines: [],
    lines: [...lines],
    groups: { balanced: true, maxDepth: 0, neverNested: true, titles: [] },
    stoppedAtEnd: false,
    masks: [],
    errors: [],
  };
  let stopToken: string | undefined;
  let depth = 0;

  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    const parsed = line === "" ? undefined : parseLine(line, isRegistered, cultureSensitive);
    if (!parsed) {
      log.plainLines.push(line);
      return;
    }
    const command: WorkflowCommand = {
      name: parsed.rawName.toLowerCase(),
      rawName: parsed.rawName,
      properties: parsed.properties,
      data: parsed.data,
      line,
      lineNumber,
      syntax: parsed.syntax,
      viaIgnorableCharacters: parsed.viaIgnorableCharacters,
    };
    const error = (message: string) => log.errors.push({ lineNumber, line, message });

    if (stopToken !== undefined) {
      // While stopped, only the resume token (registered for the duration) is acted upon.
      if (stopToken !== "" && ordinalUpper(parsed.rawName) === ordinalUpper(stopToken)) {
        registered.delete(ordinalUpper(stopToken));
        stopToken = undefined;
        log.commands.push(command);
      } else {
        log.plainLines.push(line);
      }
      return;
    }

    if (command.name === "stop-commands") {
      const token = command.data;
      const invalid = token === "" || isRegistered(token) || token.toLowerCase() === "pause-logging";
      if (invalid && !options.allowUnsecureStopTokens) {
        // ValidateStopToken throws: processing is not paused, and the step fails.
        error(`invalid stop-commands token '${token}'`);
        return;
      }
      stopToken = token;
      registered.add(ordinalUpper(token));
      if (token.length > 6) log.masks.push(token);
      log.commands.push(command);
      return;
    }

    log.commands.push(command);
    applyCommand(command, options, log, error, (delta, title) => {
      if (delta > 0) {
        depth++;
        log.groups.titles.push(title ?? "");
        log.groups.maxDepth = Math.max(log.groups.maxDepth, depth);
      } else if (depth === 0) {
        log.groups.balanced = false;
      } else {
        depth--;
      }
    });
  });

  if (depth !== 0) log.groups.balanced = false;
  log.groups.neverNested = log.groups.maxDepth <= 1;
  log.stoppedAtEnd = stopToken !== undefined;
  return log;
}

/** The effects of one processed command that the tests care about, and the ones that fail the step. */
function applyCommand(
  command: WorkflowCommand,
  options: ReadOptions,
  log: WorkflowLog,
  error: (message: string) => void,
  group: (delta: 1 | -1, title?: string) => void,
): void {
  switch (command.name) {
    case "add-mask":
      // A blank value only draws a warning.
      if (command.data.trim() !== "") log.masks.push(command.data);
      return;
    case "group":
      group(1, command.data);
      return;
    case "endgroup":
      group(-1);
      return;
    case "set-env":
    case "add-path":
      if (!options.allowUnsecureCommands) error(`the '${command.name}' command is disabled`);
      return;
    case "set-output":
    case "save-state":
      if (!findCaseInsensitive(command.properties, "name")) {
        error(`required field 'name' is missing in ${command.name}`);
      }
      return;
    case "echo": {
      const value = command.data.trim().toUpperCase();
      if (value !== "ON" && value !== "OFF") error(`invalid echo value '${command.data}'`);
      return;
    }
    default:
      return;
  }
}

function findCaseInsensitive(properties: Record<string, string>, key: string): string | undefined {
  const match = Object.keys(properties).find((name) => ordinalUpper(name) === ordinalUpper(key));
  return match === undefined ? undefined : properties[match];
}

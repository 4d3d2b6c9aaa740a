/**
 * The job log's one way out. Agent text goes through {@link LogWriter.text}, which neutralises it; only
 * {@link LogWriter.command} writes workflow commands, and only the action calls it. Output is buffered
 * and written in one piece per {@link LogWriter.flush}: the caller flushes after each chunk it reads
 * from the agent, so nothing waits for the process to exit.
 */
import { neutralize, oneLine, runnerLines } from "./neutralize.js";
import { MAX_LOG_LINE, terminalSafe } from "./terminal.js";

/** GitHub shows annotations in full up to a few KB; the log has the rest. */
const MAX_ANNOTATION = 4000;

export interface TextOut {
  write(s: string): unknown;
}

export class LogWriter {
  private buf: string[] = [];
  private groupOpen = false;
  /** Known secrets out of a line before it is capped (the runner's mask cannot see half a secret). */
  private redact: (s: string) => string = (s) => s;

  constructor(private readonly out: TextOut) {}

  /** The secrets are known once the inputs are read. */
  setRedactor(redact: (s: string) => string): void {
    this.redact = redact;
  }

  /** Untrusted text, one or more lines: terminal control out, each line capped, then neutralised. */
  text(s: string): void {
    if (s.length <= MAX_LOG_LINE && unchanged(s)) this.buf.push(s, "\n");
    else this.buf.push(neutralize(forTerminal(s.length > MAX_LOG_LINE ? this.redact(s) : s)), "\n");
  }

  /**
   * Untrusted lines, as {@link text} writes each of them. A tool call's output (up to
   * `log-tool-output-lines` lines of code, paths, grep matches) is mostly printable ASCII with no `::`
   * and no `##[`: then no line of it can be a command or hold a control, and the block is written as it
   * is after one scan of it instead of one for each line (~90,000 lines in the 2026-shaped run's log).
   * tool-output.ts hands over a call's shown lines as one element, joined by `\n`, when no line ends in
   * `\r` and the whole fits in a line of the log: {@link text} writes such an element as it writes each of
   * its lines (a property test holds the two together).
   */
  lines(lines: readonly string[]): void {
    if (lines.length === 0) return;
    const block = lines.length === 1 ? lines[0]! : lines.join("\n");
    if (PRINTABLE_BLOCK.test(block) && !block.includes("::") && !block.includes("##[") && fitLines(lines)) {
      this.buf.push(block, "\n");
      return;
    }
    for (const line of lines) this.text(line);
  }

  /** A workflow command of the action's own. Data and properties are escaped as the toolkit does. */
  command(name: string, data: string, props?: Record<string, string | number | undefined>): void {
    if (!props) {
      this.buf.push(`::${name}::${escapeData(data)}\n`);
      return;
    }
    const p = Object.entries(props)
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
      .join(",");
    this.buf.push(`::${name}${p ? ` ${p}` : ""}::${escapeData(data)}\n`);
  }

  /** Opens a collapsed group. Groups never nest: an open one is closed first. */
  group(title: string): void {
    if (this.groupOpen) this.endGroup();
    this.command("group", oneLine(forTerminal(title), 240));
    this.groupOpen = true;
  }

  endGroup(): void {
    if (!this.groupOpen) return;
    this.command("endgroup", "");
    this.groupOpen = false;
  }

  /** An annotation. Its message may span lines (escaped into one command line), each neutralised. */
  annotate(level: "warning" | "error" | "notice" | "debug", message: string, title?: string): void {
    const cut = message.length > MAX_ANNOTATION ? `${message.slice(0, MAX_ANNOTATION)}…` : message;
    this.command(level, neutralize(forTerminal(cut)), {
      title: title ? oneLine(forTerminal(title), 100) : undefined,
    });
  }

  mask(secret: string): void {
    // One mask a line: a multi-line secret is masked line by line, as the toolkit recommends.
    for (const line of secret.split(/\r?\n/))
      if (line.trim() !== "") this.buf.push(`::add-mask::${escapeData(line)}\n`);
  }

  flush(): void {
    if (this.buf.length === 0) return;
    const s = this.buf.join("");
    this.buf = [];
    this.out.write(s);
  }

  /** Leaves no group open and flushes (for the end of the run, or a cancellation); writing may go on. */
  endGroupAndFlush(): void {
    this.endGroup();
    this.flush();
  }
}

/** Terminal control out of every line of `s` (the line breaks the runner honours kept as `\n`). */
function forTerminal(s: string): string {
  if (s.length <= MAX_LOG_LINE && !MAY_NEED_WORK.test(s)) return s;
  return runnerLines(s).map(terminalSafe).join("\n");
}

/**
 * True when {@link forTerminal} and {@link neutralize} would leave `s` (not longer than a log line) as it
 * is, found by one scan and two searches. Most lines hold no control character, no line break but `\n`,
 * no `:` and no `#` ({@link SUSPECT}); most of the others (code, paths, `file:12:` in a grep's output)
 * are printable ASCII, where no character is one the runner's search steps over, nothing is a terminal
 * control and no line break hides: such a line is a command only if it holds `##[` or starts with `::`
 * after spaces and tabs (what neutralize looks for). The whole way for those lines was ~45 ms of CPU for
 * the 2026-shaped run's log (in isolation; BENCHMARKS.md).
 */
function unchanged(s: string): boolean {
  if (!PRINTABLE_ASCII.test(s)) return !SUSPECT.test(s);
  if (s.includes("##[")) return false;
  let lead = 0;
  while (s.charCodeAt(lead) === 0x20 || s.charCodeAt(lead) === 0x09) lead++;
  return !s.startsWith("::", lead);
}

/** Tab and the printable ASCII characters, and nothing else. */
const PRINTABLE_ASCII = /^[\t\u0020-\u007e]*$/;
/** The same, and `\n` between lines. */
const PRINTABLE_BLOCK = /^[\t\n\u0020-\u007e]*$/;

/** No line past what the log shows of one (each is then cut, after a redaction: {@link LogWriter.text}). */
function fitLines(lines: readonly string[]): boolean {
  for (const line of lines) if (line.length > MAX_LOG_LINE) return false;
  return true;
}

/**
 * What {@link forTerminal} or {@link neutralize} may change: controls (`\r` among them), DEL/C1, bidi
 * controls, Unicode line breaks, and `:` and `#`, without which no command can be spelled.
 */
const SUSPECT =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029:#]/;

/** Controls, DEL/C1 and bidi controls: most text has none (the hot path). Line breaks are handled apart. */
const MAY_NEED_WORK =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The toolkit's escaping for command data (`%`, CR, LF), after which no line break is left. */
function escapeData(s: string): string {
  if (!/[%\r\n]/.test(s)) return s;
  return s.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

/** The toolkit's escaping for command properties: also `:` and `,`. */
function escapeProperty(s: string): string {
  return escapeData(s).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

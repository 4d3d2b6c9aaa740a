/**
 * The body of a tool call's log group: what its family says is worth seeing (the command, the output, the
 * diff), trimmed to a readable size. Returns lines of untrusted text (the writer neutralises them).
 */
import { logBody, outcomeError, type Tool } from "../tools/index.js";

/** A single line longer than this is cut: one minified file must not flood the log. */
const MAX_LINE = 2000;
/** Redacted past the cut too, so that a cut never falls inside a secret (the runner's mask would miss half). */
const SECRET_MARGIN = 4096;

export function toolOutput(t: Tool, maxLines: number, redact: (s: string) => string = (s) => s): string[] {
  const { head, body } = logBody(t);
  const err = outcomeError(t);
  if (err) head.push(err);
  return [...head.map((l) => cutLine(l, 0, l.length, redact)), ...trimLines(body, maxLines, redact)];
}

/**
 * The first `max` lines, without splitting the rest (a tool's output can be megabytes). Only what is
 * shown is redacted: bodies add up to tens of megabytes in a long run, and this is the hot path.
 */
function trimLines(text: string | undefined, max: number, redact: (s: string) => string): string[] {
  if (text === undefined || text === "") return [];
  const raw = text.endsWith("\n") ? text.slice(0, -1) : text;
  // The usual body is small: redacted whole, in one call (redaction keeps every line break).
  const small = raw.length <= max * (MAX_LINE + 1) + SECRET_MARGIN;
  const body = small ? redact(raw) : raw;
  const cut = small ? (s: string) => s : redact;
  const out: string[] = [];
  let start = 0;
  while (out.length < max) {
    const nl = body.indexOf("\n", start);
    const end = nl === -1 ? body.length : nl;
    out.push(cutLine(body, start, end, cut));
    if (nl === -1) return out;
    start = nl + 1;
  }
  let more = 1;
  for (let nl = body.indexOf("\n", start); nl !== -1; nl = body.indexOf("\n", nl + 1)) more++;
  out.push(`… ${more} more lines not shown (log-tool-output-lines: ${max})`);
  return out;
}

/** `text[start, end)` as one shown line: redacted (with a margin past the cut), then cut to MAX_LINE. */
function cutLine(text: string, start: number, end: number, redact: (s: string) => string): string {
  const length = end - start;
  const line = redact(text.slice(start, Math.min(end, start + MAX_LINE + SECRET_MARGIN)));
  if (line.length <= MAX_LINE && length <= MAX_LINE + SECRET_MARGIN) return line;
  return `${line.slice(0, MAX_LINE)}… (${Math.max(length, line.length) - MAX_LINE} more characters)`;
}

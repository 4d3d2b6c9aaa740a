/**
 * The body of a tool call's log group: what its family says is worth seeing (the command, the output, the
 * diff), trimmed to a readable size. Returns lines of untrusted text (the writer neutralises them).
 */
import { logBody, outcomeError, type Tool } from "../tools/index.js";

/** A single line longer than this is cut: one minified file must not flood the log. */
const MAX_LINE = 2000;

/** Known secrets go before anything is cut here: a cut must not leave half of one for the runner's mask to miss. */
export function toolOutput(t: Tool, maxLines: number, redact: (s: string) => string = (s) => s): string[] {
  const { head, body } = logBody(t);
  const err = outcomeError(t);
  if (err) head.push(err);
  return [
    ...head.map((l) => truncate(redact(l), MAX_LINE)),
    ...trimLines(body === undefined ? undefined : redact(body), maxLines),
  ];
}

/** The first `max` lines, without splitting the rest (a tool's output can be megabytes). */
function trimLines(text: string | undefined, max: number): string[] {
  if (text === undefined || text === "") return [];
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  const shown: string[] = [];
  let start = 0;
  while (shown.length < max) {
    const nl = body.indexOf("\n", start);
    shown.push(truncate(body.slice(start, nl === -1 ? body.length : nl), MAX_LINE));
    if (nl === -1) return shown;
    start = nl + 1;
  }
  let more = 1;
  for (let nl = body.indexOf("\n", start); nl !== -1; nl = body.indexOf("\n", nl + 1)) more++;
  shown.push(`… ${more} more lines not shown (log-tool-output-lines: ${max})`);
  return shown;
}

function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length - max} more characters)` : s;
}

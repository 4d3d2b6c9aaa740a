/**
 * The body of a tool call's log group: what its family says is worth seeing (the command, the output, the
 * diff), trimmed to a readable size. Returns lines of untrusted text (the writer neutralises them).
 */
import { SECRET_MARGIN } from "../base/limits.js";
import { RootedMemo } from "../base/memo.js";
import { isAbsoluteAny, relatePath } from "../model/paths.js";
import { logBody, outcomeError, type Tool } from "../tools/index.js";
import { MAX_LOG_LINE } from "./terminal.js";

/** A single line longer than this is cut: one minified file must not flood the log. */
const MAX_LINE = 2000;
/** Redacted past the cut too, so that a cut never falls inside a secret (the runner's mask would miss half). */

export function toolOutput(
  t: Tool,
  maxLines: number,
  redact: (s: string) => string = (s) => s,
  root?: string,
): string[] {
  const { head, body } = logBody(t);
  const err = outcomeError(t);
  if (err) head.push(err);
  const shown = body === undefined ? undefined : workspaceHeaders(body, root);
  const out: string[] = [];
  for (const l of head) out.push(cutLine(l, 0, l.length, redact));
  return trimLines(shown, maxLines, redact, out);
}

/** A unified diff's file header naming an absolute path: `--- a//abs`, `+++ b/D:\abs`, `+++ b/C:/abs`. */
const HEADER = /^(--- a\/|\+\+\+ b\/)(.+)$/;

/**
 * The CLI's edit diff opens with `--- a/<absolute path>` and `+++ b/<absolute path>`: shown as the group's
 * title shows the file, relative to the workspace (`a/src/x.ts`), in whichever OS style the agent wrote it.
 * A path outside the workspace stays as it is. Only the first two lines, and only as a pair: further down
 * a line of that shape is the content of a hunk (a removed `-- a/…`), and the body can be megabytes.
 */
function workspaceHeaders(body: string, root: string | undefined): string {
  if (!root || !body.startsWith("--- a/")) return body;
  const first = body.indexOf("\n");
  const second = first === -1 ? -1 : body.indexOf("\n", first + 1);
  const end = second === -1 ? body.length : second;
  if (first === -1 || !body.startsWith("+++ b/", first + 1)) return body;
  const pair = body.slice(0, end);
  // A run edits the same few files call after call (edit-heavy: 4,680 edits of 8 files): each pair of
  // headers is worked out once per root.
  let shown = SHOWN_HEADERS.get(root, pair);
  if (shown === undefined) {
    shown = [pair.slice(0, first), pair.slice(first + 1)]
      .map((line) => {
        const [, prefix, p] = HEADER.exec(line.replace(/\r$/, "")) ?? [];
        if (!prefix || !p || !isAbsoluteAny(p)) return line;
        const rel = relatePath(p, root);
        return rel.inside ? `${prefix}${rel.display}` : line;
      })
      .join("\n");
    // Not a pair longer than a path's pair can be (a body without a second line break is all "pair").
    if (pair.length <= MAX_KEPT_PAIR) SHOWN_HEADERS.set(root, pair, shown);
  }
  return shown === pair ? body : `${shown}${body.slice(end)}`;
}

/** The header pairs worked out so far. */
const SHOWN_HEADERS = new RootedMemo<string>(4, 256);
const MAX_KEPT_PAIR = 2 * 4096 + 16;

/**
 * The first `max` lines, without splitting the rest (a tool's output can be megabytes), appended to `out`.
 * Only what is shown is redacted: bodies add up to tens of megabytes in a long run, and this is the hot
 * path. When no shown line needs cutting (the usual case), they are appended as one element, the lines
 * joined by `\n` as the log writer would join them: one slice instead of one a line, ~90,000 lines in
 * the 2026-shaped run's log.
 */
function trimLines(
  text: string | undefined,
  max: number,
  redact: (s: string) => string,
  out: string[] = [],
): string[] {
  if (text === undefined || text === "") return out;
  const raw = text.endsWith("\n") ? text.slice(0, -1) : text;
  // Where the shown lines end: only they (and a margin) are redacted, in one call when that is small.
  const shownEnd = lineStart(raw, max);
  const small = shownEnd + SECRET_MARGIN <= max * (MAX_LINE + 1) + SECRET_MARGIN;
  if (small) {
    const region = redact(raw.slice(0, Math.min(raw.length, shownEnd + SECRET_MARGIN)));
    // The shown lines' end, and whether any of them is too long to be shown whole.
    let shown = 0;
    let start = 0;
    let end = 0;
    let long = false;
    while (shown < max) {
      const nl = region.indexOf("\n", start);
      end = nl === -1 ? region.length : nl;
      shown++;
      if (end - start > MAX_LINE) long = true;
      if (nl === -1 || end >= region.length) break;
      start = nl + 1;
    }
    // One element is written as its lines would be (log-writer.ts) unless a line ends in `\r` (a `\r\n`
    // in it would be one break to the log, not a line's end and a break) or it is longer than a line of
    // the log (which the writer would redact and cut as one).
    const block = long || end > MAX_LOG_LINE ? undefined : region.slice(0, end);
    if (block !== undefined && !block.includes("\r")) {
      if (shown > 0) out.push(block);
    } else {
      start = 0;
      for (let i = 0; i < shown; i++) {
        const nl = region.indexOf("\n", start);
        const stop = nl === -1 ? region.length : nl;
        out.push(cutLine(region, start, stop, (x) => x));
        start = nl + 1;
      }
    }
  } else {
    let start = 0;
    for (let shown = 0; shown < max && start <= raw.length; shown++) {
      const nl = raw.indexOf("\n", start);
      const end = nl === -1 ? raw.length : nl;
      out.push(cutLine(raw, start, end, redact));
      if (nl === -1) break;
      start = nl + 1;
    }
  }
  if (shownEnd >= raw.length) return out;
  let more = 1;
  for (let nl = raw.indexOf("\n", shownEnd); nl !== -1; nl = raw.indexOf("\n", nl + 1)) more++;
  out.push(`… ${more} more lines not shown (log-tool-output-lines: ${max})`);
  return out;
}

/** Where line `n` (0-based) of `text` starts; the text's length when it has fewer lines. */
function lineStart(text: string, n: number): number {
  let at = 0;
  for (let i = 0; i < n; i++) {
    const nl = text.indexOf("\n", at);
    if (nl === -1) return text.length;
    at = nl + 1;
  }
  return at;
}

/** `text[start, end)` as one shown line: redacted (with a margin past the cut), then cut to MAX_LINE. */
function cutLine(text: string, start: number, end: number, redact: (s: string) => string): string {
  const length = end - start;
  const line = redact(text.slice(start, Math.min(end, start + MAX_LINE + SECRET_MARGIN)));
  if (line.length <= MAX_LINE && length <= MAX_LINE + SECRET_MARGIN) return line;
  return `${line.slice(0, MAX_LINE)}… (${Math.max(length, line.length) - MAX_LINE} more characters)`;
}

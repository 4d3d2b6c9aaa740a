/**
 * The log shows the agent's text, not terminal control. The job log is rendered by a terminal emulator in
 * the browser (and often copied into one): an agent's escape sequences could draw links (OSC 8), write to
 * the clipboard (OSC 52), move the cursor to overwrite earlier lines, or hide text; bidi overrides can make
 * a line read other than it is. So, for each line: colour (SGR) is kept, every other escape sequence and
 * C0/C1 control character is removed (tab kept), bidi controls are spelled out (`\u{202e}`), and the line is
 * cut at {@link MAX_LOG_LINE} characters with a note. A linear scan, no regular expression on agent text.
 */

/** One log line at most: a 500 MB assistant line must not become one line of the log. */
export const MAX_LOG_LINE = 64 * 1024;

const ESC = 0x1b;
const BEL = 0x07;

/** Anything that may need work: controls, DEL/C1, bidi controls. A fast test for the hot path. */
const SUSPECT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const BIDI = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);

/** `line` (no line breaks in it) made safe to print. */
export function terminalSafe(line: string): string {
  const cut = line.length > MAX_LOG_LINE;
  const shown = cut ? line.slice(0, MAX_LOG_LINE) : line;
  const clean = SUSPECT.test(shown) ? scrub(shown) : shown;
  return cut ? `${clean}… (${line.length - MAX_LOG_LINE} more characters not shown)` : clean;
}

function scrub(s: string): string {
  let out = "";
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === ESC) {
      i = escapeSequence(s, i, (kept) => {
        out += kept;
      });
      continue;
    }
    if (c === 0x09 || (c >= 0x20 && c < 0x7f) || c > 0x9f) {
      out += BIDI.has(c) ? `\\u{${c.toString(16)}}` : s[i];
      i++;
      continue;
    }
    // C0 (but tab), DEL and C1 controls: dropped.
    i++;
  }
  return out;
}

/**
 * The escape sequence at `at` (an ESC): a CSI SGR (colour) is handed to `keep`; everything else is
 * dropped. Returns the index after it. String sequences (OSC, DCS, APC, PM, SOS) end at BEL or ST; one
 * that does not end in the line loses only its introducer, so nothing it carries is hidden.
 */
function escapeSequence(s: string, at: number, keep: (kept: string) => void): number {
  const next = s.charCodeAt(at + 1);
  if (Number.isNaN(next)) return at + 1; // a lone ESC at the end
  if (next === 0x5b /* [ */) {
    let j = at + 2;
    while (j < s.length && s.charCodeAt(j) >= 0x30 && s.charCodeAt(j) <= 0x3f) j++; // parameters
    const paramsEnd = j;
    while (j < s.length && s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x2f) j++; // intermediates
    const final = s.charCodeAt(j);
    if (Number.isNaN(final) || final < 0x40 || final > 0x7e) return at + 2; // malformed: drop ESC [
    const params = s.slice(at + 2, paramsEnd);
    if (final === 0x6d /* m */ && paramsEnd === j && /^[0-9;]*$/.test(params)) keep(s.slice(at, j + 1));
    return j + 1;
  }
  if (
    next === 0x5d /* ] */ ||
    next === 0x50 /* P */ ||
    next === 0x5f /* _ */ ||
    next === 0x5e /* ^ */ ||
    next === 0x58 /* X */
  ) {
    for (let j = at + 2; j < s.length; j++) {
      const c = s.charCodeAt(j);
      if (c === BEL) return j + 1;
      if (c === ESC && s.charCodeAt(j + 1) === 0x5c /* \ */) return j + 2;
    }
    return at + 2;
  }
  // A two-character sequence (ESC c, ESC 7, ESC ( B …): both dropped.
  return at + 2;
}

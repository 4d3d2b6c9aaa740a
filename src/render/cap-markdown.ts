/**
 * Rendered markdown cut to fit a size, never leaving a construct open: the one place that cuts markdown
 * that is already sanitised (a review's bodies, src/review/cap.ts; a report past its budget,
 * src/report/fit.ts). Cutting the rendered text, not the agent's, is what makes the size hold:
 * sanitising can make text several times longer (`&` is `&amp;`, a bidi control is spelled out).
 *
 * Where: at the last blank line outside a code block that fits (every inline construct, emphasis, code
 * span, link, ends at a blank line; a list, quote or table ends before an unindented paragraph), else at
 * the last line end, else inside the line. A code fence still open there is closed, and a visible note
 * says that the text was cut. Lengths are UTF-16 units: never fewer than GitHub's code points.
 */

/** `md` when it fits in `max`, else its start cut on a safe boundary and closed, then `note`. */
export function capMarkdown(md: string, max: number, note: string): string {
  if (md.length <= max) return md;
  let room = max - note.length - 2;
  while (room > 0) {
    const out = `${cutAt(md, room)}\n\n${note}`;
    if (out.length <= max) return out;
    room -= out.length - max;
  }
  return note.slice(0, max);
}

interface Fence {
  /** What stands before the fence on its line (quote markers, a list item's indent). */
  prefix: string;
  fence: string;
}

/** The fence a line opens (outside a code block): 3+ backticks with no backtick after, or 3+ tildes. */
function opens(line: string): Fence | undefined {
  const m = /^((?:[ >]|[-+*] |\d{1,9}[.)] |\[[ x]\] )*)(`{3,}|~{3,})(.*)$/.exec(line);
  if (!m || (m[2]![0] === "`" && m[3]!.includes("`"))) return undefined;
  return { prefix: m[1]!, fence: m[2]! };
}

/** The line closes `open`: the same character, at least as long, nothing after. */
function closes(line: string, open: Fence): boolean {
  const m = /^[ >]*(`{3,}|~{3,})\s*$/.exec(line);
  return m !== null && m[1]![0] === open.fence[0] && m[1]!.length >= open.fence.length;
}

/** The closing line of `open`: its quote markers kept, a list item's marker turned to indent. */
function closing(open: Fence): string {
  return `\n${open.prefix.replace(/[^>]/g, " ")}${open.fence}`;
}

/** At most `room` units of `md` (plus a closing fence), cut where nothing is left open. */
function cutAt(md: string, room: number): string {
  let at = 0;
  let open: Fence | undefined;
  let blank: number | undefined;
  let lineEnd: { at: number; open: Fence | undefined } | undefined;
  while (at <= md.length) {
    const nl = md.indexOf("\n", at);
    const end = nl === -1 ? md.length : nl;
    if (end > room) break;
    const line = md.slice(at, end);
    if (open) {
      if (closes(line, open)) open = undefined;
    } else if (line === "") blank = at;
    else open = opens(line);
    lineEnd = { at: end, open };
    at = end + 1;
  }
  // A cut that keeps at least half of what fits; the earliest choice that does, in order of safety.
  const half = room / 2;
  if (blank !== undefined && blank >= half) return md.slice(0, blank).trimEnd();
  if (lineEnd && lineEnd.at >= half) {
    return `${md.slice(0, lineEnd.at)}${lineEnd.open ? closing(lineEnd.open) : ""}`;
  }
  // One long line: cut inside it, but not inside an entity, an escape or a surrogate pair.
  let text = md.slice(0, room);
  if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  text = text.replace(/&#?\w{0,8}$|\\$/, "");
  const lines = text.split("\n");
  let state: Fence | undefined;
  for (const line of lines) state = state ? (closes(line, state) ? undefined : state) : opens(line);
  return `${text}${state ? closing(state) : ""}`;
}

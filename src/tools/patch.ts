/**
 * Patch-style edits: some models send an edit as a `*** Begin Patch … *** End Patch` text (the
 * "apply_patch" format) instead of whole-file contents (docs/stream-format.md "Tool kinds"; fixtures/skill-eval-0025). When a successful
 * edit carries no after-content, the tracker replays its patch on the file's last known content.
 *
 * Applying is deliberately strict (exact, then whitespace-insensitive line matches, no fuzz): a patch that
 * does not fit leaves the file's content unknown, and the tracker falls back to the working tree. Bounded:
 * the search is linear in the file per chunk, and files beyond {@link MAX_PATCH_LINES} are not attempted.
 */

export interface PatchChunk {
  /** The text after `@@`, a line to find before the chunk's own lines (may be empty). */
  anchor: string;
  /** Context and removed lines, in order. */
  oldLines: string[];
  /** Context and added lines, in order. */
  newLines: string[];
  /** `*** End of File`: the chunk's lines end the file. */
  atEnd: boolean;
}

export type PatchSection =
  | { op: "add"; path: string; text: string }
  | { op: "delete"; path: string }
  | { op: "update"; path: string; moveTo?: string; chunks: PatchChunk[] };

const BEGIN = "*** Begin Patch";
const END = "*** End Patch";
const MAX_PATCH_LINES = 200_000;
/** Line comparisons allowed per patch: a repetitive file must not turn the search quadratic. */
const MAX_COMPARISONS = 20_000_000;

export function isPatchText(s: unknown): s is string {
  return typeof s === "string" && s.trimStart().startsWith(BEGIN);
}

/** Parses a patch text; undefined when it is not one. Lenient about what it does not understand. */
export function parsePatchText(text: string): PatchSection[] | undefined {
  const lines = text.split(/\r?\n/);
  let i = lines.findIndex((l) => l.trim() === BEGIN);
  if (i < 0) return undefined;
  i++;
  const sections: PatchSection[] = [];
  let current: PatchSection | undefined;
  let addLines: string[] = [];
  let chunk: PatchChunk | undefined;
  const closeChunk = () => {
    if (current?.op === "update" && chunk && (chunk.oldLines.length > 0 || chunk.newLines.length > 0)) {
      current.chunks.push(chunk);
    }
    chunk = undefined;
  };
  const close = () => {
    closeChunk();
    if (current?.op === "add") current.text = addLines.length ? `${addLines.join("\n")}\n` : "";
    if (current) sections.push(current);
    current = undefined;
    addLines = [];
  };
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const header = /^\*\*\* (Add|Delete|Update) File: (.+)$/.exec(line.trimEnd());
    if (header) {
      close();
      const p = header[2]!.trim();
      current =
        header[1] === "Add"
          ? { op: "add", path: p, text: "" }
          : header[1] === "Delete"
            ? { op: "delete", path: p }
            : { op: "update", path: p, chunks: [] };
      continue;
    }
    if (line.trim() === END) break;
    if (!current) continue;
    if (current.op === "add") {
      if (line.startsWith("+")) addLines.push(line.slice(1));
      continue;
    }
    if (current.op !== "update") continue;
    const move = /^\*\*\* Move to: (.+)$/.exec(line.trimEnd());
    if (move) {
      current.moveTo = move[1]!.trim();
      continue;
    }
    if (line.startsWith("@@")) {
      closeChunk();
      chunk = { anchor: line.slice(2).trim(), oldLines: [], newLines: [], atEnd: false };
      continue;
    }
    if (line.trim() === "*** End of File") {
      if (chunk) chunk.atEnd = true;
      continue;
    }
    chunk ??= { anchor: "", oldLines: [], newLines: [], atEnd: false };
    const tag = line[0];
    const body = line.slice(1);
    if (tag === "+") chunk.newLines.push(body);
    else if (tag === "-") chunk.oldLines.push(body);
    else if (tag === " ") {
      chunk.oldLines.push(body);
      chunk.newLines.push(body);
    } else if (line === "") {
      // An empty context line whose leading space was trimmed away somewhere on the way.
      chunk.oldLines.push("");
      chunk.newLines.push("");
    }
  }
  close();
  return sections;
}

/** Applies an update section's chunks to `text`; undefined when a chunk does not fit. */
export function applyChunks(text: string, chunks: PatchChunk[]): string | undefined {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  if (lines.length > MAX_PATCH_LINES) return undefined;
  const edits: { at: number; remove: number; insert: string[] }[] = [];
  let cursor = 0;
  const budget = { left: MAX_COMPARISONS };
  for (const c of chunks) {
    if (c.anchor !== "") {
      const a = seek(lines, [c.anchor], cursor, false, budget);
      if (a < 0) return undefined;
      cursor = a + 1;
    }
    if (c.oldLines.length === 0) {
      // A pure insertion: the apply_patch format puts it at the end of the file.
      edits.push({ at: lines.length, remove: 0, insert: c.newLines });
      continue;
    }
    let old = c.oldLines;
    let neu = c.newLines;
    let at = seek(lines, old, cursor, c.atEnd, budget);
    if (at < 0 && old[old.length - 1] === "") {
      // A trailing empty line in the chunk stands for the file's final newline.
      old = old.slice(0, -1);
      if (neu[neu.length - 1] === "") neu = neu.slice(0, -1);
      at = old.length ? seek(lines, old, cursor, c.atEnd, budget) : -1;
    }
    if (at < 0) return undefined;
    edits.push({ at, remove: old.length, insert: neu });
    cursor = at + old.length;
  }
  // Later positions first, so earlier indexes stay valid.
  edits.sort((x, y) => y.at - x.at);
  for (const e of edits) lines.splice(e.at, e.remove, ...e.insert);
  return lines.length ? lines.join(eol) + eol : "";
}

/** The index where `pattern` occurs in `lines` from `start`: exact, then ignoring end, then all whitespace. */
function seek(
  lines: string[],
  pattern: string[],
  start: number,
  atEnd: boolean,
  budget: { left: number },
): number {
  const norms: ((s: string) => string)[] = [(s) => s, (s) => s.trimEnd(), (s) => s.trim()];
  const last = lines.length - pattern.length;
  if (last < 0) return -1;
  for (const norm of norms) {
    const want = pattern.map(norm);
    const matches = (i: number) => {
      for (let k = 0; k < want.length; k++) {
        if (--budget.left < 0) return false;
        if (norm(lines[i + k]!) !== want[k]) return false;
      }
      return true;
    };
    if (atEnd && last >= start && matches(last)) return last;
    for (let i = start; i <= last && budget.left > 0; i++) if (matches(i)) return i;
  }
  return -1;
}

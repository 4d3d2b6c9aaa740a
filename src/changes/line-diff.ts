/**
 * A minimal line diff of two texts, as the hunks of a unified diff (jsdiff's `StructuredPatch`, which
 * jsdiff's `formatPatch` prints).
 *
 * Why not jsdiff's own `structuredPatch`: its Myers loop builds an object for every step it tries, and the
 * end of a run that rewrote forty files spent ~35 ms in it (the 2026-shaped bench run; BENCHMARKS.md).
 * Jest's `diff-sequences` finds a longest common subsequence as exactly (so the counts are the same: both
 * are minimal) in linear space with no allocation per step: ~5 ms there. The hunks are then cut as jsdiff
 * cuts them: `context` lines around each change, two changes closer than twice that in one hunk, a line
 * without a final newline marked `\ No newline at end of file`. Where several diffs are equally short,
 * the two may pick different ones (which `}` a change is aligned with): either is minimal.
 *
 * Lines are cut after each `\n` and keep it (so `\r\n` is a line ending whose `\r` is shown, as jsdiff
 * shows it), and a last line without a newline differs from the same line with one.
 */
import sequences from "@jest/diff-sequences";
import type { StructuredPatch, StructuredPatchHunk } from "diff";

// The package's types describe its CommonJS build (the function is `exports.default`), while Node and the
// bundler load its ES module, whose default export is the function itself: either is taken.
type DiffSequences = (typeof sequences)["default"];
const diffSequences: DiffSequences =
  typeof sequences === "function" ? (sequences as unknown as DiffSequences) : sequences.default;

export interface LineDiffBounds {
  /** The diff is given up (undefined) past this many changed lines, as jsdiff's `maxEditLength`. */
  maxEditLength: number;
  /** …or once `performance.now()` passes this. */
  deadline: number;
}

/** Thrown from inside the search to stop it: a bound was passed. */
const GIVE_UP = new Error("line diff given up");
/** Comparisons between two looks at the clock. */
const CLOCK_EVERY = 1 << 16;

/**
 * The hunks of `before` → `after` with `context` lines of context, or undefined when a bound was passed.
 * A diff with more than `maxEditLength` changed lines is given up once found; the search itself is
 * stopped when it has compared more line pairs than one within the bound can need, or at the deadline.
 */
export function linePatch(
  oldFileName: string,
  newFileName: string,
  before: string,
  after: string,
  context: number,
  bounds: LineDiffBounds,
): StructuredPatch | undefined {
  const a = splitLines(before);
  const b = splitLines(after);
  // No diff has fewer changed lines than the lines left over when equal lines are paired regardless of
  // order: past the bound by that count, it is given up before any search (a rewrite of a long file).
  if (a.length + b.length > bounds.maxEditLength) {
    const least = unpaired(a, b);
    if (least.added + least.removed > bounds.maxEditLength) return undefined;
  }
  // A search that finds D changes compares at most about (N + M) · D line pairs: measured, at most a third
  // of that on random texts and edits (a property test holds a diff within the bound to be found). Lines
  // only moved pair up in any order, so the count above cannot give them up: this does, in about the time
  // jsdiff took to reach its own bound (a 20,000-line file reversed: ~0.5–1 s, and never past the deadline).
  const maxCompares = (a.length + b.length + 1) * (bounds.maxEditLength + 1);
  let compares = 0;
  const common: number[] = [];
  // The lines the two texts start and end with are shared as they stand. Of the middle, only lines that
  // are on both sides can be shared: the search runs on those alone, as numbers (a line's id), and its
  // runs are read back in the texts' own positions. The longest common subsequence is the same (no shared
  // line is left out), so the diff is as short, and a rewrite's new lines no longer lengthen the search
  // (the 2026-shaped run's forty rewritten files: 10–20 → ~5.5 ms cold, BENCHMARKS.md).
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  if (head > 0) common.push(head, 0, 0);
  const { left, right, leftAt, rightAt } = sharedLines(a, b, head, a.length - tail, b.length - tail);
  try {
    diffSequences(
      left.length,
      right.length,
      (i, j) => {
        if (++compares % CLOCK_EVERY === 0 && (compares > maxCompares || performance.now() > bounds.deadline))
          throw GIVE_UP;
        return left[i] === right[j];
      },
      (n, i, j) => {
        for (let k = 0; k < n; k++) addRun(common, 1, leftAt[i + k]!, rightAt[j + k]!);
      },
    );
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
  if (tail > 0) addRun(common, tail, a.length - tail, b.length - tail);
  let shared = 0;
  for (let k = 0; k < common.length; k += 3) shared += common[k]!;
  if (a.length + b.length - 2 * shared > bounds.maxEditLength) return undefined;
  return {
    oldFileName,
    newFileName,
    oldHeader: undefined,
    newHeader: undefined,
    hunks: hunks(a, b, common, context),
  };
}

/**
 * The lines of `a[from, aEnd)` that `b[from, bEnd)` also has and the other way round, as ids (equal lines,
 * equal ids), with their positions in `a` and `b`.
 */
function sharedLines(
  a: string[],
  b: string[],
  from: number,
  aEnd: number,
  bEnd: number,
): { left: Int32Array; right: Int32Array; leftAt: Int32Array; rightAt: Int32Array } {
  const ids = new Map<string, number>();
  const idsOfA = new Int32Array(aEnd - from);
  for (let i = from; i < aEnd; i++) {
    let id = ids.get(a[i]!);
    if (id === undefined) {
      id = ids.size;
      ids.set(a[i]!, id);
    }
    idsOfA[i - from] = id;
  }
  const inB = new Uint8Array(ids.size);
  const idsOfB = new Int32Array(bEnd - from);
  let rightCount = 0;
  for (let j = from; j < bEnd; j++) {
    const id = ids.get(b[j]!) ?? -1;
    idsOfB[j - from] = id;
    if (id >= 0) {
      inB[id] = 1;
      rightCount++;
    }
  }
  const right = new Int32Array(rightCount);
  const rightAt = new Int32Array(rightCount);
  for (let j = 0, k = 0; j < idsOfB.length; j++) {
    if (idsOfB[j]! < 0) continue;
    right[k] = idsOfB[j]!;
    rightAt[k++] = from + j;
  }
  let leftCount = 0;
  for (let i = 0; i < idsOfA.length; i++) if (inB[idsOfA[i]!]) leftCount++;
  const left = new Int32Array(leftCount);
  const leftAt = new Int32Array(leftCount);
  for (let i = 0, k = 0; i < idsOfA.length; i++) {
    if (!inB[idsOfA[i]!]) continue;
    left[k] = idsOfA[i]!;
    leftAt[k++] = from + i;
  }
  return { left, right, leftAt, rightAt };
}

/** `n` shared lines from `i` in a and `j` in b: the last run grown when it ends just before them. */
function addRun(common: number[], n: number, i: number, j: number): void {
  const last = common.length - 3;
  if (last >= 0 && common[last + 1]! + common[last]! === i && common[last + 2]! + common[last]! === j)
    common[last] = common[last]! + n;
  else common.push(n, i, j);
}

/**
 * Counts without a diff, linear in the input: lines of `after` with no unmatched equal line in `before`
 * are added, the unmatched rest of `before` removed. Equals a diff's counts unless lines moved, and is
 * never more than they are (no diff pairs more lines than this does).
 */
export function roughCounts(before: string, after: string): { added: number; removed: number } {
  return unpaired(splitLines(before), splitLines(after));
}

function unpaired(a: string[], b: string[]): { added: number; removed: number } {
  const left = new Map<string, number>();
  for (const l of a) left.set(l, (left.get(l) ?? 0) + 1);
  let paired = 0;
  for (const l of b) {
    const n = left.get(l);
    if (n) {
      left.set(l, n - 1);
      paired++;
    }
  }
  return { added: b.length - paired, removed: a.length - paired };
}

/** The lines of `text`, each with its `\n` (the last one without, when the text does not end in one). */
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl + 1;
    lines.push(text.slice(start, end));
    start = end;
  }
  return lines;
}

/**
 * The hunks of the edit script that `common` (runs of shared lines as `[length, at in a, at in b]…`, in
 * order) leaves between them: removed lines before added ones in each gap, `context` shared lines either
 * side, and two gaps whose shared run between is at most `2 · context` long in one hunk.
 */
function hunks(a: string[], b: string[], common: number[], context: number): StructuredPatchHunk[] {
  const out: StructuredPatchHunk[] = [];
  let open: StructuredPatchHunk | undefined;
  /** Where the shared run before the current gap started, in a and b, and how long it was. */
  let i = 0;
  let j = 0;
  for (let k = 0; k <= common.length; k += 3) {
    // The gap before this run of shared lines (or before the end): a[i, ai) removed, b[j, bj) added.
    const n = k < common.length ? common[k]! : 0;
    const ai = k < common.length ? common[k + 1]! : a.length;
    const bj = k < common.length ? common[k + 2]! : b.length;
    if (ai > i || bj > j) {
      if (!open) {
        const lead = Math.min(context, i);
        open = { oldStart: i - lead + 1, oldLines: 0, newStart: j - lead + 1, newLines: 0, lines: [] };
        for (let c = i - lead; c < i; c++) push(open, " ", a[c]!);
        open.oldLines += lead;
        open.newLines += lead;
      }
      for (let c = i; c < ai; c++) push(open, "-", a[c]!);
      for (let c = j; c < bj; c++) push(open, "+", b[c]!);
      open.oldLines += ai - i;
      open.newLines += bj - j;
    }
    if (open && n > 0) {
      // The shared run after the gap: wholly inside the hunk when the next gap is near, else its context.
      const last =
        k + 3 >= common.length && common[k + 1]! + n === a.length && common[k + 2]! + n === b.length;
      const keep = n <= 2 * context && !last ? n : Math.min(n, context);
      for (let c = ai; c < ai + keep; c++) push(open, " ", a[c]!);
      open.oldLines += keep;
      open.newLines += keep;
      if (keep < n || last) {
        out.push(open);
        open = undefined;
      }
    }
    i = ai + n;
    j = bj + n;
  }
  if (open) out.push(open);
  return out;
}

/** A hunk line without its newline; a line that had none is followed by git's marker. */
function push(h: StructuredPatchHunk, sign: string, line: string): void {
  if (line.endsWith("\n")) h.lines.push(sign + line.slice(0, -1));
  else h.lines.push(sign + line, "\\ No newline at end of file");
}

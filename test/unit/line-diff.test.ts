/**
 * The line diff (src/changes/line-diff.ts) against jsdiff's own: the same counts (both minimal), hunks that
 * turn the old text into the new one, jsdiff's hunk shape, and the bounds that give a diff up.
 */
import { applyPatch, FILE_HEADERS_ONLY, formatPatch, type StructuredPatch, structuredPatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linePatch, roughCounts } from "../../src/changes/line-diff.js";

const NO_BOUNDS = { maxEditLength: Number.MAX_SAFE_INTEGER, deadline: Number.POSITIVE_INFINITY };

function counts(p: StructuredPatch): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const h of p.hunks)
    for (const l of h.lines) {
      if (l[0] === "+") added++;
      else if (l[0] === "-") removed++;
    }
  return { added, removed };
}

/**
 * Hunks cut as jsdiff cuts them: `context` unchanged lines before and after the changes of a hunk (fewer
 * only at the start or the end of the file), unchanged runs of at most `2 · context` inside a hunk, and
 * more than that between two hunks.
 */
function expectJsdiffShape(p: StructuredPatch, context: number, before: string): void {
  const oldLength = before === "" ? 0 : before.split("\n").length - (before.endsWith("\n") ? 1 : 0);
  let prevEnd: number | undefined;
  for (const h of p.hunks) {
    const lines = h.lines.filter((l) => !l.startsWith("\\"));
    const lead = lines.findIndex((l) => l[0] !== " ");
    const trail = lines.length - 1 - lines.findLastIndex((l) => l[0] !== " ");
    expect(lead).toBeGreaterThanOrEqual(0);
    expect(lead).toBeLessThanOrEqual(context);
    expect(trail).toBeLessThanOrEqual(context);
    if (lead < context) expect(h.oldStart).toBe(1);
    if (trail < context) expect(h.oldStart + h.oldLines - 1).toBe(oldLength);
    let run = 0;
    for (const l of lines.slice(lead, lines.length - trail)) {
      run = l[0] === " " ? run + 1 : 0;
      expect(run).toBeLessThanOrEqual(2 * context);
    }
    // Unchanged lines between the last change of the hunk before and the first change of this one.
    const firstChange = h.oldStart + lead;
    if (prevEnd !== undefined) expect(firstChange - prevEnd - 1).toBeGreaterThan(2 * context);
    prevEnd = h.oldStart + h.oldLines - 1 - trail;
  }
}

/** Texts from few distinct lines, so that lines repeat and many diffs are equally short. */
const text = fc
  .tuple(fc.array(fc.constantFrom("a", "b", "}", "", "x y", "return 1;"), { maxLength: 40 }), fc.boolean())
  .map(([lines, newline]) => lines.join("\n") + (newline && lines.length > 0 ? "\n" : ""));

describe("line diff", () => {
  it("counts exactly what jsdiff counts, and its hunks turn the old text into the new one", () => {
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 4 }), (before, after, context) => {
        const ours = linePatch("a/f", "b/f", before, after, context, NO_BOUNDS)!;
        const theirs = structuredPatch("a/f", "b/f", before, after, undefined, undefined, { context });
        expect(counts(ours)).toEqual(counts(theirs));
        // Before printing: formatPatch moves the start of a hunk with no old (new) lines back by one.
        expectJsdiffShape(ours, context, before);
        expect(applyPatch(before, formatPatch(ours, FILE_HEADERS_ONLY))).toBe(after);
      }),
      { numRuns: 3000 },
    );
  });

  it("prints as jsdiff prints a diff without ties: headers, ranges, context and the missing last newline", () => {
    const before = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve";
    const after = "one\ntwo\nTHREE\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve\n";
    const ours = formatPatch(
      linePatch("a/n.txt", "b/n.txt", before, after, 3, NO_BOUNDS)!,
      FILE_HEADERS_ONLY,
    );
    const theirs = formatPatch(
      structuredPatch("a/n.txt", "b/n.txt", before, after, undefined, undefined, { context: 3 }),
      FILE_HEADERS_ONLY,
    );
    expect(ours).toBe(theirs);
    expect(ours).toBe(
      [
        "--- a/n.txt",
        "+++ b/n.txt",
        "@@ -1,6 +1,6 @@",
        " one",
        " two",
        "-three",
        "+THREE",
        " four",
        " five",
        " six",
        "@@ -9,4 +9,4 @@",
        " nine",
        " ten",
        " eleven",
        "-twelve",
        "\\ No newline at end of file",
        "+twelve",
        "",
      ].join("\n"),
    );
  });

  it("a CR before the newline is part of the line, as jsdiff shows it", () => {
    const p = linePatch("a/w", "b/w", "a\r\nb\r\n", "a\r\nc\r\n", 3, NO_BOUNDS)!;
    expect(p.hunks[0]!.lines).toEqual([" a\r", "-b\r", "+c\r"]);
  });

  it("a rewrite with more changed lines than the bound is given up before any search", () => {
    const numbered = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p} ${i}\n`).join("");
    // No clock: only the count of lines that cannot be paired can stop it.
    const bounds = { maxEditLength: 3000, deadline: Number.POSITIVE_INFINITY };
    expect(linePatch("a", "b", numbered(15_000, "old"), numbered(15_000, "new"), 3, bounds)).toBeUndefined();
    // Within the bound, the same kind of rewrite is diffed.
    const small = linePatch("a", "b", numbered(1000, "old"), numbered(1000, "new"), 3, bounds)!;
    expect(counts(small)).toEqual({ added: 1000, removed: 1000 });
  });

  it("a diff within the edit bound is never given up, however its lines repeat or move (property)", () => {
    const lines = (n: number) => fc.array(fc.integer({ min: 0, max: n }), { maxLength: 300 });
    fc.assert(
      fc.property(lines(30), lines(30), fc.boolean(), (xs, ys, rotate) => {
        const before = xs.map((x) => `l${x}\n`).join("");
        const moved = rotate ? [...ys.slice(ys.length >> 1), ...ys.slice(0, ys.length >> 1)] : ys;
        const after = moved.map((x) => `l${x}\n`).join("");
        const whole = counts(linePatch("a", "b", before, after, 3, NO_BOUNDS)!);
        const edits = whole.added + whole.removed;
        // The bound at exactly this diff's size: it must be found, and one less gives it up.
        const at = { maxEditLength: edits, deadline: Number.POSITIVE_INFINITY };
        expect(counts(linePatch("a", "b", before, after, 3, at)!)).toEqual(whole);
        if (edits > 0)
          expect(linePatch("a", "b", before, after, 3, { ...at, maxEditLength: edits - 1 })).toBeUndefined();
      }),
      { numRuns: 1500 },
    );
  });

  it("lines moved past the bound: every line pairs, yet the diff is given up", () => {
    const lines = Array.from({ length: 2500 }, (_, i) => `line ${i}\n`);
    const before = lines.join("");
    const after = lines.slice().reverse().join("");
    expect(roughCounts(before, after)).toEqual({ added: 0, removed: 0 });
    const bounds = { maxEditLength: 3000, deadline: Number.POSITIVE_INFINITY };
    expect(linePatch("a", "b", before, after, 3, bounds)).toBeUndefined();
    // Without the bound it is a diff of 2,499 lines each way.
    expect(counts(linePatch("a", "b", before, after, 3, NO_BOUNDS)!)).toEqual({ added: 2499, removed: 2499 });
  });

  it("a deadline that has passed stops the search", () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `line ${i}\n`);
    const past = { maxEditLength: Number.MAX_SAFE_INTEGER, deadline: performance.now() - 1 };
    expect(linePatch("a", "b", lines.join(""), lines.reverse().join(""), 3, past)).toBeUndefined();
  });

  it("rough counts pair equal lines in any order; a last line without a newline is another line", () => {
    expect(roughCounts("a\nb\nc\n", "c\nb\na\nd\n")).toEqual({ added: 1, removed: 0 });
    expect(roughCounts("a\nb", "a\nb\n")).toEqual({ added: 1, removed: 1 });
    expect(roughCounts("", "")).toEqual({ added: 0, removed: 0 });
  });
});

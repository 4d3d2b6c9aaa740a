/**
 * Review mode's pure parts: anchoring in the PR's hunks, the agent's edits as suggestions (checked by
 * applying them to the old file, against jsdiff's own diffs), fingerprints, and findings checked against
 * the file's lines.
 */
import { createTwoFilesPatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anchored, hunksOf } from "../../src/review/anchor.js";
import { buildReview, fingerprint, knownFingerprints } from "../../src/review/build.js";
import { checkFindings, splitLines } from "../../src/review/check.js";
import { fromDiff } from "../../src/review/edits.js";
import type { Finding } from "../../src/structured/contract.js";

const same = (s: string) => s;

describe("anchoring", () => {
  it("a finding sits in one hunk's new side; files without a patch anchor nothing", () => {
    const h = hunksOf([
      {
        filename: "a.ts",
        patch: "@@ -1,3 +1,4 @@\n a\n+b\n c\n d\n@@ -20,2 +21,0 @@\n-x\n-y\n@@ -40 +40 @@\n-q\n+r",
      },
      { filename: "bin.png" },
    ]);
    expect(h.get("a.ts")).toEqual([
      [1, 4],
      [40, 40],
    ]);
    expect(anchored(h, "a.ts", 4, 2)).toBe(true);
    expect(anchored(h, "a.ts", 5)).toBe(false);
    expect(anchored(h, "a.ts", 40, 4)).toBe(false);
    expect(anchored(h, "bin.png", 1)).toBe(false);
    expect(anchored(h, "other.ts", 1)).toBe(false);
  });
});

describe("the agent's edits as suggestions", () => {
  const apply = (old: string[], s: ReturnType<typeof fromDiff>) => {
    const out = [...old];
    for (const e of [...s].sort((a, b) => b.start - a.start)) {
      expect(out.slice(e.start - 1, e.end)).toEqual(e.old);
      out.splice(e.start - 1, e.end - e.start + 1, ...e.replacement);
    }
    return out;
  };

  it("a change, an insertion (with the line before it), a deletion (an empty suggestion)", () => {
    const old = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"];
    const now = ["a", "B", "c", "d", "e", "f", "new", "g", "h", "i", "k"];
    const s = fromDiff(
      "x",
      createTwoFilesPatch("a/x", "b/x", `${old.join("\n")}\n`, `${now.join("\n")}\n`, "", "", { context: 1 }),
    );
    expect(s.map((e) => [e.start, e.end, e.replacement])).toEqual([
      [2, 2, ["B"]],
      [6, 6, ["f", "new"]],
      [10, 10, []],
    ]);
    expect(apply(old, s)).toEqual(now);
  });

  it("applied one by one, the suggestions turn HEAD's file into the agent's (property, vs jsdiff)", () => {
    const line = fc.constantFrom("a", "b", "c", "d", "e");
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.array(line, { maxLength: 30 }),
        (old, now) => {
          const text = (l: string[]) => (l.length ? `${l.join("\n")}\n` : "");
          const patch = createTwoFilesPatch("a/x", "b/x", text(old), text(now), "", "", { context: 3 });
          const s = fromDiff("x", patch);
          // Two insertions around a single unchanged line would both sit on it: skip those (GitHub applies each alone).
          const lines = s.map((e) => `${e.start}-${e.end}`);
          fc.pre(new Set(lines).size === lines.length);
          expect(apply(old, s)).toEqual(now);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("fingerprints and checks", () => {
  const f: Finding = { path: "a.ts", line: 3, start_line: 2, severity: "high", title: "T", body: "b" };

  it("a fingerprint follows the lines' content, not their numbers; only ours are recognised", () => {
    const lines = ["x", "y", "z"];
    const moved = ["new", "x", "y", "z"];
    expect(fingerprint(f, lines)).toBe(fingerprint({ ...f, line: 4, start_line: 3 }, moved));
    expect(fingerprint(f, lines)).not.toBe(fingerprint(f, ["x", "y", "changed"]));
    const built = buildReview({
      summary: "s",
      findings: [f, { ...f, line: 9, title: "far" }],
      edits: [],
      hunks: new Map([["a.ts", [[1, 5]]]]),
      fileLines: () => lines,
      known: new Set(),
      redact: same,
    });
    expect(built.comments).toHaveLength(1);
    const known = knownFingerprints(
      [built.comments[0]!.body, `text <!-- cursor-agent-action finding=${"a".repeat(24)} -->`],
      [built.body, `> - <!-- cursor-agent-action finding=${"b".repeat(24)} -->`],
    );
    expect(known.size).toBe(2);
    const again = buildReview({
      ...built,
      summary: "s",
      findings: [f, { ...f, line: 9, title: "far" }],
      edits: [],
      hunks: new Map([["a.ts", [[1, 5]]]]),
      fileLines: () => lines,
      known,
      redact: same,
    });
    expect([again.posted, again.repeated, again.comments.length]).toEqual([0, 2, 0]);
  });

  it("lines past the end, a missing file, start after line: invalid; unread files are not checked", () => {
    const head = new Map<string, string[] | { invalid: string } | undefined>([
      ["a.ts", splitLines("1\n2\n3\n")],
      ["gone.ts", { invalid: "no such file in the repository" }],
      ["big.bin", undefined],
    ]);
    const { valid, invalid } = checkFindings(
      [
        f,
        { ...f, line: 4, start_line: undefined },
        { ...f, path: "gone.ts" },
        { ...f, path: "big.bin", line: 1e6, start_line: undefined },
        { ...f, start_line: 3, line: 1 },
      ],
      head,
    );
    expect(valid.map((v) => v.path)).toEqual(["a.ts", "big.bin"]);
    expect(invalid.map((i) => i.why)).toEqual([
      "line 4 is past the end of the file (3 lines)",
      "no such file in the repository",
      "start_line 3 is after line 1",
    ]);
  });
});

describe("suggestions in the review", () => {
  it("a deletion is an empty suggestion, one empty line is one empty line", () => {
    const built = buildReview({
      summary: "s",
      findings: [{ path: "a.ts", line: 2, severity: "low", title: "drop it", body: "b", suggestion: "" }],
      edits: [
        { path: "a.ts", start: 3, end: 4, old: ["x", "y"], replacement: [] },
        { path: "a.ts", start: 5, end: 5, old: ["z"], replacement: [""] },
      ],
      hunks: new Map([["a.ts", [[1, 9]]]]),
      fileLines: () => ["1", "2", "x", "y", "z"],
      known: new Set(),
      redact: same,
    });
    const blocks = built.comments.map((c) => c.body.slice(c.body.indexOf("```")));
    expect(blocks).toEqual(["```suggestion\n```", "```suggestion\n```", "```suggestion\n\n```"]);
  });
});

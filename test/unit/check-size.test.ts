/**
 * `npm run lint`'s file-size rule (scripts/check-size.mjs): a file over 300 lines, counted as `wc -l`
 * counts them (its header comment included), is reported; the files biome.json leaves out are not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { countLines, MAX_FILE_LINES, oversized } from "../../scripts/check-size.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A tree with biome.json's `files.includes` and the given files (path → text). */
function tree(
  files: Record<string, string>,
  includes = ["**", "!bench/out", "!src/structured/*.generated.*"],
) {
  const root = mkdtempSync(path.join(tmpdir(), "check-size-"));
  dirs.push(root);
  writeFileSync(path.join(root, "biome.json"), JSON.stringify({ files: { includes } }));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

/** `n` lines, the first `header` of them a doc comment. */
const lines = (n: number, header = 0) =>
  Array.from({ length: n }, (_, i) => (i < header ? " * why" : `export const a${i} = ${i};`)).join("\n") +
  "\n";

describe("check-size", () => {
  it("counts lines as wc -l does", () => {
    expect(countLines("")).toBe(0);
    expect(countLines("a\n")).toBe(1);
    expect(countLines("a\nb")).toBe(2);
    expect(countLines("\n\n\n")).toBe(3);
  });

  it("reports a file over the limit in src/, bench/ and scripts/, its header comment counted", () => {
    const root = tree({
      "src/at-limit.ts": lines(MAX_FILE_LINES),
      "src/deep/over.ts": lines(MAX_FILE_LINES + 1, 40),
      "bench/run/over.mjs": lines(MAX_FILE_LINES + 5),
      "scripts/over.mjs": `${lines(MAX_FILE_LINES)}\n`,
      "test/not-checked.ts": lines(1000),
    });
    expect(oversized(root)).toEqual([
      { file: "bench/run/over.mjs", lines: MAX_FILE_LINES + 5 },
      { file: "scripts/over.mjs", lines: MAX_FILE_LINES + 1 },
      { file: "src/deep/over.ts", lines: MAX_FILE_LINES + 1 },
    ]);
  });

  it("leaves out what biome.json leaves out: generated files by name, folders whole", () => {
    const root = tree({
      "src/structured/review-validator.generated.js": lines(2000),
      "src/structured/validator.ts": lines(MAX_FILE_LINES + 1),
      "bench/out/big.ndjson": lines(5000),
    });
    expect(oversized(root)).toEqual([{ file: "src/structured/validator.ts", lines: MAX_FILE_LINES + 1 }]);
    expect(oversized(root, { excluded: [] }).map((f) => f.file)).toEqual([
      "bench/out/big.ndjson",
      "src/structured/review-validator.generated.js",
      "src/structured/validator.ts",
    ]);
  });
});

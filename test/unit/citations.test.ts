/**
 * Comments in src/ that send the reader to a section of the project's docs (`docs/x.md "Heading"`, the
 * heading quoted as written) name a file that exists and a heading it has, and every docs file a comment
 * names exists: a section renamed or removed leaves no comment pointing nowhere.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/replay.js";

/**
 * The comments of a TypeScript file, each run of comment lines joined with spaces (a citation may wrap):
 * lines that are comments (`/**`, `*`, `//`) and what follows `// ` after code.
 */
function commentBlocks(source: string): string[] {
  const blocks: string[] = [];
  let block: string[] = [];
  const end = () => {
    if (block.length > 0) blocks.push(block.join(" "));
    block = [];
  };
  for (const line of source.split("\n")) {
    const t = line.trim();
    if (/^(\/\*|\*|\/\/)/.test(t)) {
      block.push(
        t
          .replace(/^(\/\*\*?|\*\/|\*|\/\/)\s?/, "")
          .replace(/\*\/$/, "")
          .trim(),
      );
      continue;
    }
    end();
    // A comment after code stands alone.
    if (line.includes("// ")) blocks.push(line.slice(line.indexOf("// ") + 3).trim());
  }
  end();
  return blocks;
}

/** `docs/x.md "Heading"` (a comma between allowed): the file, relative to the repository, and the heading. */
const CITATION = /((?:[\w-]+\/)*[\w-]+\.md),? "([^"]+)"/g;
/** A docs file named in a comment: `docs/x.md`, or one at the top (`BENCHMARKS.md`). */
const DOC_FILE = /(?<![\w/.-])((?:docs\/[\w-]+|[A-Z][A-Z_-]*)\.md)\b/g;

/** Every heading of a markdown file, as written after its `#`s; none inside a fenced block. */
function headings(markdown: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*$/.exec(line);
    if (m?.[1]) out.add(m[1]);
  }
  return out;
}

interface Citation {
  from: string;
  file: string;
  heading?: string;
}

function citationsIn(from: string, source: string): Citation[] {
  return commentBlocks(source).flatMap((text) => [
    ...[...text.matchAll(CITATION)].map((m) => ({ from, file: m[1] ?? "", heading: m[2] ?? "" })),
    ...[...text.matchAll(DOC_FILE)].map((m) => ({ from, file: m[1] ?? "" })),
  ]);
}

/** What is wrong with a citation; undefined when it holds. */
function problem(c: Citation, read: (file: string) => string | undefined): string | undefined {
  const text = read(c.file);
  if (text === undefined) return `${c.from}: ${c.file} does not exist`;
  if (c.heading !== undefined && !headings(text).has(c.heading)) {
    return `${c.from}: ${c.file} has no heading "${c.heading}"`;
  }
  return undefined;
}

const sources = readdirSync(path.join(ROOT, "src"), { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".ts"))
  .sort()
  .map((f) => ({ from: `src/${f}`, source: readFileSync(path.join(ROOT, "src", f), "utf8") }));

const read = new Map<string, string | undefined>();
const readDoc = (file: string) => {
  if (!read.has(file)) {
    const abs = path.join(ROOT, file);
    read.set(file, existsSync(abs) ? readFileSync(abs, "utf8") : undefined);
  }
  return read.get(file);
};

describe("the citation reader", () => {
  it("joins a citation wrapped over comment lines, and reads none in code", () => {
    const source = [
      "/**",
      ' * What it does (docs/stream-format.md "How runs',
      ' * end"), and BENCHMARKS.md.',
      " */",
      'const x = "docs/not-a-comment.md"; // see docs/runner.md, "Inputs"',
      'const y = `docs/nor-this.md "Heading"`;',
    ].join("\n");
    expect(citationsIn("x.ts", source)).toEqual([
      { from: "x.ts", file: "docs/stream-format.md", heading: "How runs end" },
      { from: "x.ts", file: "docs/stream-format.md" },
      { from: "x.ts", file: "BENCHMARKS.md" },
      { from: "x.ts", file: "docs/runner.md", heading: "Inputs" },
      { from: "x.ts", file: "docs/runner.md" },
    ]);
  });

  it("finds a missing file and a missing heading", () => {
    const docs: Record<string, string> = {
      "docs/a.md": "# A\n\n## Real heading\n\n```\n## In a block\n```\n",
    };
    const from = (f: string) => docs[f];
    expect(problem({ from: "x.ts", file: "docs/a.md", heading: "Real heading" }, from)).toBeUndefined();
    expect(problem({ from: "x.ts", file: "docs/a.md", heading: "Real" }, from)).toBe(
      'x.ts: docs/a.md has no heading "Real"',
    );
    expect(problem({ from: "x.ts", file: "docs/a.md", heading: "In a block" }, from)).toMatch(/no heading/);
    expect(problem({ from: "x.ts", file: "docs/b.md" }, from)).toBe("x.ts: docs/b.md does not exist");
  });
});

describe("comments in src/", () => {
  const citations = sources.flatMap(({ from, source }) => citationsIn(from, source));

  it("cite sections of the docs (so the check below reads real citations)", () => {
    expect(citations.filter((c) => c.heading !== undefined).length).toBeGreaterThan(20);
  });

  it("cite only files that exist and headings those files have", () => {
    const problems = citations.map((c) => problem(c, readDoc)).filter((p) => p !== undefined);
    expect([...new Set(problems)]).toEqual([]);
  });
});

/**
 * The locator answers each path once per root: the answers must be what a fresh locator says, and a new
 * root (the init's `cwd`, which may come after the first calls) must never get an answer made for the old.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Locator } from "../../src/changes/locate.js";

const WORKSPACE = "/home/runner/work/repo/repo";

describe("the locator's answers", () => {
  it("are a fresh locator's, whatever was asked before and whichever root was current", () => {
    const roots = fc.constantFrom(WORKSPACE, `${WORKSPACE}/sub`, "/elsewhere", "D:\\a\\repo", "");
    const paths = fc.constantFrom(
      "src/a.ts",
      "./src/a.ts",
      `${WORKSPACE}/src/a.ts`,
      "../outside.txt",
      "SRC/A.TS",
      "D:\\a\\repo\\src\\a.ts",
      ".git/config",
      "",
      ".",
      "a\0b",
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(roots, paths), { maxLength: 40 }), (asks) => {
        const kept = new Locator(WORKSPACE, "linux");
        for (const [root, p] of asks) {
          kept.root = root;
          const fresh = new Locator(WORKSPACE, "linux");
          fresh.root = root;
          expect(kept.locate(p)).toEqual(fresh.locate(p));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("follow the root when the init names one after the first calls", () => {
    const l = new Locator(WORKSPACE, "linux");
    expect(l.locate("src/a.ts")).toMatchObject({ path: "src/a.ts", inside: true });
    l.root = `${WORKSPACE}/sub`;
    expect(l.locate("src/a.ts")).toMatchObject({ path: "sub/src/a.ts", inside: true });
    l.root = "D:\\a\\repo";
    expect(l.locate("SRC\\A.ts")?.key).toBe(l.locate("src\\a.ts")?.key);
  });
});

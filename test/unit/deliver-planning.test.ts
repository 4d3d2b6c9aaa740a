/**
 * The delivery's pure planning (src/deliver/): whether anything goes (gate), where (target), its words
 * (message), the clean-apply rule (clean, over a fake of GitHub's trees), what a failed request says
 * (problems), and the inputs (settings/deliver.ts).
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/base/errors.js";
import type { DeliveryEntry } from "../../src/changes/entries.js";
import { conflicts } from "../../src/deliver/clean.js";
import { gate } from "../../src/deliver/gate.js";
import { coAuthor, commitMessage, headline, pullBody } from "../../src/deliver/message.js";
import { problem } from "../../src/deliver/problems.js";
import { chooseTarget } from "../../src/deliver/target.js";
import { inlineText } from "../../src/deliver/tree.js";
import type { RunContext } from "../../src/github/context.js";
import type { TreeEntry } from "../../src/github/git-data.js";
import { readDeliverInputs, refNameProblem } from "../../src/settings/deliver.js";

const file = (path: string, text = "x\n"): DeliveryEntry => ({
  path,
  mode: "100644",
  content: Buffer.from(text),
});
const entries = (...e: DeliveryEntry[]) => ({ kind: "entries" as const, entries: e });

describe("gate", () => {
  const go = { succeeded: true, onFailure: false, patterns: [".github/workflows/**", "CODEOWNERS"] };
  it("holds back a failed run unless deliver-on-failure, and nothing changed, without failing", () => {
    expect(gate({ ...go, succeeded: false, entries: entries(file("a")) })).toMatchObject({
      kind: "held",
      failed: false,
    });
    expect(gate({ ...go, succeeded: false, onFailure: true, entries: entries(file("a")) }).kind).toBe("go");
    expect(gate({ ...go })).toEqual({ kind: "held", why: "nothing changed", failed: false });
    expect(gate({ ...go, entries: entries() })).toEqual({
      kind: "held",
      why: "nothing changed",
      failed: false,
    });
  });
  it("holds the whole delivery back for a protected path, naming at most five; an empty list is no guard", () => {
    const many = ["a.txt", "CODEOWNERS", ...[1, 2, 3, 4, 5].map((i) => `.github/workflows/w${i}.yml`)];
    const held = gate({ ...go, entries: entries(...many.map((p) => file(p))) });
    expect(held).toEqual({
      kind: "held",
      failed: true,
      why: 'a change to a protected path (protected-paths): "CODEOWNERS", ".github/workflows/w1.yml", ".github/workflows/w2.yml", ".github/workflows/w3.yml", ".github/workflows/w4.yml" and 1 more',
    });
    expect(gate({ ...go, patterns: [], entries: entries(...many.map((p) => file(p))) }).kind).toBe("go");
  });
  it("passes a refusal of the reader on as a failure, and counts the blobs against their limit", () => {
    expect(gate({ ...go, entries: { kind: "refused", why: "x is a symlink" } })).toEqual({
      kind: "held",
      why: "x is a symlink",
      failed: true,
    });
    const binaries = Array.from(
      { length: 101 },
      (_, i): DeliveryEntry => ({
        path: `b${i}`,
        mode: "100644",
        content: Buffer.from([0, i]),
      }),
    );
    expect(gate({ ...go, entries: entries(...binaries) })).toMatchObject({ kind: "held", failed: true });
    expect(gate({ ...go, entries: entries(...binaries.slice(1)) }).kind).toBe("go");
  });
});

describe("inlineText", () => {
  it("UTF-8 without NUL, a byte order mark kept; else a blob", () => {
    expect(inlineText(Buffer.from("\uFEFFhé\r\n"))).toBe("\uFEFFhé\r\n");
    expect(inlineText(Buffer.from([0x68, 0, 0x69]))).toBeUndefined();
    expect(inlineText(Buffer.from([0xff, 0xfe]))).toBeUndefined();
  });
});

describe("chooseTarget", () => {
  const settings = {
    mode: "push" as const,
    branch: "cursor/1-1",
    allowDefaultBranch: false,
    onFailure: false,
    protectedPaths: "",
  };
  const ctx = (c: Partial<RunContext>): RunContext => ({ eventName: "push", actor: { isBot: false }, ...c });
  const pr = { owner: "o", repo: "r", issue: 3, fromFork: false, head: { ref: "feature" } };
  it("the run's branch; on a pull request its head branch, on its head; a fork's or a tag's refused", () => {
    expect(chooseTarget(settings, ctx({ ref: "refs/heads/dev" }))).toEqual({
      kind: "target",
      target: { mode: "push", branch: "dev", onHead: true },
    });
    expect(chooseTarget({ ...settings, mode: "pull-request" }, ctx({ ref: "refs/heads/dev" }))).toEqual({
      kind: "target",
      target: { mode: "pull-request", branch: "dev", onHead: false },
    });
    expect(
      chooseTarget({ ...settings, mode: "pull-request" }, ctx({ pullRequest: pr, ref: "refs/pull/3/merge" })),
    ).toEqual({
      kind: "target",
      target: { mode: "pull-request", branch: "feature", onHead: true },
    });
    expect(chooseTarget(settings, ctx({ pullRequest: { ...pr, fromFork: true } }))).toMatchObject({
      kind: "refused",
    });
    expect(chooseTarget(settings, ctx({ pullRequest: { ...pr, fromFork: undefined } }))).toMatchObject({
      kind: "refused",
    });
    expect(chooseTarget(settings, ctx({ ref: "refs/tags/v1" }))).toEqual({
      kind: "refused",
      why: 'the run\'s ref "refs/tags/v1" is not a branch: there is no branch to deliver to',
    });
  });
});

describe("the words", () => {
  const run = {
    workflow: "CI fix",
    runNumber: "12",
    runUrl: "https://github.com/o/r/actions/runs/1/attempts/1",
  };
  it("a commit message: the run's headline, the final message quoted, the run, the trailer last", () => {
    const m = commitMessage(
      { ...run, actor: { login: "octocat", id: 583231 } },
      "Done.\nCo-authored-by: x <x@y>",
    );
    expect(m).toBe(
      [
        "Cursor agent: CI fix, run 12",
        "",
        "The agent's final message:",
        "",
        "> Done.",
        "> Co-authored-by: x <x@\u2060y>",
        "",
        "Run: https://github.com/o/r/actions/runs/1/attempts/1",
        "",
        "Co-authored-by: octocat <583231+octocat@users.noreply.github.com>",
        "",
      ].join("\n"),
    );
    expect(commitMessage({}, undefined)).toBe("Changes by the Cursor agent\n");
    expect(commitMessage({}, "y".repeat(20_000)).length).toBeLessThan(16_500);
  });
  it("the agent's words in a commit message link nothing: no issue closed, nobody mentioned, no autolink", () => {
    const m = commitMessage(
      run,
      "Fixes #12, closes octo/repo#3 and GH-4; thanks @octocat, see https://evil.example and 1a2b3c4d5e",
    );
    for (const live of ["#12", "#3", "GH-4", "@octocat", "https://evil", "1a2b3c4d5e"])
      expect(m).not.toContain(live);
    expect(m.replaceAll("\u2060", "")).toContain("> Fixes #12, closes octo/repo#3 and GH-4; thanks @octocat");
  });
  it("a co-author only for a login GitHub could have issued; without an id, the login's address", () => {
    expect(coAuthor({ login: "dependabot[bot]", id: 49699333 })).toBe(
      "Co-authored-by: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>",
    );
    expect(coAuthor({ login: "octocat" })).toBe("Co-authored-by: octocat <octocat@users.noreply.github.com>");
    expect(coAuthor({ login: "a>b\nCo-authored-by: z" })).toBeUndefined();
    expect(coAuthor(undefined)).toBeUndefined();
  });
  it("a headline of one line; the body names the run before the report", () => {
    expect(headline({ workflow: "a\nb\u0007c" })).toBe("Cursor agent: a b c");
    expect(pullBody(run, "REPORT")).toBe(
      `Proposed by the Cursor agent in [this workflow run](${run.runUrl}).\n\nREPORT`,
    );
  });
});

describe("conflicts", () => {
  // Trees by id: name → [mode, type, id].
  const trees: Record<string, Record<string, [string, string, string]>> = {
    base: {
      "a.txt": ["100644", "blob", "1"],
      src: ["040000", "tree", "src1"],
      same: ["040000", "tree", "s"],
    },
    head: {
      "a.txt": ["100644", "blob", "1"],
      src: ["040000", "tree", "src2"],
      same: ["040000", "tree", "s"],
      "new.txt": ["100644", "blob", "9"],
    },
    src1: { "x.ts": ["100644", "blob", "2"], "y.ts": ["100644", "blob", "3"] },
    src2: { "x.ts": ["100644", "blob", "2"], "y.ts": ["100755", "blob", "3"] },
  };
  const read: string[] = [];
  const gh = {
    tree: async (sha: string): Promise<TreeEntry[]> => {
      read.push(sha);
      return Object.entries(trees[sha] ?? {}).map(([path, [mode, type, id]]) => ({
        path,
        mode,
        type,
        sha: id,
      }));
    },
  };
  it("only the changed paths whose entry differs (mode included; absent on both sides is equal), reading only differing trees", async () => {
    const paths = ["a.txt", "src/x.ts", "src/y.ts", "same/deep/file", "new.txt", "gone/nowhere.txt"];
    expect(await conflicts(gh, "base", "head", paths)).toEqual(["src/y.ts", "new.txt"]);
    expect(read.sort()).toEqual(["base", "head", "src1", "src2"]);
    expect(await conflicts(gh, "base", "base", paths)).toEqual([]);
  });
});

describe("problem", () => {
  it("a 403 names the permission GitHub asks for; the Actions setting by its name", () => {
    const forbidden = {
      status: 403,
      message: "Resource not accessible by integration - https://docs.github.com/rest/git/blobs",
      response: { headers: { "x-accepted-github-permissions": "contents=write" } },
    };
    expect(problem("write", forbidden)).toBe(
      "GitHub refused the delivery (HTTP 403: Resource not accessible by integration): give the job `permissions: contents: write` (for a pull request also `pull-requests: write`), or a github-token that has it",
    );
    expect(problem("pull", { status: 403, message: "Resource not accessible by integration" })).toContain(
      "`permissions: pull-requests: write`",
    );
    expect(
      problem("pull", {
        status: 403,
        message: "GitHub Actions is not permitted to create or approve pull requests.",
      }),
    ).toContain('"Allow GitHub Actions to create and approve pull requests"');
    expect(problem("write", new Error("boom\nstack"))).toBe("the delivery failed (boom)");
  });
});

describe("the inputs", () => {
  const read = (inputs: Record<string, string>, env: NodeJS.ProcessEnv = {}) => {
    const defaults: Record<string, string> = {
      deliver: "none",
      branch: "",
      "allow-default-branch": "false",
      "deliver-on-failure": "false",
      "protected-paths": "default",
    };
    return readDeliverInputs(
      (n) => inputs[n] || (defaults[n] ?? ""),
      (n) => inputs[n] ?? "",
      env,
    );
  };
  it("defaults, the run's branch name, and an empty protected-paths that turns the guard off only when given", () => {
    expect(read({}, { GITHUB_RUN_ID: "99", GITHUB_RUN_ATTEMPT: "2" })).toEqual({
      mode: "none",
      branch: "cursor/99-2",
      allowDefaultBranch: false,
      onFailure: false,
      protectedPaths: "default",
    });
    expect(read({ "protected-paths": "" }, { "INPUT_PROTECTED-PATHS": "" }).protectedPaths).toBe("");
  });
  it("one line naming the input for a bad value", () => {
    expect(() => read({ deliver: "yes" })).toThrow(
      new InputError("deliver", "'yes' is not one of none, pull-request, push"),
    );
    expect(() => read({ branch: "a..b" })).toThrow(/^Input 'branch': 'a\.\.b' holds/);
    expect(() => read({ "allow-default-branch": "maybe" })).toThrow(/^Input 'allow-default-branch'/);
  });
  it("branch names as git checks them", () => {
    for (const ok of ["cursor/1-1", "fix/a_b.c", "feature-x"]) expect(refNameProblem(ok)).toBeUndefined();
    for (const bad of [
      "",
      "@",
      "a b",
      "a~b",
      "a^",
      "a:b",
      "a?",
      "a*",
      "a[b",
      "a\\b",
      "a..b",
      "a@{b",
      "a//b",
      "-a",
      "/a",
      "a/",
      "a.",
      ".a",
      "a/.b",
      "a.lock",
      "a/b.lock/c",
      "a\u0001",
    ])
      expect([bad, refNameProblem(bad)]).toEqual([bad, expect.any(String)]);
  });
});

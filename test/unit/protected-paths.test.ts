/**
 * Protected paths: the input read into patterns, and the changed paths they hold back. The default list
 * on paths as a repository has them, the user's own patterns, `default` with extras, an empty input (the
 * guard off), and a bad pattern (one line naming the input and the pattern).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/base/errors.js";
import { AGENT_CONFIG, isAgentConfig } from "../../src/changes/agent-config.js";
import {
  DEFAULT_PROTECTED_PATHS,
  parseProtectedPaths,
  protectedAmong,
} from "../../src/changes/protected-paths.js";

const defaults = parseProtectedPaths("default");
const held = (paths: string[], input = "default") => protectedAmong(paths, parseProtectedPaths(input));

describe("the default list", () => {
  it("holds back workflows, CODEOWNERS where GitHub reads it, and the agent's configuration at any depth", () => {
    const guarded = [
      ".github/workflows/ci.yml",
      ".github/workflows/nested/dir/release.yaml",
      ".github/workflows/.hidden/x.yml",
      "CODEOWNERS",
      ".github/CODEOWNERS",
      "docs/CODEOWNERS",
      ".cursor/rules/x.mdc",
      "packages/web/.cursor/rules/style.mdc",
      ".cursor/cli.json",
      ".cursor",
      "AGENTS.md",
      "sub/AGENTS.md",
      "CLAUDE.md",
      "a/b/.cursorrules",
      ".cursorignore",
      ".mcp.json",
      ".claude/settings.local.json",
      "tools/.agents/skills/deploy/SKILL.md",
      ".codex/skills/x",
      ".envrc",
    ];
    const free = [
      "src/index.ts",
      "README.md",
      ".github/dependabot.yml",
      ".github/actions-lint.yml",
      "docs/guide.md",
      "src/CODEOWNERS",
      ".cursorrc",
      "AGENTS.md.bak",
      "my.cursor/x",
      ".agents/other/x",
      ".github/workflows-old/ci.yml",
    ];
    expect(protectedAmong([...guarded, ...free], defaults)).toEqual(guarded);
  });

  it("ignores case: a case-insensitive checkout makes `.GitHub/Workflows/x.yml` a workflow", () => {
    const variants = [".GitHub/Workflows/x.yml", ".GITHUB/workflows/y.YML", "codeowners", "Docs/CodeOwners"];
    expect(held([...variants, "src/x.ts"])).toEqual(variants);
    expect(held(["Sub/agents.md", ".Cursor/Rules/a.mdc"])).toEqual(["Sub/agents.md", ".Cursor/Rules/a.mdc"]);
  });

  it("holds back every path protect-config guards (property)", () => {
    const names = [...AGENT_CONFIG.flatMap((e) => e.path.split("/")), "src", "x.md", ".github", "skills"];
    const segment = fc.constantFrom(...names, ...names.map((n) => n.toUpperCase()));
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (parts) => {
        const p = parts.join("/");
        if (isAgentConfig(p)) expect(protectedAmong([p], defaults)).toEqual([p]);
      }),
      { numRuns: 2000 },
    );
    for (const e of AGENT_CONFIG) {
      const samples = [e.path, `deep/er/${e.path}`, ...(e.tree ? [`${e.path}/inner/file`] : [])];
      expect(samples.filter(isAgentConfig)).toEqual(samples);
      expect(protectedAmong(samples, defaults)).toEqual(samples);
    }
  });

  it("is what the line `default` expands to, in any case", () => {
    expect(defaults).toEqual(DEFAULT_PROTECTED_PATHS);
    expect(parseProtectedPaths("  DEFAULT  ")).toEqual(DEFAULT_PROTECTED_PATHS);
    expect(defaults).toContain(".github/workflows/**");
  });

  it("matches any path under .github/workflows/, line breaks and odd characters included (property)", () => {
    const segment = fc
      .string({ minLength: 1, maxLength: 12, unit: "binary" })
      .filter((s) => !s.includes("/") && !s.includes("\0") && s !== "." && s !== "..");
    const casing = fc.array(fc.boolean(), { minLength: 17, maxLength: 17 });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), casing, (rest, upper) => {
        const dir = [...".github/workflows"].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("");
        const p = `${dir}/${rest.join("/")}`;
        return protectedAmong([p], defaults).length === 1;
      }),
      { numRuns: 500 },
    );
  });
});

describe("the input", () => {
  it("is one pattern a line: trimmed, blank lines and # comments skipped, commas kept for braces", () => {
    expect(parseProtectedPaths("\n  infra/**  \r\n# secrets too\n\n*.{pem,key}\n")).toEqual([
      "infra/**",
      "*.{pem,key}",
    ]);
    expect(
      held(["infra/main.tf", "a.pem", "b.key", "dir/c.pem", "src/x.ts"], "infra/**\n*.{pem,key}"),
    ).toEqual(["infra/main.tf", "a.pem", "b.key"]);
  });

  it("anchors a pattern at the repository's root; `**/` reaches any depth", () => {
    expect(held(["Makefile", "sub/Makefile"], "Makefile")).toEqual(["Makefile"]);
    expect(held(["Makefile", "sub/Makefile"], "**/Makefile")).toEqual(["Makefile", "sub/Makefile"]);
    const deep = ["a/b/c", "a/x/b/y/z", "a/b"];
    expect(held(deep, "a/**/b/**")).toEqual(["a/b/c", "a/x/b/y/z"]);
  });

  it("reads a leading / or ./ as the root and a trailing / as everything under it", () => {
    expect(parseProtectedPaths("/deploy/\n./scripts/*.sh\n!/deploy/README.md")).toEqual([
      "deploy/**",
      "scripts/*.sh",
      "!deploy/README.md",
    ]);
    expect(held(["deploy/a/b.yml", "deploy.yml", "scripts/x.sh"], "deploy/")).toEqual(["deploy/a/b.yml"]);
  });

  it("takes dotfiles with `*` and `**`", () => {
    expect(held([".key.pem", "config/.secrets/key", "plain.txt"], "*.pem\nconfig/**")).toEqual([
      ".key.pem",
      "config/.secrets/key",
    ]);
  });

  it("adds extras to `default`, and `!` exempts what it matches (the last pattern that matches decides)", () => {
    const input = "default\n!.github/workflows/agent-owned.yml\ninfra/**";
    const paths = [".github/workflows/ci.yml", ".github/workflows/agent-owned.yml", "infra/x.tf", "src/a.ts"];
    expect(held(paths, input)).toEqual([".github/workflows/ci.yml", "infra/x.tf"]);
    expect(held(paths, `${input}\n.github/**`)).toEqual([
      ".github/workflows/ci.yml",
      ".github/workflows/agent-owned.yml",
      "infra/x.tf",
    ]);
    expect(held(["CODEOWNERS"], "!CODEOWNERS\ndefault")).toEqual(["CODEOWNERS"]);
  });

  it("that is empty (or only comments) turns the guard off", () => {
    expect(parseProtectedPaths("")).toEqual([]);
    expect(parseProtectedPaths("  \n# nothing\n")).toEqual([]);
    expect(protectedAmong([".github/workflows/ci.yml", "AGENTS.md"], [])).toEqual([]);
  });

  it.each([
    ["../outside/**", "'../outside/**' is not a path pattern"],
    ["src/./x", "'src/./x' is not a path pattern"],
    ["a//b", "'a//b' is not a path pattern"],
    ["!", "'!' is not a path pattern"],
    [".github\\workflows\\*.yml", "'.github\\workflows\\*.yml' separates with '\\'"],
    ["src/[z-a].ts", "'src/[z-a].ts' is not a valid glob pattern"],
    [`${"a".repeat(70_000)}`, "is not a valid glob pattern"],
  ])("refuses the bad pattern %#, in one line naming the input and the pattern", (pattern, says) => {
    let error: unknown;
    try {
      parseProtectedPaths(`default\n${pattern}\n`);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    const message = (error as Error).message;
    expect(message.startsWith("Input 'protected-paths': ")).toBe(true);
    expect(message).toContain(says);
    expect(message).not.toContain("\n");
  });

  it("keeps an escaped glob character literal", () => {
    expect(held(["#notes", "a*b", "axb"], "\\#notes\na\\*b")).toEqual(["#notes", "a*b"]);
  });
});

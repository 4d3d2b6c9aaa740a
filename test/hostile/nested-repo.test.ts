/**
 * A repository nested in the workspace must not be entered by the action's git. The agent can make one
 * (`vendor/lib/.git`) whose own config names a clean filter and whose `.git/info/attributes` applies it,
 * leave a file in it stat-dirty (same size, new mtime: git must hash it, through the filter, to tell),
 * and add it to the workspace's index as a gitlink (`update-index --cacheinfo 160000,…`), no
 * `.gitmodules` needed. The end of the run's `git status` and `git diff --numstat` would then recurse
 * into it, and the child git, reading the nested config the runner's overrides never saw, runs the
 * filter. None of the reader's calls may: the marker the filter writes must not appear. Real git.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { snapshotWorkingTree } from "../../src/changes/snapshot.js";
import { createGitReader } from "../../src/git/reader.js";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "core.hooksPath=/dev/null", ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
  }).trim();

function repo(dir: string, file: string, text: string): string {
  mkdirSync(dir, { recursive: true });
  git(dir, "init", "-q");
  git(dir, "config", "user.email", "t@t.invalid");
  git(dir, "config", "user.name", "t");
  writeFileSync(path.join(dir, file), text);
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "base");
  return git(dir, "rev-parse", "HEAD");
}

/** The workspace after the agent: a nested repository with a filter of its own, entered as a gitlink. */
function trap(): { ws: string; markers: string } {
  const root = mkdtempSync(path.join(tmpdir(), "nested-repo-"));
  const ws = path.join(root, "ws");
  const markers = path.join(root, "markers");
  mkdirSync(markers);
  repo(ws, "a.txt", "one\n");
  const lib = path.join(ws, "vendor", "lib");
  const commit = repo(lib, "lib.txt", "library\n");
  git(lib, "config", "filter.evil.clean", `touch ${path.join(markers, "clean")}; cat`);
  writeFileSync(path.join(lib, ".git", "info", "attributes"), "* filter=evil\n");
  // Stat-dirty: the same bytes, a new mtime, so that only hashing (through the filter) can tell.
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(lib, "lib.txt"), later, later);
  git(ws, "update-index", "--add", "--cacheinfo", `160000,${commit},vendor/lib`);
  writeFileSync(path.join(ws, "a.txt"), "one\ntwo\n");
  return { ws, markers };
}

describe("a repository nested in the workspace", () => {
  it("is not entered by status, numstat, HEAD lookups or the snapshot: its filter never runs", async () => {
    const { ws, markers } = trap();
    const reader = createGitReader(ws);
    expect(await reader.isRepo()).toBe(true);
    const [status, numstat] = await Promise.all([reader.status(), reader.numstat()]);
    // The workspace's own change is still seen.
    expect(status).toContainEqual({ code: " M", path: "a.txt" });
    expect(numstat).toContainEqual({ path: "a.txt", added: 1, removed: 0, binary: false });
    await snapshotWorkingTree(reader, ws);
    expect(await reader.show("vendor/lib/lib.txt", 1000)).toEqual({ kind: "absent" });
    const heads = await reader.heads!(["vendor/lib", "vendor/lib/lib.txt", "a.txt"]);
    expect(heads.get("vendor/lib")).toEqual({ kind: "absent" });
    expect(heads.get("vendor/lib/lib.txt")).toEqual({ kind: "absent" });
    expect(readdirSync(markers)).toEqual([]);
    // The trap is real: git as the repository configures it enters the nested repository and runs it.
    git(ws, "status", "--porcelain");
    expect(readdirSync(markers).length).toBeGreaterThan(0);
  });
});

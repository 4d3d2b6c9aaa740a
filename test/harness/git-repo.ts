/** Real repositories for the tests: git run plainly (no hook of the repository's), and one-commit repositories. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** git in `cwd`, its output trimmed. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "core.hooksPath=/dev/null", ...args], { cwd, encoding: "utf8" }).trim();
}

/** A repository made in the directory `ws` with `files` as its one commit. */
export function commitFiles(ws: string, files: Record<string, string>): void {
  git(ws, "init", "-q");
  git(ws, "config", "user.email", "t@t.invalid");
  git(ws, "config", "user.name", "t");
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(ws, name)), { recursive: true });
    writeFileSync(path.join(ws, name), text);
  }
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "base");
}

/** A fresh repository with one commit of `files`: its path and that commit. */
export function repoWith(prefix: string, files: Record<string, string>): { ws: string; base: string } {
  const ws = mkdtempSync(path.join(tmpdir(), prefix));
  commitFiles(ws, files);
  return { ws, base: git(ws, "rev-parse", "HEAD") };
}

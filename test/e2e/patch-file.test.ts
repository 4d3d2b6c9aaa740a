/**
 * Output `patch-file` (src/changes/patch.ts, src/run/patch-file.ts), through the bundle: what is left in the
 * repository after the agent (a changed, a new, a deleted, a binary and a newly executable file; an ignored
 * one) as one patch under RUNNER_TEMP that `git apply --binary --index` turns a fresh clone of the
 * checked-out commit into the same tree; no patch when nothing changed, nor for a transcript replay.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { cleanupActionRuns, fixture, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@t.invalid", "-c", "user.name=t", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();

function checkout(): { ws: string; base: string } {
  const root = mkdtempSync(path.join(tmpdir(), "patch-file-"));
  const ws = path.join(root, "repo");
  mkdirSync(ws);
  git(ws, "init", "-q");
  writeFileSync(path.join(ws, "README.md"), "hello\n");
  writeFileSync(path.join(ws, "old.txt"), "going\n");
  writeFileSync(path.join(ws, "tool.sh"), "#!/bin/sh\n");
  writeFileSync(path.join(ws, "logo.bin"), Buffer.from([0, 159, 146, 150, 0]));
  writeFileSync(path.join(ws, ".gitignore"), "*.log\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "base");
  return { ws, base: git(ws, "rev-parse", "HEAD") };
}

const transcript = fixture("cursorhack-direct-sleep-mac-thinking-seq-shell.ndjson");

it("what the agent left, as one patch: applied to a fresh clone of the checked-out commit, the same tree", async () => {
  const { ws, base } = checkout();
  // What the agent leaves (written before the fake agent replays its transcript: git sees it the same).
  writeFileSync(path.join(ws, "README.md"), "hello\nworld\n");
  rmSync(path.join(ws, "old.txt"));
  chmodSync(path.join(ws, "tool.sh"), 0o755);
  writeFileSync(path.join(ws, "logo.bin"), Buffer.from([1, 0, 2, 0, 255]));
  mkdirSync(path.join(ws, "src"));
  writeFileSync(path.join(ws, "src", "new.ts"), "export {};\n");
  writeFileSync(path.join(ws, "build.log"), "ignored\n");
  const r = await runAction({
    workspace: ws,
    inputs: { prompt: "go" },
    env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef" },
    scenario: { transcript },
  });
  expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
  const file = r.outputs["patch-file"] ?? "";
  expect(file).toMatch(/cursor-agent-\d+-\d+\.patch$/);
  const patch = readFileSync(file, "utf8");
  expect(patch).toContain("GIT binary patch");
  expect(patch).not.toContain("build.log");
  const clone = mkdtempSync(path.join(tmpdir(), "patch-file-clone-"));
  execFileSync("git", ["clone", "-q", ws, clone]);
  git(clone, "checkout", "-q", base);
  git(clone, "apply", "--binary", "--index", file);
  git(ws, "add", "-A");
  expect(git(clone, "write-tree")).toBe(git(ws, "write-tree"));
});

it("nothing changed: no patch-file", async () => {
  const { ws } = checkout();
  const r = await runAction({
    workspace: ws,
    inputs: { prompt: "go" },
    env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef" },
    scenario: { transcript },
  });
  expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
  expect(r.outputs["patch-file"]).toBe("");
});

it("a transcript replay: no patch-file, whatever the work tree holds", async () => {
  const { ws } = checkout();
  writeFileSync(path.join(ws, "README.md"), "changed by someone else\n");
  const copy = path.join(ws, "t.ndjson");
  writeFileSync(copy, readFileSync(transcript));
  const r = await runAction({ workspace: ws, inputs: { transcript: "t.ndjson" } });
  expect(r.outputs.conclusion).toBe("success");
  expect(r.outputs["patch-file"]).toBe("");
});

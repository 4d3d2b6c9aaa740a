/**
 * A pull request's link must not choose which file under RUNNER_TEMP becomes `prompt-file` (or
 * `output-schema-file`): a committed `prompt.md -> $RUNNER_TEMP/…` would put another step's file there
 * (a token it wrote, the action's own state) into the agent's command line. A path in the workspace ends
 * in the workspace; a path the workflow names in RUNNER_TEMP is still read there.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { type InputName, readSettings } from "../../src/settings/settings.js";

const SECRET = "another step's token: ghs_notForTheAgent0000000000";

function job() {
  const base = mkdtempSync(path.join(tmpdir(), "input-temp-link-"));
  const ws = path.join(base, "work", "repo");
  const temp = path.join(base, "work", "_temp");
  mkdirSync(ws, { recursive: true });
  mkdirSync(temp);
  writeFileSync(path.join(temp, "token.txt"), SECRET);
  const read = (inputs: Partial<Record<InputName, string>>) => {
    try {
      return readSettings((n) => inputs[n] ?? "", { GITHUB_WORKSPACE: ws, RUNNER_TEMP: temp }).prompt;
    } catch (e) {
      return (e as Error).message;
    }
  };
  return { ws, temp, read };
}

it("a committed link from the workspace into RUNNER_TEMP is refused, as a file and as a directory", () => {
  const { ws, temp, read } = job();
  symlinkSync(path.join(temp, "token.txt"), path.join(ws, "prompt.md"));
  symlinkSync(temp, path.join(ws, "docs"));
  expect(read({ "prompt-file": "prompt.md" })).toBe(
    `Input 'prompt-file': '${path.join(ws, "prompt.md")}' leads through a link out of the workspace: not read`,
  );
  expect(read({ "prompt-file": "docs/token.txt" })).toBe(
    `Input 'prompt-file': '${path.join(ws, "docs/token.txt")}' leads through a link out of the workspace: not read`,
  );
});

it("a file the workflow names in RUNNER_TEMP is read; a link in the workspace that stays there is too", () => {
  const { ws, temp, read } = job();
  expect(read({ "prompt-file": path.join(temp, "token.txt") })).toBe(SECRET);
  writeFileSync(path.join(ws, "task.md"), "Fix it\n");
  symlinkSync("task.md", path.join(ws, "prompt.md"));
  expect(read({ "prompt-file": "prompt.md" })).toBe("Fix it\n");
});

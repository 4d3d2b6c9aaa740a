/**
 * A flood on the agent's stderr: 120 MB of lines (the least that made the old bundle's own stdout write
 * fail with EINVAL, at 670 MB of memory). The agent's pipes are read no faster than the log is taken, so
 * the run ends normally with every line logged and memory bounded. Run with a counting reader, not the
 * harness's, which keeps the whole log in memory.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { prepareStep, readFileCommand, spawnAction } from "../harness/launch.mjs";
import { bundleEntry } from "../harness/run-action.js";

it("120 MB of stderr: every line logged, the run ends normally, memory stays bounded", async () => {
  const root = mkdtempSync(path.join(tmpdir(), "hostile-flood-"));
  const workspace = path.join(root, "ws");
  mkdirSync(workspace);
  execFileSync("git", ["init", "-q", workspace]);
  const agent = path.join(root, "flood.sh");
  writeFileSync(
    agent,
    `#!/bin/sh
yes "Error: something went wrong, again and again, on a line of stderr" | head -c 120000000 >&2
echo >&2
echo "last stderr line" >&2
echo '{"type":"result","subtype":"success","is_error":false,"result":"ok","session_id":"s"}'
`,
  );
  chmodSync(agent, 0o755);
  const step = prepareStep({
    workspace,
    runnerTemp: path.join(root, "temp"),
    event: {},
    inputs: { prompt: "go", "agent-path": agent },
    env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef" },
  });
  const child = spawnAction({ args: [await bundleEntry()], env: step.env, cwd: workspace });
  let bytes = 0;
  let tail = "";
  child.stdout?.on("data", (c: Buffer) => {
    bytes += c.length;
    tail = (tail + c.toString("utf8")).slice(-4096);
  });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString("utf8");
  });
  let peakKb = 0;
  const sampler = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (m) peakKb = Math.max(peakKb, Number(m[1]));
    } catch {}
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearInterval(sampler);
  expect(stderr).not.toMatch(/EINVAL/);
  expect(code).toBe(0);
  expect(readFileCommand(step.files.GITHUB_OUTPUT).values.conclusion).toBe("success");
  expect(bytes).toBeGreaterThan(120_000_000);
  expect(tail).toContain("stderr: last stderr line");
  expect(tail).toMatch(/── ✓ success/);
  expect(peakKb).toBeGreaterThan(0);
  expect(peakKb).toBeLessThan(350 * 1024);
}, 60_000);

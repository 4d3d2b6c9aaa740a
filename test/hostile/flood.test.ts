/**
 * A flood on the agent's stderr. The agent's pipes are read no faster than the log is taken, so the run
 * ends normally with every line logged and memory bounded. The old bundle kept what it had not written yet:
 * 120 MB made its own stdout write fail with EINVAL, at 670 MB of memory (5.6 times the flood). A smaller
 * flood proves the same bound for less time: the action's peak memory grows
 * over a run with a few lines of stderr by less than three quarters of the flood, where keeping the flood
 * would grow it by the flood at least.
 * Run with a counting reader, not the harness's, which keeps the whole log in memory.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { prepareStep, readFileCommand, spawnAction } from "../harness/launch.mjs";
import { bundleEntry } from "../harness/run-action.js";

// The bundle built once, before any test's own time starts (a cold build on a busy machine takes a minute).
beforeAll(() => bundleEntry(), 300_000);

/** 48 MB: big enough that holding it shows over the run's own memory (the baseline, ~60 MB, varies by ~10). */
const FLOOD_BYTES = 48_000_000;

/**
 * A line of the flood: ~1 KB, so that 48 MB is ~47,000 lines. What is tested is the bound on memory and
 * that every line is logged, which hold per byte; 65-byte lines made it ~740,000 lines and twice the CPU.
 */
const LINE = `Error: something went wrong, again and again, on a line of stderr ${"x".repeat(950)}`;

/** The action with an agent that writes `bytes` of stderr lines, then a result; its log counted, its peak memory read. */
async function flood(bytes: number) {
  const root = mkdtempSync(path.join(tmpdir(), "hostile-flood-"));
  const workspace = path.join(root, "ws");
  mkdirSync(workspace);
  execFileSync("git", ["init", "-q", workspace]);
  const agent = path.join(root, "flood.sh");
  writeFileSync(
    agent,
    `#!/bin/sh
yes "${LINE}" | head -c ${bytes} >&2
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
  let logged = 0;
  let tail = "";
  child.stdout?.on("data", (c: Buffer) => {
    logged += c.length;
    tail = (tail + c.toString("utf8")).slice(-4096);
  });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString("utf8");
  });
  // VmHWM is the process's high-water mark: a sample misses nothing but what comes after the last one.
  let peakKb = 0;
  const sample = () => {
    try {
      const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (m) peakKb = Math.max(peakKb, Number(m[1]));
    } catch {}
  };
  const sampler = setInterval(sample, 20);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearInterval(sampler);
  return { code, stderr, logged, tail, peakKb, outputs: readFileCommand(step.files.GITHUB_OUTPUT).values };
}

it("a flood of stderr: every line logged, the run ends normally, memory stays bounded", async () => {
  const quiet = await flood(1_000);
  const r = await flood(FLOOD_BYTES);
  expect(r.stderr).not.toMatch(/EINVAL/);
  // Once seen failing on a machine several times oversubscribed (not since): say why, if it does again.
  const why = `outputs ${JSON.stringify(r.outputs)}; stderr …${r.stderr.slice(-300)}; log …${r.tail.slice(-1500)}`;
  expect(r.code, why).toBe(0);
  expect(r.outputs.conclusion).toBe("success");
  expect(r.logged).toBeGreaterThan(FLOOD_BYTES);
  expect(r.tail).toContain("stderr: last stderr line");
  expect(r.tail).toMatch(/── ✓ success/);
  expect(quiet.peakKb).toBeGreaterThan(0);
  // Measured: ~10-16 MB of growth (stream buffers and garbage, more when the reader is slow), whatever the flood.
  expect((r.peakKb - quiet.peakKb) * 1024).toBeLessThan((FLOOD_BYTES * 3) / 4);
}, 60_000);

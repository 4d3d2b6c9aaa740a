/**
 * The last resort: when something the action did not expect throws (here its own stdout fails, as a
 * flooded pipe made it do with EINVAL), the outputs and the summary still say the run failed, and the
 * agent's process group is killed. In-process, with the real agent process (the fake agent) and a stdout
 * that breaks.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it, vi } from "vitest";
import type { RunningAgent } from "../../src/agent/process.js";
import { CANCEL_DEADLINES } from "../../src/base/deadlines.js";
import { run } from "../../src/main.js";
import { withDefaults } from "../../src/run/deps.js";
import { LastResort } from "../../src/run/last-resort.js";
import { FAKE_AGENT, fixture, isProcessAlive } from "../harness/run-action.js";

it("a stdout that fails mid-run: conclusion, error and summary written, the agent killed", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "last-resort-"));
  const files = {
    GITHUB_OUTPUT: path.join(dir, "output"),
    GITHUB_STEP_SUMMARY: path.join(dir, "summary"),
  };
  for (const f of Object.values(files)) writeFileSync(f, "");
  const scenario = path.join(dir, "scenario.json");
  const record = path.join(dir, "record.json");
  writeFileSync(
    scenario,
    JSON.stringify({
      transcript: fixture("cursorhack-parallel-sleep-mac-parallel-shell.ndjson"),
      delayMs: 50,
      hang: "after-result",
      record,
    }),
  );
  let failedWith = "";
  await run({
    env: {
      ...files,
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
      RUNNER_TEMP: dir,
      INPUT_PROMPT: "go",
      "INPUT_AGENT-PATH": FAKE_AGENT,
      INPUT_TRUST: "true",
      // As the job's user: the default (auto) would run the agent as its own user, who cannot read this
      // test's private files (test/hostile/agent-user-reach.test.ts covers that strategy).
      "INPUT_SAFETY-STRATEGY": "no-sudo",
      INPUT_WORKSPACE: dir,
      CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef",
      FAKE_AGENT_SCENARIO: scenario,
    },
    stdout: {
      write: (s: string) => {
        if (s.includes("Agent started")) throw Object.assign(new Error("write EINVAL"), { code: "EINVAL" });
        return true;
      },
    },
    setFailed: (m) => {
      failedWith = m;
    },
  });
  expect(failedWith).toBe("Unexpected error: write EINVAL");
  const outputs = readFileSync(files.GITHUB_OUTPUT, "utf8");
  expect(outputs).toMatch(/^conclusion<<(ghadelimiter_[\w-]+)\nfailure\n\1\n/m);
  expect(outputs).toContain("\nUnexpected error: write EINVAL\n");
  expect(readFileSync(files.GITHUB_STEP_SUMMARY, "utf8")).toContain("Cursor agent failed");
  const pid = (JSON.parse(readFileSync(record, "utf8")) as { pid: number }).pid;
  // Killed: gone once the kernel has reaped it (a regression that leaves it running times the test out).
  while (isProcessAlive(pid)) await new Promise((r) => setTimeout(r, 10));
});

it("an unexpected error after the agent wrote this step's file commands: they are put back before the outputs", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "last-resort-undo-"));
  const files = {
    GITHUB_OUTPUT: path.join(dir, "output"),
    GITHUB_STEP_SUMMARY: path.join(dir, "summary"),
    GITHUB_ENV: path.join(dir, "env"),
    GITHUB_PATH: path.join(dir, "path"),
  };
  for (const f of Object.values(files)) writeFileSync(f, "");
  // The agent (the job's user, no-sudo) finds the file commands and appends to them, then runs.
  const agent = path.join(dir, "planter.sh");
  writeFileSync(
    agent,
    `#!/bin/sh\nprintf 'BASH_ENV=/tmp/FORGED\\n' >> "${files.GITHUB_ENV}"\nprintf '/tmp/FORGED\\n' >> "${files.GITHUB_PATH}"\nexec "${FAKE_AGENT}" "$@"\n`,
    { mode: 0o755 },
  );
  const scenario = path.join(dir, "scenario.json");
  writeFileSync(
    scenario,
    JSON.stringify({ transcript: fixture("cursed-mac-read-edit-usage.ndjson"), hang: "after-result" }),
  );
  const warnings: string[] = [];
  let failedWith = "";
  await run({
    env: {
      ...files,
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
      RUNNER_TEMP: dir,
      INPUT_PROMPT: "go",
      "INPUT_AGENT-PATH": agent,
      INPUT_TRUST: "true",
      "INPUT_SAFETY-STRATEGY": "no-sudo",
      INPUT_WORKSPACE: dir,
      CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef",
      FAKE_AGENT_SCENARIO: scenario,
    },
    // The first line the agent's stream makes the action write: the agent has written the files by then.
    stdout: {
      write: (s: string) => {
        if (s.includes("Agent started")) throw Object.assign(new Error("write EINVAL"), { code: "EINVAL" });
        return true;
      },
    },
    warning: (m) => warnings.push(m),
    setFailed: (m) => {
      failedWith = m;
    },
  });
  expect(failedWith).toBe("Unexpected error: write EINVAL");
  expect(readFileSync(files.GITHUB_ENV, "utf8")).toBe("");
  expect(readFileSync(files.GITHUB_PATH, "utf8")).toBe("");
  // Put back first: the outputs written after it stand.
  expect(readFileSync(files.GITHUB_OUTPUT, "utf8")).toMatch(
    /^conclusion<<(ghadelimiter_[\w-]+)\nfailure\n\1\n/m,
  );
  expect(warnings.some((w) => w.startsWith("GITHUB_ENV was written to"))).toBe(true);
});

it("a cancel before the agent started: what was set up is put back, then the outputs say cancelled", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "last-resort-cancel-"));
  const output = path.join(dir, "output");
  writeFileSync(output, "");
  const order: string[] = [];
  const { deps, log } = withDefaults({
    env: { GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: path.join(dir, "summary") },
    stdout: { write: () => true },
    setFailed: () => order.push("failed"),
  });
  const resort = new LastResort(deps, log);
  const exits = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
  try {
    resort.owns(async () => {
      order.push(readFileSync(output, "utf8") === "" ? "undone before the outputs" : "undone after");
      return { lines: [], warnings: [] };
    });
    // What the runner's cancel does to the process, without killing the test's worker.
    process.emit("SIGINT");
    await vi.waitFor(() => expect(order).toContain("failed"));
    expect(order[0]).toBe("undone before the outputs");
    const outputs = readFileSync(output, "utf8");
    expect(outputs).toMatch(/^conclusion<<(ghadelimiter_[\w-]+)\ncancelled\n\1\n/m);
    expect(outputs).toContain("\nThe run was cancelled before the agent started.\n");
    // Its conclusion is given once: a second signal does not undo or write again.
    process.emit("SIGTERM");
    expect(order.filter((o) => o.startsWith("undone"))).toHaveLength(1);
    // The process ends after it (a timer): waited for here, while exit is still the spy, so that the real
    // one never ends the worker that runs the next test files.
    await vi.waitFor(() => expect(exits).toHaveBeenCalledWith(1));
    expect(exits).toHaveBeenCalledTimes(1);
  } finally {
    resort.dispose();
    exits.mockRestore();
  }
});

it("a cancel while an unexpected error's undo hangs: the undo gets the cancel's share, then the outputs", async () => {
  vi.useFakeTimers();
  const dir = mkdtempSync(path.join(tmpdir(), "last-resort-undo-"));
  const output = path.join(dir, "output");
  writeFileSync(output, "");
  const order: string[] = [];
  const { deps, log } = withDefaults({
    env: { GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: path.join(dir, "summary") },
    stdout: { write: () => true },
    setFailed: () => order.push("failed"),
    warning: (w: string) => order.push(w),
  });
  const resort = new LastResort(deps, log);
  const exits = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
  try {
    // The agent has started (its cancel is the run's to answer); the undo never ends.
    resort.track({ signal: () => true, release: () => undefined } as unknown as RunningAgent);
    resort.owns(() => new Promise<never>(() => undefined));
    void resort.fail(new Error("boom"));
    await vi.advanceTimersByTimeAsync(100);
    process.emit("SIGINT");
    await vi.advanceTimersByTimeAsync(CANCEL_DEADLINES.agentUserEndMs + 1);
    expect(order).toContain("failed");
    expect(order).toContain("What the run set up was not all put back in time.");
    expect(readFileSync(output, "utf8")).toMatch(/^conclusion<<(ghadelimiter_[\w-]+)\nfailure\n\1\n/m);
    await vi.advanceTimersByTimeAsync(1_000);
  } finally {
    resort.dispose();
    exits.mockRestore();
    vi.useRealTimers();
  }
});

/**
 * Owning the agent's process: flags, environment, hangs, time limits and cancellation, end to end.
 * Elapsed times are asserted with generous bounds only.
 */
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupActionRuns, fixture, runAction, startAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";
const CURSED = fixture("cursed-mac-read-edit-usage.ndjson");
const SLEEPY = fixture("cursorhack-parallel-sleep-mac-parallel-shell.ndjson");

describe.concurrent("the agent's configuration", () => {
  it("maps every input to its flag", async () => {
    const r = await runAction({
      inputs: {
        prompt: "go",
        model: "gpt-5",
        force: true,
        trust: true,
        "approve-mcps": true,
        headers: "X-Trace: abc\nX-Team: platform",
        resume: "3f2a-session",
        "agent-path": "cursor-agent",
      },
      env: { CURSOR_API_KEY: KEY },
      scenario: {},
    });
    expect(r.code).toBe(0);
    expect(r.record?.parsed?.options).toMatchObject({
      print: true,
      outputFormat: "stream-json",
      model: "gpt-5",
      workspace: r.dirs.workspace,
      force: true,
      trust: true,
      approveMcps: true,
      header: ["X-Trace: abc", "X-Team: platform"],
      resume: "3f2a-session",
    });
  });

  it("without trust, a fresh workspace refuses to start, and the error says so", async () => {
    const r = await runAction({
      inputs: { prompt: "go", trust: false },
      env: { CURSOR_API_KEY: KEY },
      scenario: {},
    });
    expect(r.record?.outcome).toBe("untrusted");
    expect(r.outputs.error).toMatch(/stderr:\nWorkspace Trust Required/);
  });

  it("an unknown model: the agent's message in error", async () => {
    const r = await runAction({
      inputs: { prompt: "go", model: "gpt-99" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { models: ["gpt-5", "sonnet-4"] },
    });
    expect(r.outputs.error).toContain("Cannot use this model: gpt-99. Available models: gpt-5, sonnet-4");
  });
});

describe.concurrent("stopping the agent on our terms", () => {
  it("hang after result: stopped within seconds, green, the conclusion from the result", async () => {
    const r = await runAction({
      inputs: { prompt: "go" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: CURSED, hang: "after-result" },
    });
    expect(r.code).toBe(0);
    expect(r.outputs.conclusion).toBe("success");
    // Stopped by the action (its SIGTERM, and the log says why), not waited out: no clock needed.
    expect(r.record?.signals).toContain("SIGTERM");
    expect(r.log.plainLines.some((l) => l.includes("did not exit within 5.0 s of its result"))).toBe(true);
    expect(r.agentAliveAfterExit).toBe(false);
  });

  it("a stall with timeout-minutes: timed_out, SIGTERM to the agent, its child shell gone too", async () => {
    const r = await runAction({
      inputs: { prompt: "go", "timeout-minutes": "0.05" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: CURSED, stopAfterLines: 4, hang: "mid-stream", spawnChild: true },
    });
    expect(r.code).toBe(1);
    expect(r.outputs.conclusion).toBe("timed_out");
    expect(r.outputs.error).toMatch(
      /^The agent was stopped after 3 s \(timeout-minutes\)\. The agent ended without a result event\./,
    );
    expect(r.record?.signals).toContain("SIGTERM");
    expect(r.agentAliveAfterExit).toBe(false);
    expect(r.agentChildAliveAfterExit).toBe(false);
    // What was streamed is still reported.
    expect(r.outputs["tool-calls"]).toBe("1");
    expect(r.outputs["session-id"]).toBe("e3a00e7a-7b5a-4ab2-985b-4569a095ce0b");
    expect(r.summary).toContain("Cursor agent timed out");
    // Not before its time (a floor no machine's speed moves); that it ended is the SIGTERM above.
    expect(r.durationMs).toBeGreaterThan(2_500);
  });

  it("an agent that ignores SIGTERM gets SIGKILL after the grace period", async () => {
    const r = await runAction({
      inputs: { prompt: "go", "timeout-minutes": "0.03" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: CURSED, stopAfterLines: 2, hang: "mid-stream", ignoreSigterm: true },
    });
    expect(r.outputs.conclusion).toBe("timed_out");
    expect(r.record?.signals).toEqual(["SIGTERM"]);
    expect(r.agentAliveAfterExit).toBe(false);
    expect(r.outputs["exit-code"]).toBe("137");
    // The timeout, then the whole grace before SIGKILL (a floor no machine's speed moves).
    expect(r.durationMs).toBeGreaterThan(6_000);
  });

  it("SIGINT to the action mid-run: cancelled, agent stopped, outputs and summary written, exit non-zero", async () => {
    const h = await startAction({
      inputs: { prompt: "go" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: SLEEPY, stopAfterLines: 5, hang: "mid-stream", spawnChild: true },
    });
    await h.waitForStdout("▸ Shell sleep 4");
    const r = await h.cancelLikeRunner();
    // Done before the runner's SIGTERM (the harness sends it 7.5 s after the SIGINT, as the runner does).
    expect(r.signalsSent.map((s) => s.signal)).toEqual(["SIGINT"]);
    expect(r.code).not.toBe(0);
    expect(r.outputs.conclusion).toBe("cancelled");
    expect(r.outputs.error).toMatch(/^The run was cancelled; the agent was stopped\./);
    expect(r.outputs["tool-calls"]).toBe("2");
    expect(r.summary).toContain("Cursor agent was cancelled");
    expect(r.summary).toContain("sleep 6");
    expect(r.record?.signals).toContain("SIGTERM");
    expect(r.agentAliveAfterExit).toBe(false);
    expect(r.agentChildAliveAfterExit).toBe(false);
    expect(readFileSync(r.outputs["transcript-file"]!, "utf8").split("\n").length).toBe(6);
    expect(r.log.groups.balanced).toBe(true);
  });

  it("a second signal during the stop does not corrupt what is written", async () => {
    const h = await startAction({
      inputs: { prompt: "go" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: SLEEPY, stopAfterLines: 5, hang: "mid-stream", ignoreSigterm: true },
    });
    await h.waitForStdout("▸ Shell sleep 4");
    h.kill("SIGINT");
    // The stop is under way once the agent has had its SIGTERM (it ignores it: the action waits to SIGKILL it).
    await h.waitForRecord((record) => record.signals.includes("SIGTERM"));
    h.kill("SIGTERM");
    const r = await h.done;
    expect(r.outputsError).toBeUndefined();
    expect(r.outputs.conclusion).toBe("cancelled");
    expect(r.code).not.toBe(0);
    // Ended before the runner's SIGKILL (7.5 s + 2.5 s after its SIGINT): a limit of the runner's, not a guess.
    expect(r.durationMs - r.signalsSent[0]!.atMs).toBeLessThan(10_000);
    expect(r.agentAliveAfterExit).toBe(false);
  });
});

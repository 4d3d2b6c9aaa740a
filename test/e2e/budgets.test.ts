/**
 * Limits the run keeps while it runs, through the bundle: `max-tool-calls` stops the agent (its group, as
 * a timeout does) at the first call over the budget, with everything reported; `resume` of a chat the CLI
 * does not continue is a warning and `resumed: false`, or with `require-resume` a failed run stopped at the
 * CLI's first event.
 */
import { afterAll, describe, expect, it } from "vitest";
import { cleanupActionRuns, fixture, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";
/** Four tool calls; the third starts on line 59. Its init names this session. */
const RALPH = fixture("ralph-cursor-linux-partial-thinking-read-shell-grep.ndjson");
const RALPH_SESSION = "7af2ff29-6409-40f9-8360-f705340309df";

describe.concurrent("limits of the run", () => {
  it("max-tool-calls: the call over the budget stops the agent; budget_exceeded, everything reported", async () => {
    const r = await runAction({
      inputs: { prompt: "go", "max-tool-calls": "2" },
      env: { CURSOR_API_KEY: KEY },
      // The agent would go on (it hangs after line 60): only the action's stop ends it.
      scenario: { transcript: RALPH, stopAfterLines: 60, hang: "mid-stream" },
    });
    expect(r.code).toBe(1);
    expect(r.outputs.conclusion).toBe("budget_exceeded");
    expect(r.outputs.error).toMatch(
      /^The agent started tool call 3, over max-tool-calls \(2\); it was stopped\. The agent ended without a result event\./,
    );
    expect(r.record?.signals).toContain("SIGTERM");
    expect(r.agentAliveAfterExit).toBe(false);
    expect(r.outputs["tool-calls"]).toBe("3");
    expect(r.outputs["session-id"]).toBe(RALPH_SESSION);
    expect(r.summary).toContain("Cursor agent went over its budget");
    expect(r.log.commands.some((c) => c.name === "error" && c.data.includes("max-tool-calls (2)"))).toBe(
      true,
    );
  });

  it("within the budget nothing is stopped", async () => {
    const r = await runAction({
      inputs: { prompt: "go", "max-tool-calls": "4" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: RALPH },
    });
    expect([r.code, r.outputs.conclusion, r.outputs["tool-calls"]]).toEqual([0, "success", "4"]);
  });

  it("resume of the chat the CLI continues: resumed true", async () => {
    const r = await runAction({
      inputs: { prompt: "go", resume: RALPH_SESSION },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: RALPH },
    });
    expect([r.code, r.outputs.conclusion, r.outputs.resumed]).toEqual([0, "success", "true"]);
    expect(r.record?.parsed?.options.resume).toBe(RALPH_SESSION);
  });

  it("resume of a chat the CLI does not have: it starts a new one and exits 0; a warning, resumed false", async () => {
    const r = await runAction({
      inputs: { prompt: "go", resume: "chat-from-last-week" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: RALPH },
    });
    expect([r.code, r.outputs.conclusion, r.outputs.resumed]).toEqual([0, "success", "false"]);
    const warnings = r.log.commands.filter((c) => c.name === "warning").map((c) => c.data);
    expect(
      warnings.some(
        (w) => w.includes("did not continue chat chat-from-last-week") && w.includes(RALPH_SESSION),
      ),
    ).toBe(true);
  });

  it("require-resume: the new chat fails the run, stopped at the CLI's first event, before any tool", async () => {
    const r = await runAction({
      inputs: { prompt: "go", resume: "chat-from-last-week", "require-resume": "true" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: RALPH, stopAfterLines: 3, hang: "mid-stream" },
    });
    expect(r.code).toBe(1);
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.outputs.error).toMatch(
      /^The CLI started a new chat \(7af2ff29-[\w-]+\) instead of continuing chat-from-last-week \(require-resume\); the agent was stopped\./,
    );
    expect(r.record?.signals).toContain("SIGTERM");
    expect(r.outputs["tool-calls"]).toBe("0");
    expect(r.outputs.resumed).toBe("false");
  });
});

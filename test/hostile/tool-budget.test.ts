/**
 * `max-tool-calls` against an agent that sends no starts: the CLI may send a call's completion alone
 * (docs/stream-format.md "Tool calls"), and a budget that heard only of starts let 12 calls run under a
 * limit of 3. Through the bundle: the fourth completion is the breach.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const ev = (e: object) => `${JSON.stringify(e)}\n`;

it("completions with no start count toward max-tool-calls", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hostile-budget-"));
  const transcript = path.join(dir, "t.ndjson");
  const completed = (i: number) =>
    ev({
      type: "tool_call",
      subtype: "completed",
      call_id: `call-${i}`,
      tool_call: {
        shellToolCall: {
          args: { command: `echo ${i}` },
          result: { success: { command: `echo ${i}`, exitCode: 0, stdout: `${i}\n`, stderr: "" } },
        },
      },
    });
  writeFileSync(
    transcript,
    [
      ev({ type: "system", subtype: "init", session_id: "s", model: "m" }),
      ...Array.from({ length: 12 }, (_, i) => completed(i + 1)),
      ev({ type: "result", subtype: "success", is_error: false, result: "done", session_id: "s" }),
    ].join(""),
  );
  const r = await runAction({
    inputs: { prompt: "go", "max-tool-calls": "3", "fail-on-error": false },
    env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef" },
    scenario: { transcript },
  });
  expect(r.outputs.conclusion).toBe("budget_exceeded");
  expect(r.outputs.error).toMatch(/^The agent started tool call 4, over max-tool-calls \(3\)/);
});

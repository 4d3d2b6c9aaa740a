/**
 * The log shows agent text, not terminal control: escape sequences (OSC 8 links, OSC 52 clipboard, cursor
 * movement), NUL, backspace and bidi overrides from the agent, in its text, tool names (group titles) and
 * errors (annotations), through the bundle; and one enormous line is one capped log line.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const E = "\u001b";
const NASTY = `${E}]8;;https://evil.example${E}\\link${E}]8;;${E}\\ ${E}]52;c;ZXZpbA==\u0007${E}[2K${E}[1Aup a\u0000b\u0008c \u202Etxt.exe ${E}[31mred${E}[0m`;
const ev = (e: object) => `${JSON.stringify(e)}\n`;

it("escape sequences, controls and bidi overrides never reach the log; colour does; long lines are capped", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hostile-log-"));
  const transcript = path.join(dir, "t.ndjson");
  writeFileSync(
    transcript,
    [
      ev({ type: "system", subtype: "init", session_id: "s", model: `m${NASTY}` }),
      ev({ type: "assistant", message: { content: [{ type: "text", text: `said ${NASTY}\n` }] } }),
      ev({
        type: "tool-call-started",
        tool_call_id: "t1",
        tool_name: `tool${NASTY}`,
        parameters: { command: NASTY },
      }),
      ev({
        type: "tool-call-completed",
        tool_call_id: "t1",
        tool_name: `tool${NASTY}`,
        parameters: { command: NASTY },
        result: { success: false, error: `failed ${NASTY}` },
      }),
      ev({ type: "assistant", message: { content: [{ type: "text", text: "y".repeat(200_000) }] } }),
      ev({ type: "result", subtype: "error", is_error: true, error: `bad ${NASTY}`, session_id: "s" }),
    ].join(""),
  );
  const r = await runAction({
    inputs: { prompt: "go", "fail-on-error": false },
    env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef" },
    scenario: { transcript },
  });
  expect(r.outputs.conclusion).toBe("failure");
  const withoutColour = r.stdout.replace(/\u001b\[[0-9;]*m/g, "");
  expect(withoutColour).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  expect(r.stdout).toContain(`${E}[31mred${E}[0m`);
  expect(r.stdout).toContain("\\u{202e}txt.exe");
  expect(r.stdout).not.toContain(`${E}]`);
  // In a group title and in an annotation too.
  expect(r.log.groups.titles.some((t) => t.includes("\\u{202e}txt.exe"))).toBe(true);
  expect(
    r.log.commands.filter((c) => c.name === "warning").some((c) => c.data.includes("\\u{202e}txt.exe")),
  ).toBe(true);
  const longest = Math.max(...r.stdout.split("\n").map((l) => l.length));
  expect(longest).toBeLessThan(70_000);
  expect(r.stdout).toContain("more characters not shown");
});

/**
 * Framing through the bundle: a run whose CLI wrote line breaks raw inside strings (a reconstruction,
 * fixtures/reconstructed/README.md) reports as the same run written on one line an event would.
 */
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupActionRuns, fixture, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const RAW = "reconstructed/raw-line-breaks-review.ndjson";

/** The final message, as the `result` event holds it (its 21 lines joined back into one string). */
function finalMessage(): string {
  const text = readFileSync(fixture(RAW), "utf8");
  const start = text.indexOf('{"type":"result"');
  const raw = text.slice(start).trimEnd();
  return (JSON.parse(raw.replaceAll("\n", "\\n")) as { result: string }).result;
}

describe("line breaks written raw inside strings", () => {
  it("are part of the string: the run succeeds with the whole final message, and nothing is stray", async () => {
    const message = finalMessage();
    expect(message.split("\n").length).toBe(21);
    const r = await runAction({
      inputs: { prompt: "Review the discount change", model: "gpt-5", force: true },
      env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef" },
      scenario: { transcript: fixture(RAW) },
    });
    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({
      conclusion: "success",
      result: message,
      error: "",
      "session-id": "5b0d2c4e-8f6a-4c1b-9e3d-2a7f1c6b4d90",
      "tool-calls": "2",
    });
    expect(r.stdout).not.toContain("not stream-json");
    expect(r.log.groups.titles).toEqual([
      expect.stringMatching(/^✓ Shell git diff --stat HEAD~1 — exit 0/),
      expect.stringMatching(/^✓ Edit src\/cart\.ts — \+1 −1/),
    ]);
    // The final message in the summary, rendered: its table and its code block survived the framing.
    expect(r.summary).toContain("Math.max(0, Math.round(total * (100 - pct)) / 100);");
    expect(r.summary).toContain("41 passed");
  });
});

/**
 * Framing through the bundle: a run whose CLI wrote line breaks raw inside strings (a reconstruction,
 * fixtures/reconstructed/README.md) reports as the same run written one event to a line would, under
 * `no-sudo` and under the default strategy (as root, the agent's own user).
 */
import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agentRecordsDir, removeAgentRecordDirs } from "../harness/agent-records.js";
import {
  type ActionResult,
  can,
  cleanupActionRuns,
  fixture,
  runAction,
  sharedWithOtherUsers,
} from "../harness/run-action.js";

afterAll(cleanupActionRuns);
afterAll(removeAgentRecordDirs);

const RAW = "reconstructed/raw-line-breaks-review.ndjson";
const KEY = "key_0123456789abcdef0123456789abcdef";
const ready = process.geteuid?.() === 0 && ["setfacl", "useradd", "setpriv", "pkill"].every(can);

/** The final message, as the `result` event holds it (its 21 lines joined back into one string). */
function finalMessage(): string {
  const text = readFileSync(fixture(RAW), "utf8");
  const raw = text.slice(text.indexOf('{"type":"result"')).trimEnd();
  return (JSON.parse(raw.replaceAll("\n", "\\n")) as { result: string }).result;
}

/** The run as the same run written one event to a line reports: every event read, nothing stray. */
function expectWholeRun(r: ActionResult): void {
  const message = finalMessage();
  expect(message.split("\n").length).toBe(21);
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
}

describe("line breaks written raw inside strings", () => {
  it("are part of the string: the run succeeds with the whole final message, and nothing is stray", async () => {
    const r = await runAction({
      inputs: { prompt: "Review the discount change", model: "gpt-5", force: true },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: fixture(RAW) },
    });
    expectWholeRun(r);
  });

  it.skipIf(!ready)(
    `the same under the default strategy, as root: the agent's own user${ready ? "" : " (skipped: needs root, setfacl, useradd, setpriv and pkill)"}`,
    async () => {
      // The fake CLI and Node where the agent's user can run them, and a record it can write.
      const shared = await sharedWithOtherUsers();
      const records = agentRecordsDir("framing");
      // A copy beside its record: the checkout may be where the agent's own view covers it (/tmp).
      const transcript = path.join(records, "raw.ndjson");
      copyFileSync(fixture(RAW), transcript);
      const r = await runAction({
        inputs: {
          prompt: "Review the discount change",
          model: "gpt-5",
          force: true,
          "safety-strategy": "auto",
          // A user of this file's own: files run side by side, and a run ends every process of its user.
          "agent-user": "cursor-agent-framing",
        },
        env: {
          CURSOR_API_KEY: KEY,
          PATH: [shared.fakeAgentDir, shared.bin, process.env.PATH].join(path.delimiter),
        },
        scenario: { transcript, record: path.join(records, "record.json") },
      });
      expect(r.stdout).toContain("Safety: unprivileged-user (the agent runs as cursor-agent-framing");
      expectWholeRun(r);
    },
  );
});

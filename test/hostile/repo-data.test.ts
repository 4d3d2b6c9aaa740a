/**
 * The token actions/checkout leaves in `.git/config` (`extraheader = AUTHORIZATION: basic <base64 of
 * x-access-token:TOKEN>`) must not leave through the report: an agent that reads, rewrites or edits files
 * under `.git/` gets them listed, never read, diffed or shown, in the summary, the outputs or the log.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const dir = mkdtempSync(path.join(tmpdir(), "hostile-git-"));
const TOKEN = "ghs_16C7e42F292c6912E7710c838347Ae178B4a";
const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString("base64");
const CONFIG = `[core]\n\tbare = false\n[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${BASIC}\n`;

const ev = (e: object) => `${JSON.stringify(e)}\n`;
const call = (id: string, toolCall: object) => [
  ev({ type: "tool_call", subtype: "started", call_id: id, tool_call: toolCall }),
  ev({ type: "tool_call", subtype: "completed", call_id: id, tool_call: toolCall }),
];

describe("files under .git/", () => {
  it("are listed as changed, never read, diffed or shown", async () => {
    const transcript = path.join(dir, "git-config.ndjson");
    writeFileSync(
      transcript,
      [
        ev({ type: "system", subtype: "init", session_id: "s", model: "m" }),
        ...call("r1", {
          readToolCall: { args: { path: ".git/config" }, result: { success: { content: CONFIG } } },
        }),
        ...call("w1", {
          writeToolCall: {
            args: { path: ".git/config", fileText: `${CONFIG}[x]\n` },
            result: { success: { linesCreated: 6 } },
          },
        }),
        ...call("e1", {
          editToolCall: {
            args: { path: ".GIT/hooks/pre-commit" },
            result: { success: { beforeFullFileContent: BASIC, afterFullFileContent: `${BASIC}\nx\n` } },
          },
        }),
        ev({ type: "result", subtype: "success", is_error: false, result: "done", session_id: "s" }),
      ].join(""),
    );
    const r = await runAction({
      inputs: { prompt: "go" },
      env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef" },
      scenario: { transcript },
    });
    expect(r.outputs.conclusion).toBe("success");
    expect(JSON.parse(r.outputs["files-changed"]!)).toEqual([".GIT/hooks/pre-commit", ".git/config"]);
    expect(r.summary).toContain(".git/config");
    expect(r.summary).toContain("not read, not shown");
    for (const where of [r.summary, r.stdout, JSON.stringify(r.outputs)]) {
      expect(where).not.toContain(BASIC);
      expect(where).not.toContain(TOKEN);
      expect(where).not.toContain("extraheader");
    }
  });
});

/**
 * No cut leaves half a secret behind: the API key straddling the 2,000-character cut of a quoted stderr
 * line, or the 64 KiB cut of an unterminated one, is redacted whole before anything is cut.
 */
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRedactor } from "../../src/base/redact.js";
import { decide } from "../../src/model/verdict.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import { LogWriter } from "../../src/render/log-writer.js";
import { toolOutput } from "../../src/render/tool-output.js";
import { renderReport, SUMMARY_BUDGET } from "../../src/report/report.js";
import { resolveTool } from "../../src/tools/index.js";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";
/** The key's first 12 characters: enough to tell whether any part of it got through. */
const HALF = KEY.slice(0, 12);

describe("cuts happen after redaction", () => {
  it("the final message, the key across its 64 KiB cut; a tool's output line, across its 2,000", async () => {
    const redact = createRedactor([KEY]);
    for (const at of [64 * 1024 - 10, 68 * 1024 - 10]) {
      const pipeline = new Pipeline([]);
      const text = `${"m".repeat(at)}${KEY}${"n".repeat(10_000)}`;
      pipeline.push(
        Buffer.from(
          `${JSON.stringify({ type: "assistant", message: { content: [{ type: "text", text }] } })}\n`,
        ),
        0,
      );
      pipeline.end(0);
      const verdict = decide({ exit: { code: 0 }, stderrTail: [], agentPath: "a" });
      const md = renderReport({ model: pipeline.model, verdict, wallMs: 0, redact }, SUMMARY_BUDGET);
      expect(md).not.toContain(HALF);
    }
    const tool = resolveTool({
      kind: "shellToolCall",
      args: { command: "x" },
      outcome: { key: "success", value: { stdout: `${"o".repeat(1990)}${KEY}` } },
    });
    expect(toolOutput(tool, 40, redact).join("\n")).not.toContain(HALF);
  });

  it("a tool's shown lines are written as each line would be, whether or not they reach the log as one block", () => {
    // The log writer redacts a line longer than a log line before it cuts it, and a second pass of the
    // redactor can take more than the first did: here a token shape (`sk-proj-…`) is bounded only once the
    // token glued before it is gone. Shown lines handed over as one element get no such second pass.
    const redact = createRedactor([KEY]);
    const glued = "key_fedcba9876543210fedcba9876543210sk-proj-abcdefghijklmnopqrstuvwx";
    expect(redact(redact(glued))).not.toBe(redact(glued));
    for (const width of [10, 1900]) {
      const stdout = [glued, "a::b", KEY, ...Array.from({ length: 40 }, () => "z".repeat(width))].join("\n");
      const tool = resolveTool({
        kind: "shellToolCall",
        args: { command: "x" },
        outcome: { key: "success", value: { stdout } },
      });
      const lines = toolOutput(tool, 100, redact);
      let each = "";
      const one = new LogWriter({ write: (s: string) => (each += s) });
      one.setRedactor(redact);
      for (const line of lines.flatMap((l) => l.split("\n"))) one.text(line);
      one.flush();
      let written = "";
      const log = new LogWriter({ write: (s: string) => (written += s) });
      log.setRedactor(redact);
      log.lines(lines);
      log.flush();
      expect(written).toBe(each);
      expect(written).toContain(`${redact(glued)}\n`);
      expect(written).not.toContain(HALF);
    }
  });

  it("a stderr line quoted in `error`, the key across its 2,000-character cut", () => {
    const v = decide({
      exit: { code: 1 },
      stderrTail: [`${"a".repeat(1990)}${KEY} and more`],
      agentPath: "cursor-agent",
      redact: createRedactor([KEY]),
    });
    expect(v.error).not.toContain(HALF);
    expect(v.error).toContain("***");
  });

  it("an unterminated stderr line passed on in pieces, the key across the 64 KiB cut", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hostile-cut-"));
    const agent = path.join(dir, "agent.sh");
    writeFileSync(
      agent,
      `#!/bin/sh
head -c 65530 /dev/zero | tr '\\0' 'a' >&2
printf '%s' "$CURSOR_API_KEY" >&2
head -c 70000 /dev/zero | tr '\\0' 'b' >&2
echo >&2
exit 1
`,
    );
    chmodSync(agent, 0o755);
    const r = await runAction({
      inputs: { prompt: "go", "agent-path": agent },
      env: { CURSOR_API_KEY: KEY },
    });
    expect(r.outputs.conclusion).toBe("failure");
    // The key itself is registered as a mask, and that line alone names it.
    const log = r.stdout.replace(`::add-mask::${KEY}\n`, "");
    for (const where of [log, r.outputs.error ?? "", r.summary]) expect(where).not.toContain(HALF);
    expect(r.stdout).toContain(`stderr: ${"a".repeat(100)}`);
  });
});

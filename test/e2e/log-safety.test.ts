/**
 * No agent-controlled text may become a workflow command. A corpus of hostile strings is placed in
 * every text field of a transcript, the bundle runs it through the fake agent (also split into odd
 * chunks), and stdout is read the way the runner reads it (test/harness/workflow-commands.ts, which is
 * stricter than the runner: it also counts commands hidden behind ICU-ignorable characters).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";
import { REGISTERED_COMMANDS } from "../harness/workflow-commands.js";

afterAll(cleanupActionRuns);

const KEY = "key_feedfacefeedfacefeedfacefeedface";

function hostileStrings(): string[] {
  const out: string[] = [];
  const names = [...REGISTERED_COMMANDS, "set-env", "add-path", "deadbeef"];
  for (const name of names) {
    const v2 = `::${name} name=conclusion,file=x.ts::success`;
    const legacy = `##[${name} name=conclusion;file=x.ts]success`;
    out.push(v2, `   ${v2}`, `\t${v2}`, `text ${legacy}`, legacy, `x\r${v2}`, `x\r\n${v2}`, `a\u2028${v2}`);
    out.push(
      `:\u00ad:${name}::hidden`,
      `\u200b::${name}::hidden`,
      `#\u200b#[${name}]hidden`,
      `\u001b[31m::${name}::red`,
    );
  }
  // A guess at a stop token, then its resume line: nothing may stay stopped at the end.
  out.push("::stop-commands::deadbeef", "::deadbeef::", "::set-output name=conclusion::success");
  out.push("::group::forged", "::endgroup::", "::endgroup::", "##[endgroup]");
  out.push(`::add-mask::${"x".repeat(8)}`, "%0A::error::percent-encoded");
  // Distinct: the tool calls' ids are made from these, and a repeated id is a replay (counted once).
  return [...new Set(out)];
}

/** A transcript with the hostile text in every field the action reads. */
function hostileTranscript(h: string): string {
  const id = `call-${h}\nfc_${h}`;
  const events: object[] = [
    {
      type: "system",
      subtype: "init",
      cwd: `/w/${h}`,
      session_id: `s-${h}`,
      model: `m ${h}`,
      permissionMode: h,
    },
    { type: "user", message: { content: [{ type: "text", text: h }] } },
    { type: "thinking", subtype: "delta", text: h, timestamp_ms: 1 },
    { type: "thinking", subtype: "completed", timestamp_ms: 2 },
    // Partial output: the text split in two deltas (split inside the command), then the repeat.
    {
      type: "assistant",
      message: { content: [{ type: "text", text: `before\n${h.slice(0, 3)}` }] },
      timestamp_ms: 3,
    },
    {
      type: "assistant",
      message: { content: [{ type: "text", text: `${h.slice(3)}\nafter` }] },
      timestamp_ms: 4,
    },
    {
      type: "assistant",
      message: { content: [{ type: "text", text: `before\n${h}\nafter` }] },
      model_call_id: "m1",
      timestamp_ms: 5,
    },
    {
      type: "tool_call",
      subtype: "started",
      call_id: id,
      tool_call: { shellToolCall: { args: { command: h } } },
    },
    {
      type: "tool_call",
      subtype: "completed",
      call_id: id,
      tool_call: {
        shellToolCall: {
          args: { command: h },
          result: {
            success: { exitCode: 1, stdout: `${h}\n${h}`, stderr: h, interleavedOutput: `${h}\nout` },
          },
        },
      },
    },
    {
      type: "tool_call",
      subtype: "completed",
      call_id: `e-${id}`,
      tool_call: {
        editToolCall: {
          args: { path: `src/${h}.ts` },
          result: {
            success: { path: `/w/src/${h}.ts`, linesAdded: 1, linesRemoved: 0, diffString: `+${h}\n ${h}` },
          },
        },
      },
    },
    {
      type: "tool_call",
      subtype: "completed",
      call_id: `r-${id}`,
      tool_call: { readToolCall: { args: { path: h }, result: { rejected: { reason: h } } } },
    },
    {
      type: "tool_call",
      subtype: "completed",
      call_id: `g-${id}`,
      tool_call: {
        grepToolCall: {
          args: { pattern: h },
          result: {
            success: {
              workspaceResults: {
                "/w": {
                  content: {
                    matches: [{ file: h, matches: [{ lineNumber: 1, content: h }] }],
                    totalMatchedLines: 1,
                  },
                },
              },
            },
          },
        },
      },
    },
    {
      type: "tool_call",
      subtype: "completed",
      call_id: `x-${id}`,
      tool_call: {
        mcpToolCall: {
          args: { providerIdentifier: h, toolName: h, args: { q: h } },
          result: { error: { error: h } },
        },
      },
    },
    { type: "connection", subtype: "reconnecting", attempt: 1 },
    { type: "system", subtype: "task_notification", message: h },
    { type: "assistant", message: { content: [{ type: "text", text: h }] } },
    {
      type: "result",
      subtype: "success",
      is_error: false,
      result: `done ${h}`,
      session_id: `s-${h}`,
      request_id: h,
    },
  ];
  return `${events.map((e) => JSON.stringify(e)).join("\n")}\n${h}\n`;
}

const dir = mkdtempSync(path.join(tmpdir(), "hostile-"));
const corpus = hostileStrings();
const transcript = path.join(dir, "hostile.ndjson");
writeFileSync(transcript, corpus.map(hostileTranscript).join(""));

describe.concurrent("agent text never becomes a workflow command", () => {
  for (const [label, scenario] of [
    ["line by line", { transcript }],
    ["in 7-byte chunks", { transcript, chunkBytes: 7 }],
  ] as const) {
    it(`${corpus.length} hostile strings in every field, ${label}`, async () => {
      const r = await runAction({
        inputs: { prompt: "go", "show-thinking": true, "fail-on-error": false },
        env: { CURSOR_API_KEY: KEY },
        // The agent fails at the end, so that its failed calls become annotations too (hostile text in them).
        scenario: { ...scenario, stderr: corpus.join("\n"), exitCode: 1 },
        timeoutMs: 60_000,
      });
      const log = r.log;
      const byName = new Map<string, number>();
      for (const c of log.commands) byName.set(c.name, (byName.get(c.name) ?? 0) + 1);
      // Only what the action itself issues: the key's mask, groups, its warnings and (none here) errors.
      expect([...byName.keys()].sort()).toEqual(["add-mask", "endgroup", "group", "warning"]);
      expect(log.masks).toEqual([KEY, r.env["INPUT_GITHUB-TOKEN"]]);
      const calls = Number(r.outputs["tool-calls"]);
      expect(calls).toBe(corpus.length * 5);
      // One group per tool call and per thinking block, balanced, never nested, nothing left stopped.
      expect(byName.get("group")).toBe(calls + corpus.length);
      expect(log.groups).toMatchObject({ balanced: true, neverNested: true });
      expect(log.stoppedAtEnd).toBe(false);
      expect(log.errors).toEqual([]);
      const warnings = log.commands.filter((c) => c.name === "warning");
      // The failed calls (up to 5), and the verdict (fail-on-error: false makes it a warning).
      expect(warnings.length).toBe(6);
      for (const c of warnings.slice(0, -1)) {
        expect(c.properties.title).toMatch(/^Agent tool call (failed|rejected|errored)$/);
      }
      expect(warnings.at(-1)?.data).toMatch(/^The agent exited with code 1\./);
      expect(log.commands.some((c) => c.viaIgnorableCharacters)).toBe(false);
      // The outputs are ours, not forged; the agent's text survives in them intact.
      expect(r.outputsError).toBeUndefined();
      expect(r.outputs.conclusion).toBe("failure");
      expect(r.outputs.result).toBe(`done ${corpus.at(-1)}`);
    });
  }
});

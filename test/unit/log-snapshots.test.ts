/**
 * The rendered job log of every real transcript, written to test/snapshots/log/ so a reviewer can open
 * and read it; a change to the log shows as a diff of these files.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readWorkflowCommands } from "../harness/workflow-commands.js";
import { renderLog } from "../helpers/render.js";
import { FIXTURES, fixture, ROOT } from "../helpers/replay.js";

const SNAPSHOTS = path.join(ROOT, "test/snapshots/log");

describe("rendered logs of the real transcripts", () => {
  for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith(".ndjson"))) {
    it(file, async () => {
      const text = renderLog(fixture(file));
      const log = readWorkflowCommands(text);
      expect(log.groups).toMatchObject({ balanced: true, neverNested: true });
      expect(log.stoppedAtEnd).toBe(false);
      expect(log.commands.filter((c) => !["group", "endgroup", "warning"].includes(c.name))).toEqual([]);
      await expect(text).toMatchFileSnapshot(path.join(SNAPSHOTS, file.replace(/\.ndjson$/, ".log")));
    });
  }

  it("with show-thinking, a collapsed group per thinking block", async () => {
    const file = "cursorhack-direct-sleep-mac-thinking-seq-shell.ndjson";
    const text = renderLog(fixture(file), { showThinking: true });
    expect(readWorkflowCommands(text).groups.titles).toContain("💭 Thinking (1035 characters)");
    await expect(text).toMatchFileSnapshot(path.join(SNAPSHOTS, file.replace(/\.ndjson$/, ".thinking.log")));
  });

  it("a blank thinking block is a one-line note even with show-thinking (the fuzzer's case)", () => {
    const lines = [
      { type: "thinking", subtype: "delta", text: " ", timestamp_ms: 1 },
      { type: "thinking", subtype: "completed", timestamp_ms: 2 },
    ];
    const text = renderLog(Buffer.from(lines.map((l) => `${JSON.stringify(l)}\n`).join("")), {
      showThinking: true,
    });
    expect(readWorkflowCommands(text).groups.titles).toEqual([]);
    expect(text.split("\n")[0]).toBe("💭 Thought for 1 character");
  });

  it("is the same whatever the chunking", () => {
    const bytes = fixture("skill-eval-0016-win-partial-grok-parallel-grep-glob-read-edit.ndjson");
    const whole = renderLog(bytes, {}, bytes.length);
    for (const size of [1, 7, 100, 1000]) expect(renderLog(bytes, {}, size)).toBe(whole);
  });
});

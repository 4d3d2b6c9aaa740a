/**
 * Every real capture through the stream layer and the run model, with figures counted independently
 * from the files (SOURCES.md and a separate reading of each line), not from this code.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FIXTURES, fixture, replay } from "../helpers/replay.js";

interface Expected {
  session: string;
  model: string;
  segments: number;
  thinkingBlocks: number;
  tools: Record<string, number>;
  resultLength: number;
  usage: boolean;
  unknownEvents?: number;
  blank?: number;
  reconnects?: number;
  retries?: number;
}

const EXPECTED: Record<string, Expected> = {
  "cursed-mac-read-edit-usage.ndjson": {
    session: "e3a00e7a-7b5a-4ab2-985b-4569a095ce0b",
    model: "Composer 2 Fast",
    segments: 1,
    thinkingBlocks: 0,
    tools: { "readToolCall:succeeded": 1, "editToolCall:succeeded": 1 },
    resultLength: 92,
    usage: true,
  },
  "cursed-mac-shell-failure-results.ndjson": {
    session: "673ec19e-2874-4787-8c79-895d98ea6088",
    model: "Composer 2 Fast",
    segments: 1,
    thinkingBlocks: 0,
    // Both shell calls end in `failure` with exitCode 0: failed all the same (docs/stream-format.md "Outcomes").
    tools: { "shellToolCall:failed": 2 },
    resultLength: 5,
    usage: false,
  },
  "cursorhack-direct-sleep-mac-thinking-seq-shell.ndjson": {
    session: "d43015b9-0707-43f4-b2df-0bcea7891654",
    model: "Auto",
    segments: 2,
    thinkingBlocks: 1,
    tools: { "shellToolCall:succeeded": 2 },
    resultLength: 176,
    usage: false,
  },
  "cursorhack-parallel-sleep-mac-parallel-shell.ndjson": {
    session: "1e273e42-21dd-4b5e-9c2a-1cbbde35ae1c",
    model: "Auto",
    segments: 2,
    thinkingBlocks: 0,
    tools: { "shellToolCall:succeeded": 2 },
    resultLength: 138,
    usage: false,
  },
  "inspector-mac-partial-thinking-edit-wrapperline.ndjson": {
    session: "786a61bc-95b0-44ea-b496-fb46e4e8093d",
    model: "GPT-5",
    segments: 2,
    thinkingBlocks: 1,
    tools: { "editToolCall:succeeded": 1 },
    resultLength: 256,
    usage: false,
    // Line 1 is the wrapper's own `{"type":"system","message":…}`; the file ends in 4 blank lines.
    unknownEvents: 1,
    blank: 4,
  },
  "ralph-cursor-linux-partial-thinking-read-shell-grep.ndjson": {
    session: "7af2ff29-6409-40f9-8360-f705340309df",
    model: "Auto",
    segments: 3,
    thinkingBlocks: 3,
    tools: { "readToolCall:succeeded": 2, "shellToolCall:succeeded": 1, "grepToolCall:succeeded": 1 },
    resultLength: 629,
    usage: false,
  },
  "sillyhub-win-shell-connection-retry-usage.ndjson": {
    session: "061900b4-226a-422d-8321-ee99214340c6",
    model: "Auto",
    segments: 1,
    thinkingBlocks: 2,
    tools: { "shellToolCall:succeeded": 1 },
    resultLength: 23,
    usage: true,
    reconnects: 1,
    retries: 1,
  },
  "skill-eval-0016-win-partial-grok-parallel-grep-glob-read-edit.ndjson": {
    session: "ad74ad37-2781-4493-82a3-05ed33058699",
    model: "Cursor Grok 4.6 High",
    segments: 4,
    thinkingBlocks: 5,
    tools: {
      "grepToolCall:succeeded": 5,
      "globToolCall:succeeded": 2,
      "readToolCall:succeeded": 2,
      "editToolCall:succeeded": 1,
    },
    resultLength: 758,
    usage: true,
  },
  "skill-eval-0020-win-partial-kimi-thinking-grep-read-strreplace.ndjson": {
    session: "663a41c2-c09f-4356-82e4-84549d4d41b1",
    model: "Kimi K2.7 Code",
    segments: 1,
    thinkingBlocks: 5,
    tools: { "grepToolCall:succeeded": 1, "readToolCall:succeeded": 2, "editToolCall:succeeded": 1 },
    resultLength: 150,
    usage: true,
  },
  "skill-eval-0025-win-partial-grep-read-edit-error.ndjson": {
    session: "79122372-a025-4427-a62e-b42463701bad",
    model: "GPT-5.1 Medium",
    segments: 4,
    thinkingBlocks: 0,
    tools: {
      "grepToolCall:succeeded": 1,
      "readToolCall:succeeded": 1,
      "editToolCall:errored": 1,
      "editToolCall:succeeded": 1,
    },
    resultLength: 705,
    usage: true,
  },
  "toad-mac-partial-opus-read-edit.ndjson": {
    session: "14855632-18d5-44a3-ab27-5c93e95a8011",
    model: "Claude 4.6 Opus (Thinking)",
    segments: 1,
    thinkingBlocks: 0,
    tools: { "readToolCall:succeeded": 1, "editToolCall:succeeded": 1 },
    resultLength: 70,
    usage: false,
  },
};

describe("real transcripts through the run model", () => {
  it("covers every fixture", () => {
    expect(
      readdirSync(FIXTURES)
        .filter((f) => f.endsWith(".ndjson"))
        .sort(),
    ).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, want] of Object.entries(EXPECTED)) {
    it(file, () => {
      const { model, stats, segments } = replay(fixture(file));
      expect(model.session.sessionId).toBe(want.session);
      expect(model.session.model).toBe(want.model);
      expect(model.result?.sessionId).toBe(want.session);
      expect(model.result?.isError).toBe(false);
      expect(model.result?.text?.length).toBe(want.resultLength);
      expect(model.result?.usage !== undefined).toBe(want.usage);
      expect(model.counts.segments).toBe(want.segments);
      // The result is every segment joined with no separator (docs/stream-format.md "Partial output"): each shown once, none lost.
      expect(segments.join("")).toBe(model.result?.text);
      expect(model.counts.thinkingBlocks).toBe(want.thinkingBlocks);
      const tools: Record<string, number> = {};
      for (const t of model.tools.values())
        tools[`${t.kind}:${t.status}`] = (tools[`${t.kind}:${t.status}`] ?? 0) + 1;
      expect(tools).toEqual(want.tools);
      expect(stats.malformed).toBe(0);
      expect(stats.blank).toBe(want.blank ?? 0);
      expect(model.counts.unknownEvents).toBe(want.unknownEvents ?? 0);
      expect(model.counts.reconnects).toBe(want.reconnects ?? 0);
      expect(model.counts.retries).toBe(want.retries ?? 0);
      expect(model.counts.replayedToolEvents).toBe(0);
    });
  }
});

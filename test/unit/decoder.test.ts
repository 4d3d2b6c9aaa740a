/**
 * The decoder joins a chunk's token deltas into one: the items it passes on, and proof that the log, the
 * model and the report are what they would be were each delta applied on its own.
 */
import { readdirSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RunModel } from "../../src/model/run-model.js";
import { decide } from "../../src/model/verdict.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import { LiveLog } from "../../src/render/live-log.js";
import { LogWriter } from "../../src/render/log-writer.js";
import { StreamDecoder, type StreamItem } from "../../src/stream/decoder.js";
import { toEvent } from "../../src/stream/events.js";
import { LineFramer } from "../../src/stream/lines.js";
import { anyText } from "../helpers/arbitraries.js";
import { FIXTURES, fixture } from "../helpers/replay.js";

const thinking = (text: string, ts = 1) =>
  JSON.stringify({ type: "thinking", subtype: "delta", text, session_id: "s", timestamp_ms: ts });
const token = (text: string, ts = 1) =>
  JSON.stringify({
    type: "assistant",
    message: { role: "assistant", content: [{ type: "text", text }] },
    session_id: "s",
    timestamp_ms: ts,
  });
const repeat = (text: string) =>
  JSON.stringify({
    type: "assistant",
    message: { role: "assistant", content: [{ type: "text", text }] },
    session_id: "s",
    model_call_id: "m1",
  });
const alternate = (text: string) => JSON.stringify({ type: "assistant", text });
const completed = () => JSON.stringify({ type: "thinking", subtype: "completed", session_id: "s" });

function decode(...chunks: string[]): { items: StreamItem[]; events: number } {
  const items: StreamItem[] = [];
  const d = new StreamDecoder((i) => items.push(structuredClone(i)));
  for (const c of chunks) d.push(Buffer.from(c));
  d.end();
  return { items, events: d.events };
}

describe("StreamDecoder", () => {
  it("joins a chunk's run of deltas of one kind, keeping the last timestamp, and counts every line", () => {
    const { items, events } = decode(
      `${[thinking("a", 1), thinking("b", 2), thinking("", 3), completed(), token("x", 4), token("y\n", 5)].join("\n")}\n`,
    );
    expect(events).toBe(6);
    expect(items).toEqual([
      { kind: "thinking-delta", text: "ab", timestampMs: 3 },
      { kind: "thinking-completed", timestampMs: undefined },
      { kind: "assistant", text: "xy\n", timestampMs: 5 },
    ]);
  });

  it("never joins across a chunk, another kind, a segment's repeat or the alternate form", () => {
    const { items } = decode(
      `${thinking("a")}\n${thinking("b")}\n`,
      `${thinking("c")}\n${token("t")}\n${thinking("d")}\n${token("u")}\n${repeat("tu")}\n${token("v")}\n${alternate("w")}\n${alternate("z")}\n`,
    );
    expect(items.map((i) => ("text" in i ? `${i.kind}:${i.text}` : i.kind))).toEqual([
      "thinking-delta:ab",
      "thinking-delta:c",
      "assistant:t",
      "thinking-delta:d",
      "assistant:u",
      "assistant:tu",
      "assistant:v",
      "assistant:wz",
    ]);
  });

  it("passes a stray line on in its place, after the deltas before it", () => {
    const { items } = decode(`${thinking("a")}\nnot json\n${thinking("b")}\n`);
    expect(items).toEqual([
      { kind: "thinking-delta", text: "a", timestampMs: 1 },
      { kind: "stray-line", text: "not json" },
      { kind: "thinking-delta", text: "b", timestampMs: 1 },
    ]);
  });
});

/** The log, the model's figures and segments, applying each line's event on its own (no decoder). */
function oneByOne(bytes: Buffer) {
  const { log, live } = rendering();
  const model = new RunModel(live.onUpdate);
  const framer = new LineFramer();
  const apply = (value: Record<string, unknown>) => model.apply(toEvent(value), 0);
  for (const l of framer.push(bytes)) apply(l.value);
  for (const l of framer.end()) apply(l.value);
  model.finish();
  return finished(log, live, model);
}

/** The same through the pipeline (deltas joined per chunk), in chunks of `chunk` bytes. */
function joined(bytes: Buffer, chunk: number) {
  const { log, live } = rendering();
  const pipeline = new Pipeline([live.onUpdate]);
  for (let i = 0; i < bytes.length; i += chunk) pipeline.push(bytes.subarray(i, i + chunk), 0);
  pipeline.end(0);
  return finished(log, live, pipeline.model);
}

function rendering() {
  const out = { text: "" };
  const log = new LogWriter({ write: (s: string) => (out.text += s) });
  const live = new LiveLog(log, { toolOutputLines: 10, showThinking: true, maxAnnotations: 5 });
  return { log: Object.assign(log, { captured: out }), live };
}

function finished(log: LogWriter & { captured: { text: string } }, live: LiveLog, model: RunModel) {
  live.finish();
  const verdict = decide({
    exit: { code: 0 },
    result: model.result,
    stderrTail: [],
    agentPath: "cursor-agent",
  });
  live.footer(model, verdict, 0);
  log.endGroupAndFlush();
  return {
    log: log.captured.text,
    counts: model.counts,
    tools: model.toolCounts(),
    last: model.lastSegment,
    lastCut: model.lastSegmentCut,
  };
}

describe("joined deltas change nothing", () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".ndjson"));
  it.each(files)("%s: the log, the figures and the last segment, in any chunking", (file) => {
    const bytes = fixture(file);
    const want = oneByOne(bytes);
    for (const chunk of [1, 97, 4096, bytes.length]) expect(joined(bytes, chunk)).toEqual(want);
  });

  it("text split into deltas anywhere logs as the whole text would (thinking cut to the same character)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(anyText(40), fc.constantFrom("\n", "a\nb", "\r\n", "::x::y\n", "##[group]")), {
          maxLength: 30,
        }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        (parts, cuts, think) => {
          const text = parts.join("");
          const line = think ? thinking : token;
          const whole = `${line(text)}\n${completed()}\n${JSON.stringify({ type: "result", subtype: "success", is_error: false, result: "ok" })}\n`;
          const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const pieces: string[] = [];
          let prev = 0;
          for (const c of [...at, text.length]) {
            pieces.push(text.slice(prev, c));
            prev = c;
          }
          const split = `${pieces.map((p) => line(p)).join("\n")}\n${completed()}\n${JSON.stringify({ type: "result", subtype: "success", is_error: false, result: "ok" })}\n`;
          expect(oneByOne(Buffer.from(split))).toEqual(oneByOne(Buffer.from(whole)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a thinking block past the kept length is cut at the same character however it was split", () => {
    const text = "t".repeat(70_000);
    const whole = `${thinking(text)}\n${completed()}\n`;
    const split = `${text
      .match(/.{1,7}/gs)!
      .map((p) => thinking(p))
      .join("\n")}\n${completed()}\n`;
    expect(oneByOne(Buffer.from(split)).log).toBe(oneByOne(Buffer.from(whole)).log);
  });
});

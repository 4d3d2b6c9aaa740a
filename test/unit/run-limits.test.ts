/** The run's limits on real updates of the pipeline: the resume check looks at the first init only. */
import { describe, expect, it } from "vitest";
import { resumeCheck, toolCallLimit } from "../../src/model/run-limits.js";
import type { ModelUpdate } from "../../src/model/run-model.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";

function updates(...events: object[]): { list: ModelUpdate[]; pipeline: Pipeline } {
  const list: ModelUpdate[] = [];
  const pipeline = new Pipeline([(u) => list.push(u)]);
  pipeline.push(Buffer.from(`${events.map((e) => JSON.stringify(e)).join("\n")}\n`), 0);
  return { list, pipeline };
}

const init = (id: string) => ({ type: "system", subtype: "init", session_id: id, model: "m" });

describe("the resume check", () => {
  it("a reconnect's second init with a new session id is no failed resume", () => {
    const warned: string[] = [];
    const check = resumeCheck("chat-1", true, (got) => warned.push(got));
    const { list, pipeline } = updates(init("chat-1"), init("chat-2"));
    expect(list.map((u) => check.check(u)).filter(Boolean)).toEqual([]);
    expect(warned).toEqual([]);
    expect(pipeline.model.session.startedSessionId).toBe("chat-1");
    expect(pipeline.model.session.sessionId).toBe("chat-2");
  });
  it("a first init naming another chat: a warning, and with require-resume a breach", () => {
    const warned: string[] = [];
    const check = resumeCheck("chat-1", true, (got) => warned.push(got));
    const { list } = updates(init("chat-9"), init("chat-1"));
    const breaches = list.map((u) => check.check(u)).filter(Boolean);
    expect(breaches).toHaveLength(1);
    expect(breaches[0]?.conclusion).toBe("failure");
    expect(warned).toEqual(["chat-9"]);
  });
});

describe("max-tool-calls", () => {
  it("the call over the limit is the breach, once counted", () => {
    const limit = toolCallLimit(1);
    const start = (id: string) => ({
      type: "tool_call",
      subtype: "started",
      call_id: id,
      tool_call: { readToolCall: { args: { path: "a.ts" } } },
    });
    const { list } = updates(init("s"), start("c1"), start("c2"));
    const breaches = list.map((u) => limit.check(u)).filter(Boolean);
    expect(breaches.map((b) => [b?.conclusion, b?.error])).toEqual([
      ["budget_exceeded", "The agent started tool call 2, over max-tool-calls (1); it was stopped."],
    ]);
  });
  it("a completion with no start counts once; a start and its completion count once", () => {
    const limit = toolCallLimit(2);
    const read = (subtype: string, id: string) => ({
      type: "tool_call",
      subtype,
      call_id: id,
      tool_call: { readToolCall: { args: { path: "a.ts" } } },
    });
    const { list } = updates(
      init("s"),
      read("started", "c1"),
      read("completed", "c1"),
      read("completed", "c2"),
      read("completed", "c3"),
    );
    const breaches = list.map((u) => limit.check(u)).filter(Boolean);
    expect(breaches.map((b) => b?.error)).toEqual([
      "The agent started tool call 3, over max-tool-calls (2); it was stopped.",
    ]);
  });
});

/**
 * Tool calls correlated by a sound id (docs/stream-format.md "Tool-call ids"): `call_id` when it is
 * usable, else the nested `toolCallId`; a call with neither is its own, and two calls never merge.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ModelUpdate, ToolCall } from "../../src/model/run-model.js";
import { replay } from "../helpers/replay.js";

const lines = (...events: object[]) => Buffer.from(events.map((e) => `${JSON.stringify(e)}\n`).join(""));

/** A shell call's line: `callId` as the wire's `call_id` (absent when undefined), `nested` where asked. */
function shell(
  subtype: "started" | "completed",
  n: number,
  ids: { callId?: string; sibling?: string; inArgs?: string },
) {
  const args: Record<string, unknown> = { command: `cmd ${n}` };
  if (ids.inArgs !== undefined) args.toolCallId = ids.inArgs;
  const body: Record<string, unknown> =
    subtype === "started"
      ? { args }
      : { args, result: { success: { exitCode: 0, stdout: `out ${n}`, stderr: "" } } };
  const toolCall: Record<string, unknown> = { shellToolCall: body };
  if (ids.sibling !== undefined) toolCall.toolCallId = ids.sibling;
  return {
    type: "tool_call",
    subtype,
    ...(ids.callId !== undefined ? { call_id: ids.callId } : {}),
    tool_call: toolCall,
  };
}

const ends = (updates: ModelUpdate[]) => updates.flatMap((u) => (u.type === "tool-end" ? [u] : []));
const endsAsSeen = (updates: ModelUpdate[]) =>
  ends(updates).map((u) => [u.call.mainArg, u.tool.payload.outcome?.value.stdout, u.call.startSeen]);

describe("tool-call ids (docs/stream-format.md, Tool-call ids)", () => {
  it("two calls with an empty call_id and their own nested ids stay two, each with its command", () => {
    const { model, updates } = replay(
      lines(
        shell("started", 1, { callId: "", sibling: "n1" }),
        shell("started", 2, { callId: "", inArgs: "n2" }),
        shell("completed", 2, { callId: "", inArgs: "n2" }),
        shell("completed", 1, { callId: "", sibling: "n1" }),
      ),
    );
    expect(endsAsSeen(updates)).toEqual([
      ["cmd 2", "out 2", true],
      ["cmd 1", "out 1", true],
    ]);
    expect(model.toolCounts()).toMatchObject({ total: 2, byStatus: { running: 0, succeeded: 2 } });
    expect(model.counts.replayedToolEvents).toBe(0);
  });

  it("an id with a stray leading space matches its own completion, spelled either way", () => {
    const { model, updates } = replay(
      lines(
        shell("started", 1, { callId: " call_1\nfc_1" }),
        shell("started", 2, { callId: "call_2" }),
        shell("completed", 1, { callId: "call_1\nfc_1" }),
        shell("completed", 2, { callId: " call_2" }),
      ),
    );
    expect(endsAsSeen(updates)).toEqual([
      ["cmd 1", "out 1", true],
      ["cmd 2", "out 2", true],
    ]);
    expect(model.toolCounts().total).toBe(2);
  });

  it("a call_id missing altogether, or whitespace only, falls back to the nested id", () => {
    const { model, updates } = replay(
      lines(
        shell("started", 1, { sibling: "n1" }),
        shell("started", 2, { callId: " \t", inArgs: "n2" }),
        shell("completed", 1, { sibling: "n1" }),
        shell("completed", 2, { callId: "  ", inArgs: "n2" }),
      ),
    );
    expect(endsAsSeen(updates)).toEqual([
      ["cmd 1", "out 1", true],
      ["cmd 2", "out 2", true],
    ]);
    expect(model.toolCounts().total).toBe(2);
  });

  it("calls with no usable id at all are each their own: a completion closes no open call", () => {
    const { model, updates } = replay(
      lines(shell("started", 1, { callId: "" }), shell("started", 2, { callId: "" }), {
        ...shell("completed", 3, { callId: " " }),
        tool_call: { shellToolCall: { result: { success: { exitCode: 0, stdout: "out 3" } } } },
      }),
    );
    // The completion has no arguments: had it closed call 1 or 2, it would show that call's command.
    expect(endsAsSeen(updates)).toEqual([[undefined, "out 3", false]]);
    expect(model.toolCounts()).toMatchObject({ total: 3, byStatus: { running: 2, succeeded: 1 } });
    // Each has a key of its own, which no trimmed id can be.
    expect(new Set([...model.tools.values()].map((c) => c.callId)).size).toBe(3);
  });

  it("a replay after a reconnect is still one call, whichever spelling its id comes in", () => {
    const { model, updates } = replay(
      lines(
        shell("started", 1, { callId: "", sibling: "n1" }),
        shell("completed", 1, { callId: "", sibling: "n1" }),
        { type: "connection", subtype: "reconnecting", attempt: 1 },
        shell("started", 1, { callId: "n1" }),
        shell("completed", 1, { callId: " n1" }),
      ),
    );
    expect(ends(updates)).toHaveLength(1);
    expect(model.toolCounts().total).toBe(1);
    expect(model.counts.replayedToolEvents).toBe(2);
  });

  it("an id's newline never reaches a note: the log's words hold no id", () => {
    const { updates } = replay(lines(shell("started", 1, { callId: "a\n::warning::x" })));
    for (const u of updates) if (u.type === "note") expect(u.text).not.toContain("::");
  });
});

/** How a call's lines spell its id, from sound to none. */
type Form = "usable" | "spaced" | "sibling" | "args" | "none";
const FORMS: Form[] = ["usable", "spaced", "sibling", "args", "none"];

/** The id fields of one line of call `n` in `form` (`variant` picks among the spellings a form has). */
function idsFor(n: number, form: Form, variant: number) {
  const id = `call_${n}\nfc_${n}`;
  const blank = ["", " ", "\t", undefined][variant % 4];
  switch (form) {
    case "usable":
      return { callId: id };
    case "spaced":
      return { callId: variant % 2 ? ` ${id}` : id };
    case "sibling":
      return { callId: blank, sibling: variant % 3 === 2 ? ` ${id}` : id };
    case "args":
      return { callId: blank, inArgs: id };
    case "none":
      return { callId: blank };
  }
}

interface Planned {
  form: Form;
  started: boolean;
  completed: boolean;
  variants: [number, number];
}

const planned: fc.Arbitrary<Planned> = fc
  .record({
    form: fc.constantFrom(...FORMS),
    which: fc.constantFrom("both", "start", "end"),
    variants: fc.tuple(fc.nat(11), fc.nat(11)),
  })
  .map(({ form, which, variants }) => ({
    form,
    started: which !== "end",
    completed: which !== "start",
    variants,
  }));

describe("any interleaving of calls with ids of every form (property)", () => {
  it("never merges two calls and counts each once", () => {
    fc.assert(
      fc.property(
        fc.array(planned, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(1000), { minLength: 16, maxLength: 16 }),
        (calls, order) => {
          // Each call's lines at random places, its start always before its completion.
          const placed: { at: number; line: object }[] = [];
          calls.forEach((c, n) => {
            const [a, b] = [order[2 * n]!, order[2 * n + 1]!].sort((x, y) => x - y) as [number, number];
            if (c.started)
              placed.push({ at: a * 2, line: shell("started", n, idsFor(n, c.form, c.variants[0])) });
            if (c.completed) {
              // Completions carry no arguments: one closing another call would show that call's command.
              const line = shell("completed", n, idsFor(n, c.form, c.variants[1]));
              // (The id in `args` stays: without it, nothing would name the call.)
              const body = line.tool_call.shellToolCall as { args?: Record<string, unknown> };
              if (c.form === "args") body.args = { toolCallId: body.args?.toolCallId };
              else delete body.args;
              placed.push({ at: b * 2 + 1, line });
            }
          });
          placed.sort((x, y) => x.at - y.at);
          const { model, updates } = replay(lines(...placed.map((p) => p.line)));

          // A call without an id whose start and completion both came is two calls (nothing ties them).
          const expected = calls.reduce(
            (sum, c) => sum + (c.form === "none" && c.started && c.completed ? 2 : 1),
            0,
          );
          expect(model.toolCounts().total).toBe(expected);
          expect(model.counts.replayedToolEvents).toBe(0);
          const done = ends(updates);
          expect(done).toHaveLength(calls.filter((c) => c.completed).length);
          for (const u of done) {
            const n = Number(/out (\d+)/.exec(String(u.tool.payload.outcome?.value.stdout))![1]);
            const c = calls[n]!;
            const matched = c.form !== "none" && c.started;
            expect(u.call.startSeen).toBe(matched);
            expect(u.call.mainArg).toBe(matched ? `cmd ${n}` : undefined);
          }
          const keys = [...model.tools.values()].map((c: ToolCall) => c.callId);
          expect(new Set(keys).size).toBe(keys.length);
        },
      ),
      { numRuns: 400 },
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { relatePath } from "../../src/model/paths.js";
import { LISTED_CALLS, LISTED_FAILED, RunModel } from "../../src/model/run-model.js";
import { toEvent } from "../../src/stream/events.js";
import { anyText } from "../helpers/arbitraries.js";
import { replay } from "../helpers/replay.js";

const lines = (...events: object[]) => Buffer.from(events.map((e) => `${JSON.stringify(e)}\n`).join(""));
const started = (id: string, tool: object, extra: object = {}) => ({
  type: "tool_call",
  subtype: "started",
  call_id: id,
  tool_call: tool,
  ...extra,
});
const completed = (id: string, tool: object, extra: object = {}) => ({
  type: "tool_call",
  subtype: "completed",
  call_id: id,
  tool_call: tool,
  ...extra,
});
const delta = (text: string, ts = 1) => ({
  type: "assistant",
  message: { content: [{ type: "text", text }] },
  timestamp_ms: ts,
});
const whole = (text: string, extra: object = {}) => ({
  type: "assistant",
  message: { content: [{ type: "text", text }] },
  ...extra,
});
const result = { type: "result", subtype: "success", is_error: false, result: "", session_id: "s" };

/** One completed call of `kind` with `args` and `result`, and what the model made of it. */
function call(kind: string, args: object, res: object) {
  const { model } = replay(lines(completed("c1", { [kind]: { args, result: res } })));
  return [...model.tools.values()][0]!;
}

describe("tool kinds and outcomes (docs/stream-format.md, Tool kinds)", () => {
  it.each([
    [
      "readToolCall",
      { path: "a.txt" },
      { success: { content: "x", totalLines: 3 } },
      "Read",
      "a.txt",
      "succeeded",
      "3 lines",
    ],
    [
      "writeToolCall",
      { path: "b.txt", fileText: "1\n2" },
      { success: { linesCreated: 2 } },
      "Write",
      "b.txt",
      "succeeded",
      "+2",
    ],
    [
      "editToolCall",
      { path: "c.ts" },
      { success: { linesAdded: 3, linesRemoved: 1 } },
      "Edit",
      "c.ts",
      "succeeded",
      "+3 −1",
    ],
    [
      "deleteToolCall",
      { path: "d.ts" },
      { success: { deletedFile: "d.ts" } },
      "Delete",
      "d.ts",
      "succeeded",
      "deleted",
    ],
    [
      "shellToolCall",
      { command: "make" },
      { success: { exitCode: 0 } },
      "Shell",
      "make",
      "succeeded",
      "exit 0",
    ],
    // A shell `success` with a non-zero exit code is a failure.
    ["shellToolCall", { command: "make" }, { success: { exitCode: 2 } }, "Shell", "make", "failed", "exit 2"],
    // A `failure` with exitCode 0 is still a failure.
    ["shellToolCall", { command: "echo" }, { failure: { exitCode: 0 } }, "Shell", "echo", "failed", "failed"],
    [
      "grepToolCall",
      { pattern: "x" },
      { success: { workspaceResults: { "/r": { content: { totalMatchedLines: 12 } } } } },
      "Grep",
      "x",
      "succeeded",
      "12 matches",
    ],
    [
      "grepToolCall",
      { pattern: "x" },
      { success: { workspaceResults: { "/r": { files: { totalFiles: 2 } } } } },
      "Grep",
      "x",
      "succeeded",
      "2 files",
    ],
    [
      "globToolCall",
      { globPattern: "**/*.ts" },
      { success: { files: ["a", "b"], totalFiles: 2 } },
      "Glob",
      "**/*.ts",
      "succeeded",
      "2 files",
    ],
    [
      "lsToolCall",
      { path: "src" },
      { success: { directoryTreeRoot: {} } },
      "List",
      "src",
      "succeeded",
      "listed",
    ],
    [
      "mcpToolCall",
      { providerIdentifier: "gh", toolName: "list_issues", args: {} },
      { success: { content: [], isError: false } },
      "MCP",
      "gh/list_issues",
      "succeeded",
      "done",
    ],
    [
      "mcpToolCall",
      { providerIdentifier: "gh", toolName: "x" },
      { success: { isError: true } },
      "MCP",
      "gh/x",
      "failed",
      "tool error",
    ],
    [
      "updateTodosToolCall",
      { todos: [{ id: "1" }] },
      { success: { totalCount: 1 } },
      "Todos",
      undefined,
      "succeeded",
      "1 todo",
    ],
    [
      "webFetchToolCall",
      { url: "https://x.test" },
      { success: { markdown: "# x" } },
      "Fetch",
      "https://x.test",
      "succeeded",
      "done",
    ],
    [
      "webSearchToolCall",
      { searchTerm: "zod" },
      { success: { references: [] } },
      "Web search",
      "zod",
      "succeeded",
      "done",
    ],
    [
      "semSearchToolCall",
      { query: "where" },
      { success: {} },
      "Semantic search",
      "where",
      "succeeded",
      "done",
    ],
    ["someNewToolCall", { path: "p" }, { success: {} }, "Some new", "p", "succeeded", "done"],
    ["readToolCall", { path: "a" }, { error: { error: "boom" } }, "Read", "a", "errored", "error"],
    [
      "shellToolCall",
      { command: "rm -rf /" },
      { rejected: { reason: "Command requires approval" } },
      "Shell",
      "rm -rf /",
      "rejected",
      "rejected",
    ],
    [
      "shellToolCall",
      { command: "x" },
      { spawnError: { error: "ENOENT" } },
      "Shell",
      "x",
      "errored",
      "could not start",
    ],
    ["shellToolCall", { command: "sleep 99" }, { timeout: {} }, "Shell", "sleep 99", "errored", "timed out"],
    [
      "shellToolCall",
      { command: "x" },
      { permissionDenied: {} },
      "Shell",
      "x",
      "failed",
      "permission denied",
    ],
    [
      "readToolCall",
      { path: "gone" },
      { fileNotFound: { path: "gone" } },
      "Read",
      "gone",
      "failed",
      "file not found",
    ],
    [
      "writeToolCall",
      { path: "/etc/x" },
      { writePermissionDenied: { error: "EACCES" } },
      "Write",
      "/etc/x",
      "failed",
      "write permission denied",
    ],
  ])("%s %j → %j", (kind, args, res, name, target, status, summary) => {
    const c = call(kind, args, res);
    expect(c.name).toBe(name);
    expect(c.target).toBe(target);
    expect(c.status).toBe(status);
    expect(c.outcome?.summary).toBe(summary);
  });

  it("keeps the agent's error text", () => {
    expect(
      call("shellToolCall", { command: "x" }, { rejected: { reason: "needs approval" } }).outcome?.error,
    ).toBe("needs approval");
  });

  it("reads function{name, arguments} with JSON-string arguments", () => {
    const { model } = replay(
      lines(
        completed("f", {
          function: { name: "run_tests", arguments: '{"path":"src"}', result: { success: {} } },
        }),
      ),
    );
    expect([...model.tools.values()][0]).toMatchObject({ name: "run_tests", target: "src" });
  });
});

describe("the run model", () => {
  it("folds partial output: deltas shown once, the repeat dropped, the final repeat dropped", () => {
    const { segments, model } = replay(
      lines(
        delta("Hel"),
        delta("lo"),
        whole("Hello", { model_call_id: "m", timestamp_ms: 2 }),
        started("c", { shellToolCall: { args: { command: "ls" } } }),
        completed("c", { shellToolCall: { args: { command: "ls" }, result: { success: { exitCode: 0 } } } }),
        delta("Do"),
        delta("ne"),
        whole("Done"),
        result,
      ),
    );
    expect(segments).toEqual(["Hello", "Done"]);
    expect(model.counts.segments).toBe(2);
  });

  it("closes a streamed segment at a tool call when its repeat never comes, and drops a late repeat", () => {
    const { segments } = replay(
      lines(
        delta("A"),
        started("c", { readToolCall: { args: { path: "x" } } }),
        whole("A", { model_call_id: "m", timestamp_ms: 1 }),
        result,
      ),
    );
    expect(segments).toEqual(["A"]);
  });

  it("reads the alternate naming (tool-call-started/completed, assistant with text)", () => {
    const { model, segments } = replay(
      lines(
        { type: "assistant", text: "Hi ", timestamp_ms: 1 },
        { type: "assistant", text: "there", timestamp_ms: 2 },
        { type: "tool-call-started", tool_call_id: "t1", tool_name: "shell", parameters: { command: "ls" } },
        {
          type: "tool-call-completed",
          tool_call_id: "t1",
          tool_name: "shell",
          result: { success: false, output: "no", exit_code: 2 },
          duration_ms: 1500,
        },
        result,
      ),
    );
    expect(segments).toEqual(["Hi there"]);
    const t = model.tools.get("t1")!;
    expect(t).toMatchObject({ name: "Shell", target: "ls", status: "failed" });
    expect(t.endedAt! - t.startedAt).toBe(1500);
  });

  it("reads an alternate-naming success with a non-zero exit code as a failure", () => {
    const { model } = replay(
      lines(
        {
          type: "tool-call-completed",
          tool_call_id: "t2",
          tool_name: "run_terminal_cmd",
          parameters: { command: "make" },
          result: { success: true, output: "boom", exit_code: 2 },
        },
        {
          type: "tool-call-completed",
          tool_call_id: "t3",
          tool_name: "read_file",
          parameters: { target_file: "src/a.ts" },
          result: { success: true, output: "x" },
        },
      ),
    );
    expect(model.tools.get("t2")).toMatchObject({ name: "Shell", target: "make", status: "failed" });
    expect(model.tools.get("t3")).toMatchObject({ name: "Read", target: "src/a.ts", status: "succeeded" });
  });

  it("counts replayed lines after a reconnect once", () => {
    const s = started("c", { shellToolCall: { args: { command: "ls" } } });
    const c = completed("c", { shellToolCall: { result: { success: { exitCode: 0 } } } });
    const { model } = replay(
      lines(
        s,
        c,
        { type: "connection", subtype: "reconnecting", attempt: 1 },
        { type: "connection", subtype: "reconnected" },
        s,
        c,
        result,
      ),
    );
    expect(model.tools.size).toBe(1);
    expect(model.counts.replayedToolEvents).toBe(2);
    expect(model.counts.reconnects).toBe(1);
    // The completion lacked args: those of `started` are used.
    expect(model.tools.get("c")).toMatchObject({ target: "ls", status: "succeeded" });
  });

  it("keeps the first calls and the failed ones after them, and counts every call (memory stays flat)", () => {
    const n = 5_000;
    const events: object[] = [];
    for (let i = 0; i < n; i++) {
      const fail = i % 10 === 3;
      const tool = { shellToolCall: { args: { command: `step ${i}` } } };
      events.push(started(`c${i}`, tool));
      events.push(
        completed(`c${i}`, {
          shellToolCall: { args: { command: `step ${i}` }, result: { success: { exitCode: fail ? 1 : 0 } } },
        }),
      );
    }
    // A replay of a recent call after a reconnect is still recognised.
    events.push(started(`c${n - 1}`, { shellToolCall: { args: { command: "again" } } }));
    const { model } = replay(lines(...events, result));
    const t = model.toolCounts();
    expect(t.total).toBe(n);
    expect(t.byStatus).toMatchObject({ succeeded: n - n / 10, failed: n / 10, running: 0 });
    expect(t.byKind).toEqual({ shellToolCall: n });
    expect(model.counts.replayedToolEvents).toBe(1);
    const listed = [...model.tools.values()];
    expect(listed.slice(0, LISTED_CALLS).map((c) => c.target)).toEqual(
      Array.from({ length: LISTED_CALLS }, (_, i) => `step ${i}`),
    );
    const after = listed.slice(LISTED_CALLS);
    expect(after).toHaveLength(LISTED_FAILED);
    expect(after.every((c) => c.status === "failed")).toBe(true);
    expect(after[0]?.target).toBe(`step ${LISTED_CALLS + 3}`);
  });

  it("keeps a completion without a start, and parallel completions in any order", () => {
    const { model } = replay(
      lines(
        started("a", { shellToolCall: { args: { command: "sleep 6" } } }, { timestamp_ms: 100 }),
        started("b", { shellToolCall: { args: { command: "sleep 4" } } }, { timestamp_ms: 110 }),
        completed("b", { shellToolCall: { result: { success: { exitCode: 0 } } } }, { timestamp_ms: 4110 }),
        completed("a", { shellToolCall: { result: { success: { exitCode: 0 } } } }, { timestamp_ms: 6100 }),
        completed(
          "z",
          { readToolCall: { args: { path: "q" }, result: { success: {} } } },
          { timestamp_ms: 7000 },
        ),
        result,
      ),
    );
    expect([...model.tools.keys()]).toEqual(["a", "b", "z"]);
    expect(model.tools.get("b")).toMatchObject({ startedAt: 110, endedAt: 4110 });
    expect(model.tools.get("z")).toMatchObject({ startSeen: false, status: "succeeded" });
  });

  it("prefers the tool's own startedAtMs/completedAtMs (strings)", () => {
    const { model } = replay(
      lines(
        completed("c", {
          shellToolCall: { args: { command: "x" }, result: { success: { exitCode: 0 } } },
          startedAtMs: "1000",
          completedAtMs: "1700",
        }),
      ),
    );
    expect(model.tools.get("c")).toMatchObject({ startedAt: 1000, endedAt: 1700 });
  });

  it("reads result/error and the alternate init", () => {
    const { model } = replay(
      lines(
        { type: "system", subtype: "init", workspace: "/w", request_id: "r1", session_id: "s1", model: "m" },
        { type: "result", subtype: "error", error: "Rate limited", is_error: true, session_id: "s1" },
      ),
    );
    expect(model.session).toMatchObject({ cwd: "/w", requestId: "r1" });
    expect(model.result).toMatchObject({ isError: true, error: "Rate limited" });
  });

  it("keeps unknown events and kinds generically", () => {
    const { model, updates } = replay(
      lines(
        { type: "brand_new", subtype: "thing", x: 1 },
        { type: "system", subtype: "task_notification", message: "bg done" },
      ),
    );
    expect(model.counts.unknownEvents).toBe(1);
    expect(updates.filter((u) => u.type === "note")).toEqual([
      { type: "note", text: "system/task_notification: bg done" },
    ]);
  });

  it("relates Windows and POSIX paths to the workspace", () => {
    expect(relatePath("D:/Repo/src/a.ts", "D:\\Repo")).toEqual({ display: "src/a.ts", inside: true });
    expect(relatePath("d:\\repo\\SRC\\a.ts", "D:\\Repo")).toEqual({ display: "SRC/a.ts", inside: true });
    expect(relatePath("D:\\Other\\a.ts", "D:\\Repo")).toEqual({ display: "D:/Other/a.ts", inside: false });
    expect(relatePath("/w/src/a.ts", "/w")).toEqual({ display: "src/a.ts", inside: true });
    expect(relatePath("src/../../etc/passwd", "/w")).toEqual({ display: "/etc/passwd", inside: false });
    expect(relatePath("/wx/a", "/w")).toEqual({ display: "/wx/a", inside: false });
  });
});

describe("arbitrary text in every field survives intact (property)", () => {
  // Newlines, workflow-command syntax, unicode and control characters, as the agent might send them.
  const hostile = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 40 }),
    anyText(40),
    fc.constantFrom(
      "::set-output name=x::y",
      "##[group]x",
      "a\nb\r\nc\rd",
      "\u0000\u001b[31m",
      "::stop-commands::t",
    ),
  );
  it("assistant text, thinking, ids, tool args and outputs, the result", () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, hostile, hostile, (text, think, id, cmd, out) => {
        fc.pre(text !== "" && think !== "");
        const { stats, updates } = replay(
          lines(
            { type: "system", subtype: "init", session_id: id, cwd: "/w", model: text },
            { type: "thinking", subtype: "delta", text: think },
            { type: "thinking", subtype: "completed" },
            whole(text),
            started(id, { shellToolCall: { args: { command: cmd } } }),
            completed(id, {
              shellToolCall: { args: { command: cmd }, result: { success: { exitCode: 0, stdout: out } } },
            }),
            { ...result, result: text, session_id: id },
          ),
        );
        expect(stats.malformed).toBe(0);
        const seg = updates.find((u) => u.type === "segment");
        expect(seg).toMatchObject({ text });
        expect(updates.find((u) => u.type === "thinking-delta")).toMatchObject({ text: think });
        const end = updates.find((u) => u.type === "tool-end");
        // An id is trimmed; a call without one has a key of its own, which no trimmed id can be.
        expect(end?.type === "tool-end" && end.call.callId).toBe(id.trim() === "" ? " #2" : id.trim());
        expect(end?.type === "tool-end" && end.call.mainArg).toBe(cmd === "" ? undefined : cmd);
        expect(end?.type === "tool-end" && end.tool.payload.outcome?.value.stdout).toBe(out);
        const res = updates.find((u) => u.type === "result");
        expect(res?.type === "result" && res.result.text).toBe(text);
        const init = updates.find((u) => u.type === "init");
        expect(init?.type === "init" && init.session.sessionId).toBe(id);
      }),
      { numRuns: 300 },
    );
  });
});

it("toEvent never throws on odd shapes", () => {
  fc.assert(
    fc.property(
      fc.dictionary(
        fc.constantFrom("type", "subtype", "call_id", "tool_call", "message", "text", "result"),
        fc.jsonValue(),
      ),
      (raw) => {
        expect(() => toEvent(raw)).not.toThrow();
        const m = new RunModel();
        expect(() => m.apply(toEvent(raw), 0)).not.toThrow();
      },
    ),
    { numRuns: 2000 },
  );
});

it("deeply nested JSON in tool args and errors is shown, not a stack overflow", async () => {
  const { jsonPreview, errorText } = await import("../../src/stream/json.js");
  const deep = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`) as unknown;
  expect(() => JSON.stringify(deep)).toThrow(RangeError);
  const shown = jsonPreview({ a: deep }, 200);
  expect(shown.startsWith('{"a":[[[')).toBe(true);
  expect(shown).toContain("[…]");
  expect(errorText({ nested: deep })?.length).toBeLessThan(5000);
  expect(jsonPreview({ s: "z".repeat(10_000) }, 50)).toBe(`{"s":"${"z".repeat(44)}…`);
  expect(jsonPreview({ a: [1, "b", null, true], c: {} }, 100)).toBe('{"a":[1,"b",null,true],"c":{}}');
});

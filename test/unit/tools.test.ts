/**
 * The tool registry: every name the agent uses for a kind resolves to one family, and the run model, the
 * live log and the change tracker agree on what the call was (they disagreed when each kept its own tables).
 */
import { describe, expect, it } from "vitest";
import { ChangeTracker, noGit } from "../../src/changes/index.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import { fileOps, kindOf, resolveTool, toolName } from "../../src/tools/index.js";
import { renderLog } from "../helpers/render.js";

const ndjson = (...events: object[]) => Buffer.from(events.map((e) => `${JSON.stringify(e)}\n`).join(""));
const result = { type: "result", subtype: "success", is_error: false, result: "ok", session_id: "s" };

const PATCH = ["*** Begin Patch", "*** Update File: src/a.ts", "@@", "-old", "+new", "*** End Patch"].join(
  "\n",
);

describe("one family per kind, whatever the agent calls it", () => {
  it("an alternate-naming shell call is a Shell call, and its log shows the command and its output", () => {
    const log = renderLog(
      ndjson(
        {
          type: "tool-call-started",
          tool_call_id: "t1",
          tool_name: "shell",
          parameters: { command: "npm test" },
        },
        {
          type: "tool-call-completed",
          tool_call_id: "t1",
          tool_name: "shell",
          parameters: { command: "npm test" },
          result: { success: true, output: "3 passed", exit_code: 0 },
          duration_ms: 1200,
        },
        result,
      ),
    );
    expect(log).toContain("::group::✓ Shell npm test — exit 0 · 1.2 s");
    expect(log).toContain("$ npm test\n3 passed\n");
    expect(log).not.toContain("args: {");
  });

  it("an apply_patch function call is an Edit of the patched file, in the log and in the tracker", async () => {
    const call = {
      function: { name: "apply_patch", arguments: JSON.stringify({ input: PATCH }), result: { success: {} } },
    };
    const events = ndjson(
      {
        type: "tool_call",
        subtype: "started",
        call_id: "c1",
        tool_call: { function: { name: "apply_patch", arguments: JSON.stringify({ input: PATCH }) } },
      },
      { type: "tool_call", subtype: "completed", call_id: "c1", tool_call: call },
      result,
    );
    const log = renderLog(events);
    expect(log).toContain("::group::✓ Edit src/a.ts — done");
    expect(log).toContain("*** Update File: src/a.ts");

    const tool = resolveTool({ kind: "function", functionName: "apply_patch", args: { input: PATCH } });
    expect(kindOf(tool)).toBe("editToolCall");
    expect(toolName(tool)).toBe("Edit");
    expect(fileOps(tool)).toMatchObject([{ kind: "patch", path: "src/a.ts" }]);

    // The tracker counts the same call as an edit of the same file.
    const tracker = new ChangeTracker({ workspace: "/w" });
    const pipeline = new Pipeline([(u) => tracker.onUpdate(u)], "/w");
    const { model } = pipeline;
    pipeline.push(events, 0);
    pipeline.end(0);
    const set = await tracker.finish({ git: noGit });
    expect(set.files.map((f) => [f.path, f.editCount])).toEqual([["src/a.ts", 1]]);
    expect([...model.tools.values()].map((c) => [c.kind, c.name, c.target])).toEqual([
      ["editToolCall", "Edit", "src/a.ts"],
    ]);
  });

  it("names that mean the same kind resolve to the same family", () => {
    const same = (names: string[], kind: string) => {
      for (const n of names) expect(kindOf(resolveTool({ kind: n, functionName: n }))).toBe(kind);
    };
    same(["shell", "Bash", "run_terminal_cmd"], "shellToolCall");
    same(["write", "write_file", "CreateFile"], "writeToolCall");
    same(["edit", "str_replace", "search_replace", "MultiEdit", "apply_patch"], "editToolCall");
    same(["delete", "delete_file", "remove_file"], "deleteToolCall");
    same(["read", "read_file"], "readToolCall");
    // An unknown name is counted as itself and named after itself.
    const odd = resolveTool({ kind: "frobnicate_widget", functionName: "frobnicate_widget" });
    expect([kindOf(odd), toolName(odd)]).toEqual(["frobnicate_widget", "frobnicate_widget"]);
    expect(toolName(resolveTool({ kind: "semSearchToolCall" }))).toBe("Semantic search");
    expect(toolName(resolveTool({ kind: "brandNewToolCall" }))).toBe("Brand new");
  });
});

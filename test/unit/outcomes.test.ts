/**
 * The outcome vocabulary (src/stream/outcomes.ts) as a run shows it: every key the CLI writes, found among
 * `result`'s metadata in any order, and what the log, the counts and the report say of it; and the tools
 * whose target or body the outcome decides (a refused call, a subagent, MCP, lints).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ToolCall } from "../../src/model/run-model.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import { COMMENT_BUDGET, type ReportInput, renderReport } from "../../src/report/report.js";
import { OUTCOMES } from "../../src/stream/outcomes.js";
import { renderLog } from "../helpers/render.js";

const ndjson = (...events: object[]) => Buffer.from(events.map((e) => `${JSON.stringify(e)}\n`).join(""));
const init = { type: "system", subtype: "init", cwd: "/workspace", session_id: "s", model: "m" };
const end = { type: "result", subtype: "success", is_error: false, result: "ok", session_id: "s" };

/** One completed call of `kind` with `args` and `result` (no start: the completion alone counts). */
function completed(kind: string, args: object | undefined, result: object, id = "c1"): object {
  return {
    type: "tool_call",
    subtype: "completed",
    call_id: id,
    tool_call: { [kind]: { ...(args ? { args } : {}), result } },
  };
}

function callsOf(...events: object[]): { calls: ToolCall[]; byStatus: Record<string, number> } {
  const pipeline = new Pipeline([], "/workspace");
  pipeline.push(ndjson(init, ...events, end), 0);
  pipeline.end(0);
  return {
    calls: [...pipeline.model.tools.values()],
    byStatus: pipeline.model.toolCounts().byStatus,
  };
}

/** Every key FORMAT lists, with the status a reader should see and the words of the summary. */
const VOCABULARY: [key: string, status: string, summary: string][] = [
  ["success", "succeeded", "done"],
  ["complete", "succeeded", "complete"],
  ["registered", "succeeded", "registered"],
  ["startSuccess", "succeeded", "started"],
  ["saveSuccess", "succeeded", "saved"],
  ["discardSuccess", "succeeded", "discarded"],
  ["approved", "pending", "approved"],
  ["async", "pending", "running in the background"],
  ["stillRunning", "pending", "still running"],
  ["needsConfirmation", "needs-approval", "needs approval"],
  ["rejected", "rejected", "rejected"],
  ["error", "errored", "error"],
  ["failure", "failed", "failed"],
  ["spawnError", "errored", "could not start"],
  ["timeout", "errored", "timed out"],
  ["permissionDenied", "failed", "permission denied"],
  ["readPermissionDenied", "failed", "read permission denied"],
  ["writePermissionDenied", "failed", "write permission denied"],
  ["fileNotFound", "failed", "file not found"],
  ["notFound", "failed", "not found"],
  ["notFile", "failed", "not a file"],
  ["invalidFile", "failed", "invalid file"],
  ["fileBusy", "failed", "file busy"],
  ["noSpace", "errored", "no space left"],
  ["sandboxUnsupported", "errored", "sandbox unsupported"],
  ["serverNotFound", "errored", "MCP server not found"],
  ["toolNotFound", "errored", "tool not found"],
];

/** What the log marks each status with. */
const MARK: Record<string, string> = {
  succeeded: "✓",
  pending: "○",
  "needs-approval": "⏸ [NEEDS APPROVAL]",
  rejected: "⊘ [REJECTED]",
  failed: "✗ [FAILED]",
  errored: "‼ [ERRORED]",
};

describe("the outcome vocabulary", () => {
  it("knows every key the CLI writes, and no other", () => {
    expect(Object.keys(OUTCOMES).sort()).toEqual(VOCABULARY.map(([k]) => k).sort());
  });

  it.each(VOCABULARY)("`%s` is %s (%s), in the model and in the log", (key, status, summary) => {
    const { calls, byStatus } = callsOf(completed("semSearchToolCall", { query: "q" }, { [key]: {} }));
    expect([calls[0]?.status, calls[0]?.outcome?.summary]).toEqual([status, summary]);
    expect(byStatus[status]).toBe(1);
    const log = renderLog(ndjson(init, completed("semSearchToolCall", { query: "q" }, { [key]: {} }), end));
    const mark = status === "pending" ? "○ [PENDING]" : MARK[status];
    expect(log).toContain(`::group::${mark} Semantic search q — ${summary}`);
  });

  it("a bare outcome (`true`, a string) is the outcome all the same", () => {
    const { calls } = callsOf(
      completed("shellToolCall", { command: "sleep 9" }, { timeout: true }, "a"),
      completed("shellToolCall", { command: "x" }, { stillRunning: "yes" }, "b"),
    );
    expect(calls.map((c) => c.status)).toEqual(["errored", "pending"]);
  });

  it("the outcome is the known key among the metadata, in any order", () => {
    const metadata = fc.subarray([
      "pid",
      "sandboxPolicy",
      "isBackground",
      "terminalsFolder",
      // A sibling a later CLI may add: the known outcome still wins over it.
      "someFutureField",
    ]);
    const key = fc.constantFrom(...VOCABULARY.map(([k, status]) => ({ k, status })));
    fc.assert(
      fc.property(metadata, key, fc.nat(), (meta, { k, status }, at) => {
        const keys = [...meta];
        keys.splice(at % (keys.length + 1), 0, k);
        const result: Record<string, unknown> = {};
        for (const x of keys)
          result[x] = x === k ? {} : x === "pid" ? 4242 : x === "sandboxPolicy" ? { type: "none" } : "v";
        const { calls } = callsOf(completed("semSearchToolCall", { query: "q" }, result));
        expect(calls[0]?.status).toBe(status);
      }),
      { numRuns: 200 },
    );
  });

  it("a `success` after `pid` and `sandboxPolicy` is a success, read by its kind", () => {
    const { calls } = callsOf(
      completed(
        "shellToolCall",
        { command: "npm test" },
        { pid: 17, sandboxPolicy: { type: "workspace" }, success: { exitCode: 0, stdout: "ok" } },
      ),
    );
    expect([calls[0]?.status, calls[0]?.outcome?.summary]).toEqual(["succeeded", "exit 0"]);
  });

  it("a shell `success` with a non-zero exit, and a `failure` with exit 0, are failures", () => {
    const { calls } = callsOf(
      completed("shellToolCall", { command: "false" }, { success: { exitCode: 1 } }, "a"),
      completed("shellToolCall", { command: "true" }, { failure: { exitCode: 0 } }, "b"),
      completed("shellToolCall", { command: "x" }, { pid: 3, failure: { exitCode: 2 } }, "c"),
    );
    expect(calls.map((c) => [c.status, c.outcome?.summary])).toEqual([
      ["failed", "exit 1"],
      ["failed", "failed"],
      ["failed", "failed, exit 2"],
    ]);
  });
});

describe("an outcome the action does not know", () => {
  const odd = completed("shellToolCall", { command: "make" }, { pid: 9, deferredToCloud: { id: "x" } });

  it("is an unknown outcome, counted as such, not an error", () => {
    const { calls, byStatus } = callsOf(odd);
    expect([calls[0]?.status, calls[0]?.outcome?.summary]).toEqual([
      "unknown",
      "unknown outcome `deferredToCloud`",
    ]);
    expect([byStatus.unknown, byStatus.errored, byStatus.failed]).toEqual([1, 0, 0]);
    const log = renderLog(ndjson(init, odd, end));
    expect(log).toContain("::group::? [UNKNOWN] Shell make — unknown outcome `deferredToCloud`");
    expect(log).toContain("(? 1 of unknown outcome)");
    expect(log).not.toContain("ERRORED");
  });

  it("is the agent's text: inert in the report, cut in the log", () => {
    const key = `@octocat [x](https://e.example) <b>\`${"k".repeat(100)}`;
    const call = completed("shellToolCall", { command: "make" }, { [key]: {} });
    const pipeline = new Pipeline([], "/workspace");
    pipeline.push(ndjson(init, call, end), 0);
    pipeline.end(0);
    const report = renderReport(reportInput(pipeline), COMMENT_BUDGET);
    const row = report.split("\n").find((l) => l.startsWith("| ? |"));
    expect(row).toMatch(/\| unknown outcome `+ ?@octocat \[x\]\(https:\/\/e\.example\) <b>`/);
    expect(row).toContain("k…");
    expect(row).not.toContain("k".repeat(61));
    // Outside the code span nothing of the key is left to render.
    expect(row?.replace(/`+[^`].*`+/, "")).not.toMatch(/@octocat|<b>|\]\(/);
    const log = renderLog(ndjson(init, call, end));
    expect(log).not.toContain("::warning");
  });
});

function reportInput(pipeline: Pipeline): ReportInput {
  return {
    model: pipeline.model,
    verdict: { conclusion: "success", error: "" },
    wallMs: 0,
    redact: (s: string) => s,
  };
}

describe("calls named by what their outcome says", () => {
  it("a refused call is named by its rejection's command, with the reason", () => {
    const refused = completed(
      "shellToolCall",
      { workingDirectory: "/workspace" },
      { rejected: { reason: "Command requires approval", command: "rm -rf build" } },
    );
    const { calls } = callsOf(refused);
    expect([calls[0]?.target, calls[0]?.outcome?.error]).toEqual([
      "rm -rf build",
      "Command requires approval",
    ]);
    const log = renderLog(ndjson(init, refused, end));
    expect(log).toContain("::group::⊘ [REJECTED] Shell rm -rf build — rejected");
    expect(log).toContain("rejected: Command requires approval");
  });

  it("a refused write is named by its rejection's path, related to the workspace", () => {
    const { calls } = callsOf(
      completed("writeToolCall", {}, { rejected: { reason: "", path: "/workspace/a.ts" } }),
    );
    expect([calls[0]?.target, calls[0]?.outcome?.error]).toEqual(["a.ts", undefined]);
  });

  it("the args' own command wins over the rejection's", () => {
    const { calls } = callsOf(
      completed("shellToolCall", { command: "ls" }, { rejected: { reason: "no", command: "other" } }),
    );
    expect(calls[0]?.target).toBe("ls");
  });

  it("a subagent's reply is its group's body, and its summary when it fits", () => {
    const steps = (...texts: string[]) => ({
      success: { agentId: "a", conversationSteps: texts.map((text) => ({ assistantMessage: { text } })) },
    });
    const short = completed("taskToolCall", { description: "find the bug" }, steps("Found it in a.ts"), "t1");
    const long = completed(
      "taskToolCall",
      { description: "survey" },
      steps("First line\nsecond", "More"),
      "t2",
    );
    const log = renderLog(ndjson(init, short, long, end));
    expect(log).toContain("::group::✓ Task find the bug — Found it in a.ts");
    expect(log).toContain(
      "::group::✓ Task survey — replied · 0 ms\nFirst line\nsecond\n\nMore\n::endgroup::",
    );
  });

  it("MCP calls are never blank: server and tool, resource, or all servers", () => {
    const { calls } = callsOf(
      completed(
        "mcpToolCall",
        { name: "create_issue", providerIdentifier: "github", args: {} },
        { success: {} },
        "m1",
      ),
      completed("getMcpToolsToolCall", { server: "github", pattern: "issue*" }, { success: {} }, "m2"),
      completed("getMcpToolsToolCall", { toolName: "search" }, { success: {} }, "m3"),
      completed("readMcpResourceToolCall", { server: "docs", uri: "docs://readme" }, { success: {} }, "m4"),
      completed("listMcpResourcesToolCall", {}, { success: {} }, "m5"),
      completed("listMcpResourcesToolCall", { server: "docs" }, { success: {} }, "m6"),
    );
    expect(calls.map((c) => `${c.name} ${c.target}`)).toEqual([
      "MCP github/create_issue",
      "MCP tools github/issue*",
      "MCP tools all servers/search",
      "MCP resource docs docs://readme",
      "MCP resources all servers",
      "MCP resources docs",
    ]);
  });

  it("read lints' absolute paths are shown as the workspace's", () => {
    const { calls } = callsOf(
      completed(
        "readLintsToolCall",
        { paths: ["/workspace/src/a.ts", "/workspace/b.ts"] },
        { success: {} },
        "l1",
      ),
      completed("readLintsToolCall", { paths: ["/workspace/a.ts", "/etc/x"] }, { success: {} }, "l2"),
    );
    expect(calls.map((c) => [c.target, c.inside])).toEqual([
      ["src/a.ts, b.ts", true],
      ["a.ts, /etc/x", false],
    ]);
  });
});

describe("what the run says of calls that are no failures", () => {
  it("pending and unknown calls are no warnings; a call left needing approval is one, whatever the end", () => {
    const events = ndjson(
      init,
      completed("shellToolCall", { command: "serve" }, { async: {} }, "a"),
      completed("shellToolCall", { command: "deploy" }, { needsConfirmation: {} }, "b"),
      completed("shellToolCall", { command: "x" }, { brandNew: {} }, "c"),
      end,
    );
    const log = renderLog(events);
    const warnings = log.split("\n").filter((l) => l.startsWith("::warning"));
    expect(warnings).toEqual([
      "::warning title=Agent tool call needs approval::1 tool call waited for an approval a headless run cannot give, so it did not run.",
    ]);
    expect(log).toContain("── ✓ success");
    expect(log).toContain("3 tool calls (○ 1 pending, ⏸ 1 needing approval, ? 1 of unknown outcome)");
  });
});

/**
 * The live progress comment, through the bundle against the GitHub stand-in: a paced agent (its events
 * over a few seconds) makes a comment that appears early ("working"), is updated during the run with the
 * todo list, and becomes the report in place; within the request budget; a failing API never fails the step.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type RecordedRequest, startGitHubApi } from "../harness/github-api.js";
import { cleanupActionRuns, runAction, startAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const KEY = "key_0123456789abcdef0123456789abcdef";
const PR = 7;
/** Between the fake agent's lines: 14 lines, ~4 s of run. */
const DELAY_MS = 300;

function pacedTranscript(): string {
  const ev = (e: object) => JSON.stringify(e);
  const call = (id: string, tool: object, result: object) => [
    ev({ type: "tool_call", subtype: "started", call_id: id, tool_call: tool }),
    ev({
      type: "tool_call",
      subtype: "completed",
      call_id: id,
      tool_call: Object.fromEntries(Object.entries(tool).map(([k, v]) => [k, { ...(v as object), result }])),
    }),
  ];
  const todos = (items: object[], merge: boolean) => ({
    updateTodosToolCall: { args: { todos: items, merge } },
  });
  const plan = [
    { id: "1", content: "Read the failing test", status: "TODO_STATUS_IN_PROGRESS" },
    { id: "2", content: "Fix the rounding", status: "TODO_STATUS_PENDING" },
  ];
  const done = [
    { id: "1", status: "TODO_STATUS_DONE" },
    { id: "2", status: "TODO_STATUS_DONE" },
  ];
  const lines = [
    ev({ type: "system", subtype: "init", session_id: "s", model: "m", cwd: "/w" }),
    ...call("t1", todos(plan, false), { success: { todos: plan, totalCount: 2 } }),
    ...call(
      "r1",
      { readToolCall: { args: { path: "src/a.ts" } } },
      { success: { content: "x\n", totalLines: 1 } },
    ),
    ...call(
      "s1",
      { shellToolCall: { args: { command: "npm test" } } },
      { success: { exitCode: 0, stdout: "ok" } },
    ),
    ...call("t2", todos(done, true), { success: { todos: done, totalCount: 2 } }),
    ev({ type: "assistant", message: { content: [{ type: "text", text: "Fixed **the rounding**." }] } }),
    ev({
      type: "result",
      subtype: "success",
      is_error: false,
      result: "Fixed **the rounding**.",
      session_id: "s",
    }),
  ];
  const file = path.join(mkdtempSync(path.join(tmpdir(), "progress-")), "paced.ndjson");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

const writes = (requests: RecordedRequest[]) =>
  requests
    .filter((q) => q.method === "POST" || q.method === "PATCH")
    .filter((q) => q.path.includes("/comments"));
const bodyOf = (q: RecordedRequest) => String((q.body as { body?: string })?.body ?? "");

describe.concurrent("the live progress comment", () => {
  it("is written early, updated with the todo list while the agent runs, and becomes the report in place", async () => {
    const api = await startGitHubApi({ token: TOKEN, pullRequests: [PR] });
    try {
      const r = await runAction({
        inputs: { prompt: "go" },
        env: { CURSOR_API_KEY: KEY },
        scenario: { transcript: pacedTranscript(), delayMs: DELAY_MS },
        pullRequest: { number: PR },
        apiUrl: api.url,
        githubToken: TOKEN,
      });
      expect(r.code).toBe(0);
      expect(r.outputs.conclusion).toBe("success");
      const w = writes(api.requests);
      // One comment: created once, then only updated.
      expect(w.filter((q) => q.method === "POST")).toHaveLength(1);
      expect(w[0]!.method).toBe("POST");
      expect(api.commentsOn(PR)).toHaveLength(1);
      // Early: "working", seconds before the report.
      expect(bodyOf(w[0]!)).toContain("Cursor agent is working");
      const last = w.at(-1)!;
      expect(bodyOf(last)).toContain("Cursor agent succeeded");
      expect(last.at - w[0]!.at).toBeGreaterThan(2 * DELAY_MS);
      // During the run: the todo list with its statuses.
      const during = w.slice(1, -1).map(bodyOf);
      expect(during.some((b) => b.includes("- [ ] Read the failing test _(in progress)_"))).toBe(true);
      expect(during.every((b) => b.includes("Cursor agent is working"))).toBe(true);
      // The report in place, with the final todo list and the rendered message.
      const final = api.commentsOn(PR)[0]!.body;
      expect(final).toContain("- [x] Read the failing test\n- [x] Fix the rounding");
      expect(final).toContain("> Fixed **the rounding**.");
      expect(r.outputs["comment-url"]).toMatch(/#issuecomment-\d+$/);
      // The budget: the first write, one per todo change (2), one per 15 s (none in 4 s), the report.
      expect(w.length).toBeLessThanOrEqual(4);
      expect(r.summary).toContain("- [x] Fix the rounding");
    } finally {
      await api.close();
    }
  });

  it("an API that refuses every write never fails the step: debug lines for the updates", async () => {
    const api = await startGitHubApi({
      token: TOKEN,
      pullRequests: [PR],
      // 422: not retried by the client, so each write fails at once.
      failNext: [{ status: 422, match: /^(POST|PATCH) /, times: 50 }],
    });
    try {
      const r = await runAction({
        inputs: { prompt: "go" },
        env: { CURSOR_API_KEY: KEY },
        scenario: { transcript: pacedTranscript(), delayMs: DELAY_MS },
        pullRequest: { number: PR },
        apiUrl: api.url,
        githubToken: TOKEN,
      });
      expect(r.code).toBe(0);
      expect(r.outputs.conclusion).toBe("success");
      expect(r.log.commands.filter((c) => c.name === "error")).toHaveLength(0);
      const debug = r.log.commands.filter((c) => c.name === "debug" && /progress comment/.test(c.data));
      expect(debug.length).toBeGreaterThanOrEqual(1);
      expect(debug[0]!.data).toContain("HTTP 422");
      expect(api.commentsOn(PR)).toHaveLength(0);
      // The report's own write is the one warning (with the fix); the summary has the report.
      expect(r.summary).toContain("Cursor agent succeeded");
    } finally {
      await api.close();
    }
  });

  it("is not written with progress: false: one write, the report", async () => {
    const api = await startGitHubApi({ token: TOKEN, pullRequests: [PR] });
    try {
      const r = await runAction({
        inputs: { prompt: "go", progress: "false" },
        env: { CURSOR_API_KEY: KEY },
        scenario: { transcript: pacedTranscript(), delayMs: 50 },
        pullRequest: { number: PR },
        apiUrl: api.url,
        githubToken: TOKEN,
      });
      expect(r.code).toBe(0);
      const w = writes(api.requests);
      expect(w).toHaveLength(1);
      expect(bodyOf(w[0]!)).toContain("Cursor agent succeeded");
    } finally {
      await api.close();
    }
  });

  it('a cancelled run leaves the comment saying so, in place of "working"', async () => {
    const api = await startGitHubApi({ token: TOKEN, pullRequests: [PR] });
    try {
      const h = await startAction({
        inputs: { prompt: "go" },
        env: { CURSOR_API_KEY: KEY },
        // The agent stops mid-stream and hangs there until it is stopped.
        scenario: { transcript: pacedTranscript(), delayMs: 100, stopAfterLines: 6, hang: "mid-stream" },
        pullRequest: { number: PR },
        apiUrl: api.url,
        githubToken: TOKEN,
      });
      await h.waitForStdout("Read src/a.ts");
      // The progress comment is there before the cancel.
      for (let i = 0; i < 50 && api.commentsOn(PR).length === 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(api.commentsOn(PR)[0]?.body).toContain("Cursor agent is working");
      const r = await h.cancelLikeRunner();
      expect(r.outputs.conclusion).toBe("cancelled");
      const all = api.commentsOn(PR);
      expect(all).toHaveLength(1);
      expect(all[0]!.body).toContain("Cursor agent was cancelled");
      expect(all[0]!.body).not.toContain("is working");
    } finally {
      await api.close();
    }
  });
});

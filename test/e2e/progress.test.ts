/**
 * The live progress comment, through the bundle against the GitHub stand-in: a paced agent (its events
 * over a few seconds) makes a comment that appears early ("working"), is updated during the run with the
 * todo list, and becomes the report in place; within the request budget (every request to the comments
 * endpoints counted, reads too); a failing API (403, 5xx, rate limits) never fails the step, is never
 * retried or waited for, and no late update overwrites the report; a timed-out or cancelled run says so.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type FailureRule,
  type GitHubApi,
  type RecordedRequest,
  startGitHubApi,
} from "../harness/github-api.js";
import {
  type ActionResult,
  cleanupActionRuns,
  type RunActionOptions,
  runAction,
  startAction,
} from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const KEY = "key_0123456789abcdef0123456789abcdef";
const PR = 7;
/** Between the fake agent's lines: 14 lines, ~4 s of run. */
const DELAY_MS = 300;
const LINES = 14;
/**
 * The requests to the comments endpoints for the paced run. The first write reads the comments (is one
 * ours already?) and creates one; one update per change of the todo list (2: the plan, then all done), no
 * timed one (15 s, the run takes ~4 s); the report reads the comments again and updates ours. Whose
 * comment is ours (`GET /user`) is asked once: the progress comment's client and the report's share the
 * answer (src/github/identity.ts).
 */
const BUDGET = { reads: 2, creates: 1, updates: 3, identity: 1 };
/**
 * From the first request to the report's write, at most: the agent's run and this (room for a loaded
 * machine). A progress update that waited out a rate limit (20 s below) or was retried (octokit: 1 + 4 +
 * 9 s, and a repeated body besides) would be over it.
 */
const SLACK_MS = 10_000;
/** The rate limits' wait: the most the action's client would wait out (src/github/client.ts), past the slack. */
const RATE_LIMIT_WAIT_S = 20;

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

/** `GET|POST /repos/o/r/issues/7/comments` (and GitHub's next pages), `PATCH /repos/o/r/issues/comments/1`. */
const commentsApi = (requests: RecordedRequest[]) =>
  requests.filter((q) => /\/issues\/(\d+\/comments|comments\/\d+)$/.test(q.path));
const writes = (requests: RecordedRequest[]) =>
  commentsApi(requests).filter((q) => q.method === "POST" || q.method === "PATCH");
const bodyOf = (q: RecordedRequest) => String((q.body as { body?: string })?.body ?? "");
const WORKING = /Cursor agent is working/;
/** The progress comment's writes (the report's are the others). */
const progressWrites = (requests: RecordedRequest[]) =>
  writes(requests).filter((q) => WORKING.test(bodyOf(q)));
const progressDebug = (r: { log: { commands: { name: string; data: string }[] } }) =>
  r.log.commands.filter((c) => c.name === "debug" && /progress comment/.test(c.data));
const paced = { transcript: pacedTranscript(), delayMs: DELAY_MS };

/** A stand-in on the pull request (failing as `failNext` says) for `test`, closed after it. */
async function withApi(failNext: FailureRule[], test: (api: GitHubApi) => Promise<void>): Promise<void> {
  const api = await startGitHubApi({ token: TOKEN, pullRequests: [PR], failNext });
  try {
    await test(api);
  } finally {
    await api.close();
  }
}

/** The action on the pull request against `api`: the paced agent, unless `options` says otherwise. */
function actionOn(api: GitHubApi, options: RunActionOptions = {}): RunActionOptions {
  return {
    inputs: { prompt: "go" },
    env: { CURSOR_API_KEY: KEY },
    scenario: paced,
    pullRequest: { number: PR },
    apiUrl: api.url,
    githubToken: TOKEN,
    ...options,
  };
}

/** The step passed, and said nothing louder than a debug line about the API. */
function expectQuietSuccess(r: ActionResult): void {
  expect(r.code).toBe(0);
  expect(r.outputs.conclusion).toBe("success");
  expect(r.log.commands.filter((c) => c.name === "error" || c.name === "warning")).toHaveLength(0);
}

/**
 * The run went at the agent's pace: no update was retried (a retry sends the same body again) and the
 * report came as soon as the agent was done.
 */
function expectNoWaitNorRetry(requests: RecordedRequest[]): void {
  const bodies = progressWrites(requests).map(bodyOf);
  expect(new Set(bodies).size).toBe(bodies.length);
  const report = writes(requests).filter((q) => !WORKING.test(bodyOf(q)));
  expect(report.length).toBeGreaterThanOrEqual(1);
  expect(report.at(-1)!.at - requests[0]!.at).toBeLessThan(LINES * DELAY_MS + SLACK_MS);
}

/** The comment is the report, and nothing of the progress comment was written after the report. */
function expectReportLast(api: GitHubApi, headline: string): void {
  const all = api.commentsOn(PR);
  expect(all).toHaveLength(1);
  expect(all[0]!.body).toContain(headline);
  expect(all[0]!.body).not.toMatch(WORKING);
  const w = writes(api.requests);
  const report = w.findIndex((q) => bodyOf(q).includes(headline));
  expect(report).toBeGreaterThanOrEqual(0);
  expect(w.slice(report + 1).filter((q) => WORKING.test(bodyOf(q)))).toHaveLength(0);
}

describe.concurrent("the live progress comment", () => {
  it("is written early, updated with the todo list while the agent runs, and becomes the report in place", () =>
    withApi([], async (api) => {
      const r = await runAction(actionOn(api));
      expectQuietSuccess(r);
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
      expect(r.summary).toContain("- [x] Fix the rounding");
      // The budget, every request to the comments endpoints counted.
      const c = commentsApi(api.requests);
      const count = (m: string) => c.filter((q) => q.method === m).length;
      expect(count("GET")).toBeLessThanOrEqual(BUDGET.reads);
      expect(count("POST")).toBe(BUDGET.creates);
      expect(count("PATCH")).toBeLessThanOrEqual(BUDGET.updates);
      expect(count("PATCH")).toBeGreaterThanOrEqual(2); // at least one update during the run, and the report
      expect(c).toHaveLength(count("GET") + count("POST") + count("PATCH"));
      expect(api.requests.filter((q) => q.method === "GET" && q.path === "/user")).toHaveLength(
        BUDGET.identity,
      );
      expectNoWaitNorRetry(api.requests);
    }));

  it("an API that refuses every write never fails the step: debug lines for the updates", () =>
    // 422: not a refusal of the token (the updates go on), and never retried.
    withApi([{ status: 422, match: /^(POST|PATCH) /, times: 50 }], async (api) => {
      const r = await runAction(actionOn(api));
      expect(r.code).toBe(0);
      expect(r.outputs.conclusion).toBe("success");
      expect(r.log.commands.filter((c) => c.name === "error")).toHaveLength(0);
      const debug = progressDebug(r);
      expect(debug.length).toBeGreaterThanOrEqual(1);
      expect(debug[0]!.data).toContain("HTTP 422");
      expect(api.commentsOn(PR)).toHaveLength(0);
      // The report's own write is the one warning (with the fix); the summary has the report.
      expect(r.summary).toContain("Cursor agent succeeded");
    }));

  it("a refused first write (403, a fork's read-only token) ends the updates: one try, one debug line", () =>
    // The progress comment's writes only: the report's own goes through (and is checked below).
    withApi([{ status: 403, match: /^(POST|PATCH) /, body: WORKING, times: 50 }], async (api) => {
      const r = await runAction(actionOn(api));
      expectQuietSuccess(r);
      expect(progressWrites(api.requests)).toHaveLength(1);
      const debug = progressDebug(r);
      expect(debug).toHaveLength(1);
      expect(debug[0]!.data).toMatch(/HTTP 403.*no more updates/);
      expectReportLast(api, "Cursor agent succeeded");
      expectNoWaitNorRetry(api.requests);
    }));

  it("server errors (500, 502) on updates: each tried once, debug lines, the report in place", () =>
    withApi(
      [
        { status: 500, match: /^(POST|PATCH) /, body: WORKING, times: 1 },
        { status: 502, match: /^(POST|PATCH) /, body: WORKING, times: 1 },
      ],
      async (api) => {
        const r = await runAction(actionOn(api));
        expectQuietSuccess(r);
        expect(progressDebug(r).map((c) => /HTTP (\d+)/.exec(c.data)?.[1])).toEqual(["500", "502"]);
        expect(progressWrites(api.requests).map((q) => q.status)).toEqual(expect.arrayContaining([500, 502]));
        expectReportLast(api, "Cursor agent succeeded");
        expectNoWaitNorRetry(api.requests);
      },
    ));

  const rateLimits: [string, FailureRule][] = [
    ["429", { status: 429, headers: { "retry-after": String(RATE_LIMIT_WAIT_S) } }],
    [
      "403 with x-ratelimit-remaining: 0",
      {
        status: 403,
        message: "API rate limit exceeded for installation ID 1.",
        headers: {
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + RATE_LIMIT_WAIT_S),
        },
      },
    ],
  ];
  for (const [name, rule] of rateLimits) {
    it(`a rate limit (${name}) on an update is not waited out: no delay, and no late update over the report`, () =>
      // The first update after the comment is created: a client that waited and retried it would write
      // "working" seconds later, after the report.
      withApi([{ ...rule, match: /^PATCH /, body: WORKING, times: 1 }], async (api) => {
        const r = await runAction(actionOn(api));
        expectQuietSuccess(r);
        expect(progressDebug(r)[0]?.data).toContain(`HTTP ${rule.status}`);
        expect(progressWrites(api.requests).filter((q) => q.status === rule.status)).toHaveLength(1);
        expectReportLast(api, "Cursor agent succeeded");
        expectNoWaitNorRetry(api.requests);
      }));
  }

  it("a timed-out run (timeout-minutes) leaves the comment saying it timed out", () =>
    withApi([], async (api) => {
      const r = await runAction(
        actionOn(api, {
          // 3 s: the agent hangs after its sixth line (the todo list written), and is stopped.
          inputs: { prompt: "go", "timeout-minutes": "0.05" },
          scenario: { ...paced, delayMs: 100, stopAfterLines: 6, hang: "mid-stream" },
        }),
      );
      expect(r.outputs.conclusion).toBe("timed_out");
      expect(progressWrites(api.requests).length).toBeGreaterThanOrEqual(1);
      expectReportLast(api, "Cursor agent timed out");
      expect(api.commentsOn(PR)[0]!.body).toContain("- [ ] Read the failing test _(in progress)_");
    }));

  it("is not written with progress: false: one write, the report", () =>
    withApi([], async (api) => {
      const r = await runAction(
        actionOn(api, { inputs: { prompt: "go", progress: "false" }, scenario: { ...paced, delayMs: 50 } }),
      );
      expect(r.code).toBe(0);
      const w = writes(api.requests);
      expect(w).toHaveLength(1);
      expect(bodyOf(w[0]!)).toContain("Cursor agent succeeded");
    }));

  it('a cancelled run leaves the comment saying so, in place of "working"', () =>
    withApi([], async (api) => {
      const h = await startAction(
        // The agent stops mid-stream and hangs there until it is stopped.
        actionOn(api, { scenario: { ...paced, delayMs: 100, stopAfterLines: 6, hang: "mid-stream" } }),
      );
      await h.waitForStdout("Read src/a.ts");
      // The progress comment is there before the cancel.
      for (let i = 0; i < 50 && api.commentsOn(PR).length === 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(api.commentsOn(PR)[0]?.body).toContain("Cursor agent is working");
      const r = await h.cancelLikeRunner();
      expect(r.outputs.conclusion).toBe("cancelled");
      // Written before the runner's SIGTERM (7.5 s after its SIGINT).
      expect(r.signalsSent.map((s) => s.signal)).toEqual(["SIGINT"]);
      expectReportLast(api, "Cursor agent was cancelled");
    }));
});

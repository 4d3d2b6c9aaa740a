/**
 * The live progress comment, through the bundle against the GitHub stand-in: an agent that waits at gates
 * (before the lines after each change of its todo list, until the stand-in has answered what the test waits
 * for) makes a comment that appears early ("working"), is updated during the run with the todo list, and
 * becomes the report in place; within the request budget (every request to the comments endpoints counted,
 * reads too); a failing API (403, 5xx, rate limits) never fails the step, is never retried or waited for,
 * and no late update overwrites the report; a timed-out or cancelled run says so. No test here depends on
 * how fast the machine is: each waits for the stand-in's requests, not for time to pass.
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
  createGate,
  type FakeAgentScenario,
  type RunActionOptions,
  runAction,
  startAction,
} from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const KEY = "key_0123456789abcdef0123456789abcdef";
const PR = 7;
/**
 * The lines of the transcript below that come right after a change of the todo list (the plan, then all
 * done): the agent waits there until the update that change causes (1 s later, src/publish/progress.ts)
 * has been answered, so the update comes while the agent runs however slow the machine.
 */
const AFTER_PLAN = 3;
const AFTER_DONE = 9;
/**
 * The requests to the comments endpoints for a run gated at both: the first write reads the comments (is
 * one ours already?) and creates one; one update per change of the todo list (2: the plan, then all done),
 * no timed one (15 s: a run here takes a second or two); the report reads the comments again and updates
 * ours. Whose comment is ours (`GET /user`) is asked once: the progress comment's client and the report's
 * share the answer (src/github/identity.ts).
 */
const BUDGET = { reads: 2, creates: 1, updates: 3, identity: 1 };
/**
 * The rate limits' wait: what the action's waiting client would wait out (src/github/client.ts waits up to
 * 20 s). A progress client that waited would hold its update that long, then send it again: the test's
 * gate after it sees the repeated body (or never opens), so the test fails without measuring time.
 */
const RATE_LIMIT_WAIT_S = 20;

function todoTranscript(): string {
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
  const file = path.join(mkdtempSync(path.join(tmpdir(), "progress-")), "todos.ndjson");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

/** `GET|POST /repos/o/r/issues/7/comments` (and GitHub's next pages), `PATCH /repos/o/r/issues/comments/1`. */
const commentsApi = (requests: RecordedRequest[]) =>
  requests.filter((q) => /\/issues\/(\d+\/comments|comments\/\d+)$/.test(q.path));
const isWrite = (q: RecordedRequest) => q.method === "POST" || q.method === "PATCH";
const writes = (requests: RecordedRequest[]) => commentsApi(requests).filter(isWrite);
const bodyOf = (q: RecordedRequest) => String((q.body as { body?: string })?.body ?? "");
const WORKING = /Cursor agent is working/;
const isProgressWrite = (q: RecordedRequest) =>
  commentsApi([q]).length === 1 && isWrite(q) && WORKING.test(bodyOf(q));
/** The progress comment's writes (the report's are the others). */
const progressWrites = (requests: RecordedRequest[]) => requests.filter(isProgressWrite);
const progressDebug = (r: { log: { commands: { name: string; data: string }[] } }) =>
  r.log.commands.filter((c) => c.name === "debug" && /progress comment/.test(c.data));
const TODOS = todoTranscript();
const PLAN_SHOWN = "- [ ] Read the failing test _(in progress)_";
const DONE_SHOWN = "- [x] Read the failing test";

/** A stand-in on the pull request (failing as `failNext` says) for `test`, closed after it. */
async function withApi(failNext: FailureRule[], test: (api: GitHubApi) => Promise<void>): Promise<void> {
  const api = await startGitHubApi({ token: TOKEN, pullRequests: [PR], failNext });
  try {
    await test(api);
  } finally {
    await api.close();
  }
}

/** The action on the pull request against `api`: the todo transcript, unless `options` says otherwise. */
function actionOn(api: GitHubApi, options: RunActionOptions = {}): RunActionOptions {
  return {
    inputs: { prompt: "go" },
    env: { CURSOR_API_KEY: KEY },
    scenario: { transcript: TODOS },
    pullRequest: { number: PR },
    apiUrl: api.url,
    githubToken: TOKEN,
    ...options,
  };
}

/** A gate of the run: before `line`, the agent waits until the stand-in has answered a request `until` accepts. */
interface Step {
  line: number;
  until: (q: RecordedRequest) => boolean;
}

/**
 * The action on the pull request with an agent that, at each step's line, waits for the step's request;
 * `pauses` as in {@link FakeAgentScenario.pauses}. Fails at once, saying which, if the action ends first.
 */
async function gatedRun(
  api: GitHubApi,
  steps: Step[],
  pauses: FakeAgentScenario["pauses"] = {},
): Promise<ActionResult> {
  const gates = steps.map(createGate);
  const h = await startAction(
    actionOn(api, {
      scenario: {
        transcript: TODOS,
        gates: Object.fromEntries(steps.map((s, i) => [s.line, gates[i]!.file])),
        pauses,
      },
    }),
  );
  const ended = h.done.then(() => {
    throw new Error("the action ended while its agent waited at a gate");
  });
  ended.catch(() => {});
  try {
    for (const [i, step] of steps.entries()) {
      await Promise.race([api.waitForRequest(step.until), ended]);
      gates[i]!.open();
    }
  } catch (error) {
    // Nothing left running for the next test: the action and its agent stop here.
    h.kill("SIGKILL");
    for (const gate of gates) gate.open();
    await h.done;
    throw error;
  }
  return h.done;
}

/** The step passed, and said nothing louder than a debug line about the API. */
function expectQuietSuccess(r: ActionResult): void {
  expect(r.code).toBe(0);
  expect(r.outputs.conclusion).toBe("success");
  expect(r.log.commands.filter((c) => c.name === "error" || c.name === "warning")).toHaveLength(0);
}

/**
 * No update was retried (a retry, or a rate limit waited out, sends the same body again; the gates keep the
 * run going until a later update, so a retry comes while it runs), and the report was written.
 */
function expectNoRetry(requests: RecordedRequest[]): void {
  const bodies = progressWrites(requests).map(bodyOf);
  expect(new Set(bodies).size).toBe(bodies.length);
  expect(writes(requests).filter((q) => !WORKING.test(bodyOf(q))).length).toBeGreaterThanOrEqual(1);
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

/** An update of the progress comment answered with `status`, showing `text` when given. */
const update =
  (status: number, text?: string) =>
  (q: RecordedRequest): boolean =>
    isProgressWrite(q) && q.status === status && (text === undefined || bodyOf(q).includes(text));

describe.concurrent("the live progress comment", () => {
  it("is written early, updated with the todo list while the agent runs, and becomes the report in place", () =>
    withApi([], async (api) => {
      // The agent goes on only once each change of its todo list is on GitHub: the comment is updated
      // while it runs (an update made only at the end would never open the first gate).
      const r = await gatedRun(api, [
        { line: AFTER_PLAN, until: update(200, PLAN_SHOWN) },
        { line: AFTER_DONE, until: update(200, DONE_SHOWN) },
      ]);
      expectQuietSuccess(r);
      const w = writes(api.requests);
      // One comment: created once, then only updated.
      expect(w.filter((q) => q.method === "POST")).toHaveLength(1);
      expect(w[0]!.method).toBe("POST");
      expect(api.commentsOn(PR)).toHaveLength(1);
      // Early: "working" first, before the updates the agent waited for, the report last.
      expect(bodyOf(w[0]!)).toContain("Cursor agent is working");
      const last = w.at(-1)!;
      expect(bodyOf(last)).toContain("Cursor agent succeeded");
      // During the run: the todo list with its statuses.
      const during = w.slice(1, -1).map(bodyOf);
      expect(during.some((b) => b.includes(PLAN_SHOWN))).toBe(true);
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
      expectNoRetry(api.requests);
    }));

  it("an API that refuses every write never fails the step: debug lines for the updates", () =>
    // 422: not a refusal of the token (the updates go on: the agent waits for the second one), never retried.
    withApi([{ status: 422, match: /^(POST|PATCH) /, times: 50 }], async (api) => {
      const r = await gatedRun(api, [{ line: AFTER_PLAN, until: update(422, PLAN_SHOWN) }]);
      expect(r.code).toBe(0);
      expect(r.outputs.conclusion).toBe("success");
      expect(r.log.commands.filter((c) => c.name === "error")).toHaveLength(0);
      const debug = progressDebug(r);
      expect(debug.length).toBeGreaterThanOrEqual(2);
      expect(debug[0]!.data).toContain("HTTP 422");
      expect(api.commentsOn(PR)).toHaveLength(0);
      expectNoRetry(api.requests);
      // The report's own write is the one warning (with the fix); the summary has the report.
      expect(r.summary).toContain("Cursor agent succeeded");
    }));

  it("a refused first write (403, a fork's read-only token) ends the updates: one try, one debug line", () =>
    // The progress comment's writes only: the report's own goes through (and is checked below). The agent
    // waits for the refusal, then pauses past the todo list's update delay (1 s): an update that still came
    // would be seen. A pause, not a gate, for something that must not happen: a slow machine can only miss
    // such an update (then the test proves less), never fail a right run.
    withApi([{ status: 403, match: /^(POST|PATCH) /, body: WORKING, times: 50 }], async (api) => {
      const r = await gatedRun(api, [{ line: AFTER_PLAN, until: update(403) }], { [AFTER_PLAN]: 2_000 });
      expectQuietSuccess(r);
      expect(progressWrites(api.requests)).toHaveLength(1);
      const debug = progressDebug(r);
      expect(debug).toHaveLength(1);
      expect(debug[0]!.data).toMatch(/HTTP 403.*no more updates/);
      expectReportLast(api, "Cursor agent succeeded");
      expectNoRetry(api.requests);
    }));

  it("server errors (500, 502) on updates: each tried once, debug lines, the report in place", () =>
    withApi(
      [
        { status: 500, match: /^(POST|PATCH) /, body: WORKING, times: 1 },
        { status: 502, match: /^(POST|PATCH) /, body: WORKING, times: 1 },
      ],
      async (api) => {
        // The first write fails (500), the plan's update (502), the last update goes through.
        const r = await gatedRun(api, [
          { line: AFTER_PLAN, until: update(502, PLAN_SHOWN) },
          { line: AFTER_DONE, until: update(201, DONE_SHOWN) },
        ]);
        expectQuietSuccess(r);
        expect(progressDebug(r).map((c) => /HTTP (\d+)/.exec(c.data)?.[1])).toEqual(["500", "502"]);
        expect(progressWrites(api.requests).map((q) => q.status)).toEqual(expect.arrayContaining([500, 502]));
        expectReportLast(api, "Cursor agent succeeded");
        expectNoRetry(api.requests);
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
      // The first update after the comment is created. The agent goes on only once the next update (all
      // done) is answered: a client that waited out the limit would hold that one back behind its retry.
      withApi([{ ...rule, match: /^PATCH /, body: WORKING, times: 1 }], async (api) => {
        const r = await gatedRun(api, [
          { line: AFTER_PLAN, until: update(rule.status, PLAN_SHOWN) },
          { line: AFTER_DONE, until: update(200, DONE_SHOWN) },
        ]);
        expectQuietSuccess(r);
        expect(progressDebug(r)[0]?.data).toContain(`HTTP ${rule.status}`);
        expect(progressWrites(api.requests).filter((q) => q.status === rule.status)).toHaveLength(1);
        expectReportLast(api, "Cursor agent succeeded");
        expectNoRetry(api.requests);
      }));
  }

  it("a timed-out run (timeout-minutes) leaves the comment saying it timed out", () =>
    withApi([], async (api) => {
      const r = await runAction(
        actionOn(api, {
          // 3 s: the agent hangs after its sixth line (the todo list written), and is stopped.
          inputs: { prompt: "go", "timeout-minutes": "0.05" },
          scenario: { transcript: TODOS, stopAfterLines: 6, hang: "mid-stream" },
        }),
      );
      expect(r.outputs.conclusion).toBe("timed_out");
      expect(progressWrites(api.requests).length).toBeGreaterThanOrEqual(1);
      expectReportLast(api, "Cursor agent timed out");
      expect(api.commentsOn(PR)[0]!.body).toContain(PLAN_SHOWN);
    }));

  it("is not written with progress: false: one write, the report", () =>
    withApi([], async (api) => {
      const r = await runAction(actionOn(api, { inputs: { prompt: "go", progress: "false" } }));
      expect(r.code).toBe(0);
      const w = writes(api.requests);
      expect(w).toHaveLength(1);
      expect(bodyOf(w[0]!)).toContain("Cursor agent succeeded");
    }));

  it('a cancelled run leaves the comment saying so, in place of "working"', () =>
    withApi([], async (api) => {
      const h = await startAction(
        // The agent stops mid-stream and hangs there until it is stopped.
        actionOn(api, { scenario: { transcript: TODOS, stopAfterLines: 6, hang: "mid-stream" } }),
      );
      await h.waitForStdout("Read src/a.ts");
      // The progress comment is there before the cancel.
      await api.waitForRequest(update(201));
      expect(api.commentsOn(PR)[0]?.body).toContain("Cursor agent is working");
      const r = await h.cancelLikeRunner();
      expect(r.outputs.conclusion).toBe("cancelled");
      // Written before the runner's SIGTERM (7.5 s after its SIGINT).
      expect(r.signalsSent.map((s) => s.signal)).toEqual(["SIGINT"]);
      expectReportLast(api, "Cursor agent was cancelled");
    }));
});

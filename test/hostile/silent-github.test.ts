/**
 * A GitHub that accepts connections and never answers (a brownout) must not hold the step: every request
 * has a deadline and is aborted at it, and the process exits once its work is done. Before, a successful
 * run wrote its warning after 70 s and then never exited (a read of the comments, sent without the
 * caller's signal by octokit's paginator, and the identity lookup kept the event loop alive until the
 * job's own timeout), and a cancelled run did the same after writing everything.
 *
 * The client's own tests: a listing's page aborted by the caller's signal, a request aborted at its own
 * deadline, and no retry begun whose wait would outlast the caller's deadline (its timer would hold the
 * process past it).
 *
 * No bound here depends on how fast the machine is: each is twice the documented one plus a minute, and
 * only a hang meets it (the harness then kills the action, and `timedOut` says so).
 *
 * The runs that wait for the action's own request deadlines (20 s each, several in a row) run it on a clock
 * {@link CLOCK_RATE} times faster (test/harness/fast-clock.mjs): the same deadlines, reached in the same
 * order, in a fraction of the time; their limits stay in real time, as generous as before.
 */
import { afterAll, describe, expect, it } from "vitest";
import { API_AFTER_AGENT_MS, CANCEL_BUDGET_TOTAL_MS, RUN_DEADLINES } from "../../src/base/deadlines.js";
import { createGitHubClient } from "../../src/github/client.js";
import { startGitHubApi } from "../harness/github-api.js";
import {
  type ActionResult,
  cleanupActionRuns,
  fixture,
  runAction,
  startAction,
} from "../harness/run-action.js";
import { type SilentApi, withSilentApi } from "../harness/silent-api.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";
const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const PR = 7;
/** How much faster the action's clock runs in the tests that wait out its request deadlines. */
const CLOCK_RATE = 8;
/** Room for the run itself (the bundle's start, the fake agent, the changes) in each test's limit. */
const SLACK_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A run on pull request 7 with the progress comment and the PR comment on (the defaults). */
const onPullRequest = (api: SilentApi) => ({
  inputs: { prompt: "go" },
  env: { CURSOR_API_KEY: KEY },
  pullRequest: { number: PR },
  apiUrl: api.url,
  githubToken: TOKEN,
});

/**
 * A run of the action against the silent API that must exit on its own within `limitMs` (the harness kills
 * it then, and `timedOut` says so): twice the documented bound and a minute, which only a hang exceeds.
 */
function itExits(
  name: string,
  limitMs: number,
  test: (api: SilentApi, limit: { timeoutMs: number }) => Promise<ActionResult>,
  check: (r: ActionResult, api: SilentApi) => void,
): void {
  it(
    name,
    () =>
      withSilentApi(async (api) => {
        const r = await test(api, { timeoutMs: limitMs });
        expect(r.timedOut).toBe(false);
        check(r, api);
      }),
    limitMs + SLACK_MS,
  );
}

describe.concurrent("a GitHub that never answers", () => {
  itExits(
    "a successful run exits, its outputs written and the comment's failure a warning",
    2 * API_AFTER_AGENT_MS + SLACK_MS,
    (api, limit) => runAction({ ...onPullRequest(api), ...limit, clockRate: CLOCK_RATE }),
    (r, api) => {
      expect(r.code).toBe(0);
      expect(r.outputs.conclusion).toBe("success");
      expect(r.summary).toContain("Cursor agent succeeded");
      const warnings = r.log.commands.filter((c) => c.name === "warning").map((c) => c.data);
      expect(warnings.join("\n")).toMatch(/Could not write the PR comment/);
      expect(r.outputs["comment-url"] ?? "").toBe("");
      // It was asked: the progress comment's identity lookup first, then the comments were read.
      expect(api.requests[0]).toBe("GET /user HTTP/1.1");
      expect(api.requests.some((q) => q.startsWith(`GET /repos/octo/repo/issues/${PR}/comments`))).toBe(true);
    },
  );

  itExits(
    "a cancelled run exits after SIGINT, its outputs written",
    2 * CANCEL_BUDGET_TOTAL_MS + SLACK_MS,
    async (api, limit) => {
      const h = await startAction({
        ...onPullRequest(api),
        // The agent stops mid-stream and hangs there until it is stopped.
        scenario: {
          transcript: fixture("cursed-mac-read-edit-usage.ndjson"),
          stopAfterLines: 2,
          hang: "mid-stream",
        },
        ...limit,
      });
      // The agent runs, and the progress comment's first request is open and unanswered.
      await h.waitForRecord();
      while (api.requests.length === 0) await sleep(20);
      h.kill("SIGINT");
      return h.done;
    },
    (r) => {
      expect(r.code).not.toBe(0);
      expect(r.outputs.conclusion).toBe("cancelled");
      expect(r.summary).toContain("Cursor agent was cancelled");
      expect(r.agentAliveAfterExit).toBe(false);
    },
  );

  itExits(
    "a cancel while the report is written: the comment then has its cancel-budget share, not its own deadline",
    2 * CANCEL_BUDGET_TOTAL_MS + SLACK_MS,
    async (api, limit) => {
      const h = await startAction({
        ...onPullRequest(api),
        // No progress comment: the first request is the report's, after the agent's end.
        inputs: { prompt: "go", progress: "false" },
        scenario: { transcript: fixture("cursed-mac-read-edit-usage.ndjson") },
        ...limit,
      });
      while (api.requests.length === 0) await sleep(20);
      h.kill("SIGINT");
      return h.done;
    },
    (r) => {
      // Not killed by the signal: the run ended, its outputs and summary written, the comment given up
      // after its share of the cancel budget (1.25 s), where it had 60 s.
      expect(r.signal).toBeNull();
      expect(r.outputs.conclusion).toBe("success");
      expect(r.summary).toContain("Cursor agent succeeded");
      const warnings = r.log.commands.filter((c) => c.name === "warning").map((c) => c.data);
      expect(warnings.join("\n")).toMatch(/Could not write the PR comment \(no answer within 1 s\)/);
    },
  );

  itExits(
    "the permission check before the agent gives up at its deadline: the run is refused, and exits",
    2 * RUN_DEADLINES.requestMs + SLACK_MS,
    (api, limit) =>
      runAction({
        ...onPullRequest(api),
        // A comment on the pull request: its author must have write permission, which the API is asked.
        eventName: "issue_comment",
        eventPayload: {
          action: "created",
          issue: { number: PR, pull_request: { url: `${api.url}/repos/octo/repo/pulls/${PR}` } },
          comment: { body: "@cursor please" },
          repository: { full_name: "octo/repo", name: "repo", owner: { login: "octo" } },
          sender: { login: "octocat", type: "User" },
        },
        ...limit,
        clockRate: CLOCK_RATE,
      }),
    (r, api) => {
      expect(r.outputs.conclusion).toBe("failure");
      expect(r.outputs.error).toMatch(/Could not check octocat's permission/);
      expect(r.record).toBeUndefined();
      expect(api.requests).toEqual(["GET /repos/octo/repo/collaborators/octocat/permission HTTP/1.1"]);
    },
  );
});

describe.concurrent("the client against a GitHub that never answers", () => {
  it("aborts a listing's page with the caller's signal, and closes its connection", () =>
    withSilentApi(async (api) => {
      const abort = new AbortController();
      const client = createGitHubClient(TOKEN, api.url, { signal: abort.signal });
      const reading = (async () => {
        for await (const _ of client.comments({ owner: "octo", repo: "repo", issue: PR })) {
          // never answered
        }
      })();
      while (api.open() === 0) await sleep(10);
      abort.abort();
      await expect(reading).rejects.toThrow(/abort/i);
      while (api.open() > 0) await sleep(10);
      // A later request is not sent at all.
      await expect(client.create({ owner: "octo", repo: "repo", issue: PR }, "x")).rejects.toThrow(/abort/i);
      expect(api.requests).toEqual([`GET /repos/octo/repo/issues/${PR}/comments?per_page=100 HTTP/1.1`]);
    }));

  it("gives each request its deadline, not retried, its connection closed", () =>
    withSilentApi(async (api) => {
      // Room to send the request first: the deadline covers the whole attempt, and a busy machine may
      // take a while to make its first connection (it ran alongside the rest; 0.2 s was too tight).
      const client = createGitHubClient(TOKEN, api.url, { requestMs: 2_000 });
      await expect(client.pullBase("octo", "repo", PR)).rejects.toThrow(
        "no answer to GET /repos/{owner}/{repo}/pulls/{pull_number} within 2 s",
      );
      while (api.open() > 0) await sleep(10);
      expect(api.requests).toHaveLength(1);
    }));
});

describe("the client's retries against its caller's deadline", () => {
  it("begins no retry whose wait would end after the deadline", async () => {
    const api = await startGitHubApi({
      token: TOKEN,
      pullRequests: [PR],
      failNext: [{ status: 502, match: /^GET \/repos\/octo\/repo\/pulls\//, times: 3 }],
    });
    const statuses = () => api.requests.map((q) => q.status);
    try {
      // The retry plugin waits 1 s, then 4 s, then 9 s. None fits in 0.5 s: the 502 fails at once.
      const hurried = createGitHubClient(TOKEN, api.url, { until: Date.now() + 500 });
      await expect(hurried.pullBase("octo", "repo", PR)).rejects.toMatchObject({ status: 502 });
      expect(statuses()).toEqual([502]);
      // In 3 s the first wait fits, the second does not: one retry, then the 502 is the answer.
      const roomier = createGitHubClient(TOKEN, api.url, { until: Date.now() + 3_000 });
      await expect(roomier.pullBase("octo", "repo", PR)).rejects.toMatchObject({ status: 502 });
      expect(statuses()).toEqual([502, 502, 502]);
    } finally {
      await api.close();
    }
  });
});

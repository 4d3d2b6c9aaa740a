/**
 * The diff summary where it goes: the sticky PR comment (against the GitHub stand-in over real HTTP),
 * the job summary and the outputs, run through the bundle built from src/ for this test run.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedComments, startGitHubApi } from "../harness/github-api.js";
import { cleanupActionRuns, fixture, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";
const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const CURSED = fixture("cursed-mac-read-edit-usage.ndjson");
const PR = 7;

/** A run on the PR; the progress comment off (its own tests are in progress.test.ts) unless asked for. */
async function prRun(api: { url: string }, extra: Parameters<typeof runAction>[0] = {}) {
  return runAction({
    inputs: { prompt: "go", progress: "false", ...extra.inputs },
    env: { CURSOR_API_KEY: KEY, ...extra.env },
    scenario: { transcript: CURSED, ...extra.scenario },
    pullRequest: { number: PR },
    apiUrl: api.url,
    githubToken: TOKEN,
    ...(extra.workspace ? { workspace: extra.workspace } : {}),
  });
}

const ours = (body: string) => body.startsWith("<!-- cursor-agent-action comment-key=");

describe.concurrent("the sticky PR comment", () => {
  it("finds ours on the second page of 150 and updates it, not a duplicate", async () => {
    const api = await startGitHubApi({
      token: TOKEN,
      pullRequests: [PR],
      comments: [
        ...seedComments(120, { issue: PR }),
        // Someone pasted our marker: not ours, because the author differs.
        {
          issue: PR,
          body: '<!-- cursor-agent-action comment-key="cursor-agent" -->\nfake',
          login: "mallory",
        },
        { issue: PR, body: '<!-- cursor-agent-action comment-key="ci/agent" -->\nold report' },
        ...seedComments(28, { issue: PR }),
      ],
    });
    try {
      const r = await prRun(api, { env: { GITHUB_WORKFLOW: "ci", GITHUB_JOB: "agent" } });
      expect(r.code).toBe(0);
      const comments = api.commentsOn(PR);
      expect(comments.length).toBe(150);
      const mine = comments.filter((c) =>
        c.body.startsWith('<!-- cursor-agent-action comment-key="ci/agent" -->'),
      );
      expect(mine.length).toBe(1);
      expect(mine[0]!.body).toContain("Cursor agent succeeded");
      expect(
        api.requests.filter((q) => q.method === "GET" && q.path.endsWith(`/issues/${PR}/comments`)).length,
      ).toBe(2);
      expect(api.requests.filter((q) => q.method === "POST").length).toBe(0);
      expect(r.outputs["comment-url"]).toMatch(new RegExp(`/pull/${PR}#issuecomment-${mine[0]!.id}$`));
    } finally {
      await api.close();
    }
  });

  it("two runs leave one comment, and matrix keys keep theirs apart", async () => {
    const api = await startGitHubApi({ token: TOKEN, pullRequests: [PR] });
    try {
      await prRun(api);
      await prRun(api);
      expect(api.commentsOn(PR).filter((c) => ours(c.body)).length).toBe(1);
      await prRun(api, { inputs: { "comment-key": "matrix-b" } });
      expect(api.commentsOn(PR).filter((c) => ours(c.body)).length).toBe(2);
    } finally {
      await api.close();
    }
  });

  it("one sticky comment for every kind of token, and never a person's comment edited", async () => {
    const tokens = [
      { login: "github-actions[bot]", userType: "Bot" as const }, // GITHUB_TOKEN: GET /user is 403
      { login: "my-app[bot]", userType: "Bot" as const }, // a GitHub App installation token: 403 too
      { login: "octo-dev", userType: "User" as const }, // a personal token: GET /user says who
    ];
    for (const who of tokens) {
      const api = await startGitHubApi({
        token: TOKEN,
        pullRequests: [PR],
        ...who,
        // Someone pasted our marker into a comment of their own: it is not ours to edit.
        comments: [
          {
            issue: PR,
            body: `<!-- cursor-agent-action comment-key="Agent/agent" -->\nnot yours`,
            login: "mallory",
            type: "User",
          },
        ],
      });
      try {
        await prRun(api);
        await prRun(api);
        const mine = api.commentsOn(PR).filter((c) => c.login === who.login);
        expect(mine.length, who.login).toBe(1);
        expect(mine[0]!.body).toContain("Cursor agent succeeded");
        expect(api.commentsOn(PR).find((c) => c.login === "mallory")?.body).toContain("not yours");
        // Who the token is, asked once a run: a personal token's login, an installation token's 403.
        const lookups = api.requests.filter((q) => q.method === "GET" && q.path === "/user");
        const status = who.userType === "User" ? 200 : 403;
        expect(lookups.map((q) => q.status)).toEqual([status, status]);
      } finally {
        await api.close();
      }
    }
  });

  it("403 from a read-only token: a warning with the fix, a green step, the summary still written", async () => {
    const api = await startGitHubApi({
      token: TOKEN,
      pullRequests: [PR],
      failNext: [
        { status: 403, match: /^POST /, times: 10, message: "Resource not accessible by integration" },
      ],
    });
    try {
      const r = await prRun(api);
      expect(r.code).toBe(0);
      const warnings = r.log.commands.filter((c) => c.name === "warning").map((c) => c.data);
      expect(warnings).toEqual([
        "Could not write the PR comment (HTTP 403: Resource not accessible by integration - https://docs.github.com/rest). Give the job `permissions: pull-requests: write`; a pull request from a fork gets a read-only token (set `comment: false` there). The job summary has the report.",
      ]);
      expect(r.summary).toContain("Cursor agent succeeded");
      expect(r.outputs["comment-url"]).toBeUndefined();
    } finally {
      await api.close();
    }
  });

  it("a 5xx is retried", async () => {
    const api = await startGitHubApi({
      token: TOKEN,
      pullRequests: [PR],
      failNext: [{ status: 502, match: /^POST /, times: 1 }],
    });
    try {
      const r = await prRun(api);
      expect(r.code).toBe(0);
      expect(api.requests.filter((q) => q.method === "POST").map((q) => q.status)).toEqual([502, 201]);
      expect(api.commentsOn(PR).filter((c) => ours(c.body)).length).toBe(1);
    } finally {
      await api.close();
    }
  });

  it("a secondary rate limit waits as long as retry-after says; 410 and 451 are never retried", async () => {
    const limited = await startGitHubApi({
      token: TOKEN,
      pullRequests: [PR],
      failNext: [
        {
          status: 403,
          match: /^POST /,
          message:
            "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
          headers: { "retry-after": "2" },
        },
      ],
    });
    try {
      const r = await prRun(limited);
      const posts = limited.requests.filter((q) => q.method === "POST");
      expect(posts.map((q) => q.status)).toEqual([403, 201]);
      expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(1900);
      // The comment the retry wrote, by the URL GitHub gave it.
      const written = limited.commentsOn(PR).filter((c) => ours(c.body));
      expect(written).toHaveLength(1);
      expect(r.outputs["comment-url"]).toMatch(new RegExp(`/pull/${PR}#issuecomment-${written[0]!.id}$`));
    } finally {
      await limited.close();
    }
    for (const status of [410, 451]) {
      const gone = await startGitHubApi({
        token: TOKEN,
        pullRequests: [PR],
        failNext: [{ status, match: /^POST /, times: 5 }],
      });
      try {
        const r = await prRun(gone);
        expect(gone.requests.filter((q) => q.method === "POST").map((q) => q.status)).toEqual([status]);
        expect(r.code).toBe(0);
      } finally {
        await gone.close();
      }
    }
  });

  it("no comment off pull requests, or with comment: false", async () => {
    const api = await startGitHubApi({ token: TOKEN, pullRequests: [PR] });
    try {
      await runAction({
        inputs: { prompt: "go" },
        env: { CURSOR_API_KEY: KEY },
        scenario: { transcript: CURSED },
        apiUrl: api.url,
      });
      await prRun(api, { inputs: { comment: false } });
      expect(api.requests).toEqual([]);
    } finally {
      await api.close();
    }
  });
});

describe.concurrent("large change sets and secrets", () => {
  it("300 files × 400 lines: under both limits, every file accounted for", async () => {
    const ws = mkdtempSync(path.join(tmpdir(), "big-"));
    const git = (...a: string[]) => execFileSync("git", a, { cwd: ws, stdio: "ignore" });
    git("init", "-q");
    git("config", "user.email", "t@t.invalid");
    git("config", "user.name", "t");
    writeFileSync(path.join(ws, "README.md"), "# big\n");
    git("add", ".");
    git("commit", "-qm", "init");
    const lines: string[] = [
      JSON.stringify({ type: "system", subtype: "init", cwd: ws, session_id: "s", model: "m" }),
    ];
    mkdirSync(path.join(ws, "gen"));
    for (let i = 0; i < 300; i++) {
      const rel = `gen/file-${String(i).padStart(3, "0")}.ts`;
      const text = Array.from(
        { length: 400 },
        (_, j) => `export const v${j} = "${i}-${j}-${"x".repeat(20)}";`,
      ).join("\n");
      writeFileSync(path.join(ws, rel), `${text}\n`);
      lines.push(
        JSON.stringify({
          type: "tool_call",
          subtype: "completed",
          call_id: `w${i}`,
          tool_call: {
            writeToolCall: {
              args: { path: path.join(ws, rel), fileText: `${text}\n` },
              result: { success: { path: path.join(ws, rel), linesCreated: 400 } },
            },
          },
        }),
      );
    }
    lines.push(
      JSON.stringify({
        type: "result",
        subtype: "success",
        is_error: false,
        result: "wrote 300 files",
        session_id: "s",
      }),
    );
    const transcript = path.join(ws, "..", `big-${path.basename(ws)}.ndjson`);
    writeFileSync(transcript, `${lines.join("\n")}\n`);
    const api = await startGitHubApi({ token: TOKEN, pullRequests: [PR] });
    try {
      const r = await prRun(api, { workspace: ws, scenario: { transcript } });
      expect(r.code).toBe(0);
      expect(JSON.parse(r.outputs["files-changed"]!).length).toBe(300);
      expect(r.outputs["lines-added"]).toBe("120000");
      expect(r.summaryBytes).toBeLessThanOrEqual(1024 * 1024);
      const body = api.commentsOn(PR).find((c) => ours(c.body))!.body;
      expect(body.length).toBeLessThanOrEqual(65_536);
      expect(body).toContain("**300 files changed** (+120000 −0)");
      expect(body).toMatch(/diffs are left out to fit|changed files are listed to fit/);
      expect(r.summary).toContain("diffs are left out to fit");
    } finally {
      await api.close();
    }
  }, 120_000);

  it("secrets in tool output and file contents never reach a request body or the summary", async () => {
    const pat = `ghp_${"A1b2C3d4E5".repeat(4)}`;
    const events = [
      { type: "system", subtype: "init", cwd: "/w", session_id: "s", model: "m" },
      {
        type: "tool_call",
        subtype: "completed",
        call_id: "c1",
        tool_call: {
          shellToolCall: {
            args: { command: `echo ${KEY}` },
            result: { success: { exitCode: 1, stdout: `${KEY}\n${TOKEN}` } },
          },
        },
      },
      {
        type: "tool_call",
        subtype: "completed",
        call_id: "c2",
        tool_call: {
          writeToolCall: {
            args: { path: "/w/.env", fileText: `KEY=${KEY}\nPAT=${pat}\nGH=${TOKEN}\n` },
            result: { success: { linesCreated: 3 } },
          },
        },
      },
      {
        type: "result",
        subtype: "success",
        is_error: false,
        result: `Stored ${KEY} and ${pat}`,
        session_id: "s",
      },
    ];
    const file = path.join(mkdtempSync(path.join(tmpdir(), "secret-")), "t.ndjson");
    writeFileSync(file, `${events.map((e) => JSON.stringify(e)).join("\n")}\n`);
    const api = await startGitHubApi({ token: TOKEN, pullRequests: [PR] });
    try {
      const r = await prRun(api, { scenario: { transcript: file } });
      expect(r.code).toBe(0);
      const bodies = JSON.stringify(api.requests.map((q) => q.body));
      for (const secret of [KEY, TOKEN, pat]) {
        expect(bodies).not.toContain(secret);
        expect(r.summary).not.toContain(secret);
        expect(r.outputs["diff-summary"]).not.toContain(secret);
      }
      expect(r.summary).toContain("+KEY=***");
    } finally {
      await api.close();
    }
  });
});

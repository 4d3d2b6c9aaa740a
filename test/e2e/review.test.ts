/**
 * Review mode on a pull request, through the bundle, against the GitHub stand-in over real HTTP: one review
 * (`COMMENT`) per run, an inline comment per finding inside the PR's diff (a one-click suggestion when it
 * has one), the rest in the review's body, the agent's own edits as suggestions, no repeats on a second run
 * (only the action's own markers count, not a person's paste), invalid findings reported and failing the
 * run, the severity gate after the review is posted, bodies at the caps, a PR of more than one page of
 * files; in every test, every exchange checked against GitHub's API description.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type GitHubApi, type GitHubApiOptions, startGitHubApi } from "../harness/github-api.js";
import type { SeedPullFile } from "../harness/github-pulls.js";
import { checkExchange } from "../harness/openapi.js";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";
const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const PR = 12;

const CALC = Array.from({ length: 20 }, (_, i) => `export const l${i + 1} = ${i + 1};`);
const UTIL = ["export function id<T>(x: T): T {", "  return x;", "}"];

/** The PR's diff as GitHub lists it: calc.ts's new lines 1–8, util.ts's 1–3, a binary file (no patch). */
const PULL_FILES: SeedPullFile[] = [
  {
    filename: "src/calc.ts",
    patch: [
      "@@ -1,6 +1,8 @@",
      ...CALC.slice(0, 8).map((l, i) => (i === 2 || i === 3 ? `+${l}` : ` ${l}`)),
    ].join("\n"),
  },
  {
    filename: "src/util.ts",
    status: "added",
    patch: ["@@ -0,0 +1,3 @@", ...UTIL.map((l) => `+${l}`)].join("\n"),
  },
  { filename: "assets/logo.png", status: "added" },
];

/** The PR's head checked out; the agent's edits of calc.ts (line 5 inside the diff, 18 outside) on disk. */
function workspace(): { ws: string; edited: string } {
  const ws = mkdtempSync(path.join(tmpdir(), "review-"));
  const git = (...a: string[]) => execFileSync("git", a, { cwd: ws, stdio: "ignore" });
  git("init", "-q");
  git("config", "user.email", "t@t.invalid");
  git("config", "user.name", "t");
  mkdirSync(path.join(ws, "src"));
  mkdirSync(path.join(ws, "assets"));
  writeFileSync(path.join(ws, "src/calc.ts"), `${CALC.join("\n")}\n`);
  writeFileSync(path.join(ws, "src/util.ts"), `${UTIL.join("\n")}\n`);
  writeFileSync(path.join(ws, "assets/logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]));
  git("add", ".");
  git("commit", "-qm", "head");
  const edited = CALC.map((l, i) =>
    i === 4 ? "export const l5 = 5 as const;" : i === 17 ? "export const l18 = 18n;" : l,
  );
  writeFileSync(path.join(ws, "src/calc.ts"), `${edited.join("\n")}\n`);
  return { ws, edited: `${edited.join("\n")}\n` };
}

function transcript(ws: string, final: string, edited?: string): string {
  const ev = (e: object) => JSON.stringify(e);
  const lines = [ev({ type: "system", subtype: "init", cwd: ws, session_id: "s", model: "m" })];
  if (edited) {
    lines.push(
      ev({
        type: "tool_call",
        subtype: "completed",
        call_id: "w1",
        tool_call: {
          writeToolCall: {
            args: { path: path.join(ws, "src/calc.ts"), fileText: edited },
            result: { success: { path: path.join(ws, "src/calc.ts"), linesCreated: 20 } },
          },
        },
      }),
    );
  }
  lines.push(
    ev({ type: "assistant", message: { content: [{ type: "text", text: final }] } }),
    ev({ type: "result", subtype: "success", is_error: false, result: final, session_id: "s" }),
  );
  const file = path.join(mkdtempSync(path.join(tmpdir(), "review-t-")), "t.ndjson");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

/**
 * A test on the pull request: its head checked out (with the agent's edits on disk), the stand-in with its
 * files (and `options`); at the end, every request and response of the test checked against GitHub's own
 * description of its API.
 */
async function onPullRequest(
  options: GitHubApiOptions,
  test: (t: { api: GitHubApi; ws: string; edited: string }) => Promise<void>,
): Promise<void> {
  const { ws, edited } = workspace();
  const api = await startGitHubApi({
    token: TOKEN,
    pullRequests: [PR],
    pullFiles: { [PR]: PULL_FILES },
    ...options,
  });
  try {
    await test({ api, ws, edited });
    expect(api.requests.flatMap((q) => checkExchange(q, { responses: true }))).toEqual([]);
  } finally {
    await api.close();
  }
}

/**
 * `GET /user` (who the token is: whose reviews and comments are ours): at most once per run, though the
 * review, the progress comment and the report each ask (src/github/identity.ts).
 */
const identityLookups = (api: GitHubApi) =>
  api.requests.filter((q) => q.method === "GET" && q.path === "/user").map((q) => q.status);

/** The sticky report's text. */
const reportOf = (api: { commentsOn: (n: number) => { body: string }[] }) =>
  api.commentsOn(PR).find((c) => c.body.startsWith("<!-- cursor-agent-action"))!.body;

const block = (v: unknown) => `Reviewed.\n\n\`\`\`json\n${JSON.stringify(v)}\n\`\`\``;

async function reviewRun(api: { url: string }, ws: string, final: string, edited?: string, inputs = {}) {
  return runAction({
    inputs: { prompt: "review this PR", review: true, progress: "false", ...inputs },
    env: { CURSOR_API_KEY: KEY },
    scenario: { transcript: transcript(ws, final, edited) },
    pullRequest: { number: PR },
    apiUrl: api.url,
    githubToken: TOKEN,
    workspace: ws,
  });
}

const FINDINGS = [
  {
    path: "src/calc.ts",
    start_line: 3,
    line: 4,
    severity: "high",
    title: "Two constants that should be one",
    body: "Merge them.",
    // Tries to close the suggestion's fence and start markdown of its own.
    suggestion: "export const l34 = 7;\n```\n@octocat ````\n",
  },
  { path: "src/calc.ts", line: 15, severity: "low", title: "Untouched line", body: "Outside the diff." },
  {
    path: "src/util.ts",
    line: 2,
    severity: "info",
    title: "@octocat <img src=x onerror=alert(1)> [click](https://evil.example)",
    body: "<details open>hi</details> cc @admins see #1 and https://evil.example",
  },
  { path: "assets/logo.png", line: 1, severity: "medium", title: "Binary", body: "A file without a patch." },
];

describe.concurrent("review mode on a pull request", () => {
  it("one COMMENT review: anchored findings inline, the rest in its body, edits as suggestions; no repeats", async () => {
    await onPullRequest({}, async ({ api, ws, edited }) => {
      const final = block({ summary: "**Two** issues; see @octocat.", findings: FINDINGS });
      const r = await reviewRun(api, ws, final, edited);
      expect(r.outputs.error).toBe("");
      expect(r.outputs.conclusion).toBe("success");
      // The review and the report each need to know whose items are ours: one GET /user (an
      // installation token's, answered 403) serves both.
      expect(identityLookups(api)).toEqual([403]);
      expect(api.pulls.reviews).toHaveLength(1);
      const review = api.pulls.reviews[0]!;
      expect(review.event).toBe("COMMENT");
      expect(r.outputs["review-url"]).toBe(
        `https://github.com/octo/repo/pull/${PR}#pullrequestreview-${review.id}`,
      );

      // Inline: the multi-line finding with its suggestion, the hostile one, the edit at line 5; not line 18.
      const where = review.comments.map((c) => [c.path, c.startLine ?? null, c.line, c.side]);
      expect(where).toEqual([
        ["src/calc.ts", 3, 4, "RIGHT"],
        ["src/util.ts", null, 2, "RIGHT"],
        ["src/calc.ts", null, 5, "RIGHT"],
      ]);
      const [first, hostile, edit] = review.comments;
      expect(first!.body).toContain("**🟠 high** · Two constants that should be one");
      // The fence is longer than any backtick run inside: the suggestion cannot end early.
      expect(first!.body).toContain("`````suggestion\nexport const l34 = 7;\n```\n@octocat ````\n`````");
      expect(hostile!.body).not.toMatch(/<img|<details|(?<!\\)\]\(https|@octocat\b(?!\u2060)/);
      expect(hostile!.body).toContain("@\u2060octocat");
      expect(edit!.body).toContain("```suggestion\nexport const l5 = 5 as const;\n```");
      expect(
        review.comments.every((c) => /^<!-- cursor-agent-action finding=[0-9a-f]{24} -->\n/.test(c.body)),
      ).toBe(true);

      // The body: the summary, and the two findings that cannot be anchored.
      expect(review.body).toContain("### Cursor agent review");
      expect(review.body).toContain("@\u2060octocat");
      expect(review.body).toMatch(/🔵 low `src\/calc.ts:15` — Untouched line/);
      expect(review.body).toMatch(/🟡 medium `assets\/logo.png:1` — Binary/);

      // The sticky report: the table by severity, the link, the counts.
      const report = api.commentsOn(PR).find((c) => c.body.startsWith("<!-- cursor-agent-action"))!.body;
      expect(report).toContain("**Review**: 4 findings (1 high, 1 medium, 1 low, 1 info)");
      expect(report).toContain(`[the review on the pull request](${r.outputs["review-url"]})`);
      expect(report).toContain(
        "4 new findings, 0 already reported · 2 outside the diff · 1 of the agent's edits as suggestions",
      );
      const rows = report.split("\n").filter((l) => /^\| (🔴|🟠|🟡|🔵|⚪)/.test(l));
      expect(rows.map((l) => l.split(" | ")[0])).toEqual([
        "| 🟠 high",
        "| 🟡 medium",
        "| 🔵 low",
        "| ⚪ info",
      ]);
      expect(r.summary).toContain("**Review**: 4 findings");
      // The final message is shown without its JSON block: the review and the outputs hold that.
      expect(report).toContain("Reviewed.");
      expect(report).not.toContain('"findings"');

      // A second run on the same PR: nothing new, still one review (its summary, and that nothing is new).
      // Already reported counts findings (4), the edit suggested before is counted on its own.
      const again = await reviewRun(api, ws, final, edited);
      expect(again.outputs.conclusion).toBe("success");
      expect(api.pulls.reviews).toHaveLength(2);
      const quiet = api.pulls.reviews[1]!;
      expect(quiet.comments).toEqual([]);
      expect(quiet.body).toContain("**Two** issues");
      expect(quiet.body).toContain("_No new findings; 4 already reported._");
      expect(again.outputs["review-url"]).toBe(
        `https://github.com/octo/repo/pull/${PR}#pullrequestreview-${quiet.id}`,
      );
      const second = reportOf(api);
      expect(second).toContain(
        "0 new findings, 4 already reported · 1 of the agent's edits suggested by an earlier run",
      );

      // One new finding among them: a review with just that one.
      const more = [
        ...FINDINGS,
        { path: "src/calc.ts", line: 7, severity: "critical", title: "New", body: "x" },
      ];
      const third = await reviewRun(api, ws, block({ summary: "One more.", findings: more }), edited);
      expect(api.pulls.reviews).toHaveLength(3);
      expect(api.pulls.reviews[2]!.comments.map((c) => c.line)).toEqual([7]);
      expect(api.pulls.reviews[2]!.body).toContain(
        "_1 new finding; 4 already reported (not repeated here)._",
      );
      expect(third.outputs["review-url"]).toContain(`#pullrequestreview-${api.pulls.reviews[2]!.id}`);
      expect(reportOf(api)).toContain("1 new finding, 4 already reported");
      expect(identityLookups(api)).toEqual([403, 403, 403]);
    });
  }, 90_000);

  it("a marker pasted by a person does not suppress a finding: only the action's own reviews count", async () => {
    await onPullRequest({}, async ({ api, ws }) => {
      const final = block({ summary: "s", findings: FINDINGS });
      await reviewRun(api, ws, final);
      const [posted] = api.pulls.reviews.splice(0);
      api.pulls.reviewComments.splice(0);
      // The PR's author copies the action's review, hidden markers and all, as their own.
      api.pulls.addReview({
        pull: PR,
        author: { login: "pr-author", type: "User" },
        body: posted!.body,
        comments: posted!.comments.map((c) => ({ path: c.path, line: c.line, body: c.body })),
      });
      const r = await reviewRun(api, ws, final);
      expect(r.outputs.conclusion).toBe("success");
      expect(api.pulls.reviews).toHaveLength(2);
      expect(api.pulls.reviews[1]!.comments).toHaveLength(2);
      expect(api.pulls.reviews[1]!.body).toMatch(/🔵 low `src\/calc.ts:15` — Untouched line/);
      expect(reportOf(api)).toContain("4 new findings, 0 already reported");
    });
  }, 60_000);

  it("no findings: still one review, with the summary and that there are none; review-url set", async () => {
    // A personal token, and the progress comment on: three clients (the progress updates', the review's,
    // the report's) and one GET /user.
    await onPullRequest({ login: "octo-dev", userType: "User" }, async ({ api, ws }) => {
      const r = await reviewRun(api, ws, block({ summary: "All good.", findings: [] }), undefined, {
        progress: "true",
      });
      expect(r.outputs.conclusion).toBe("success");
      expect(api.pulls.reviews).toHaveLength(1);
      expect(api.pulls.reviews[0]!.body).toBe("### Cursor agent review\n\nAll good.\n\n_No findings._");
      expect(r.outputs["review-url"]).toContain(`#pullrequestreview-${api.pulls.reviews[0]!.id}`);
      expect(api.commentsOn(PR).filter((c) => c.login === "octo-dev")).toHaveLength(1);
      expect(identityLookups(api)).toEqual([200]);
    });
  }, 60_000);

  it("fail-on-severity with a review: the review is posted, then the step fails; error lists the findings", async () => {
    await onPullRequest({}, async ({ api, ws }) => {
      // A critical finding in no file of the repository: invalid, so not one the gate counts.
      const findings = [
        ...FINDINGS,
        { path: "src/nope.ts", line: 1, severity: "critical", title: "Nowhere", body: "." },
      ];
      const r = await reviewRun(api, ws, block({ summary: "s", findings }), undefined, {
        "fail-on-severity": "medium",
      });
      expect(api.pulls.reviews).toHaveLength(1);
      expect(api.pulls.reviews[0]!.comments).toHaveLength(2);
      expect(r.outputs["review-url"]).toContain(`#pullrequestreview-${api.pulls.reviews[0]!.id}`);
      expect(r.outputs.conclusion).toBe("failure");
      expect(r.code).not.toBe(0);
      expect(r.outputs.error).toBe(
        "The review reported 2 findings at or above medium: high src/calc.ts:4 Two constants that should be one; medium assets/logo.png:1 Binary. The review has 1 invalid finding, not posted: src/nope.ts:1 (no such file in the repository).",
      );
      expect(r.stdout).toContain("::error::The review reported 2 findings at or above medium");
      expect(reportOf(api)).toContain(`[the review on the pull request](${r.outputs["review-url"]})`);
    });
  }, 60_000);

  it("bodies at the caps, full of characters that escape: every body is cut to fit and GitHub takes the review", async () => {
    await onPullRequest({}, async ({ api, ws }) => {
      // 20,000 characters that the sanitiser makes 90,000 (`&amp;`, `&lt;`); titles at 200. The findings
      // outside the diff show only their titles (and the block must stay under 1 MiB).
      const text = "&<".repeat(10_000);
      const title = (i: number) => `${String(i).padStart(3, "0")} ${"&<".repeat(98)}`;
      const findings = [
        {
          path: "src/calc.ts",
          line: 4,
          severity: "high",
          title: title(0),
          body: text,
          suggestion: "x".repeat(20_000),
        },
        { path: "src/util.ts", line: 2, severity: "low", title: title(1), body: text },
        ...Array.from({ length: 150 }, (_, i) => ({
          path: "src/calc.ts",
          line: 9 + (i % 12),
          severity: "info",
          title: title(i + 2),
          body: ".",
        })),
      ];
      const r = await reviewRun(api, ws, block({ summary: text, findings }));
      expect(r.outputs.error).toBe("");
      expect(api.pulls.reviews).toHaveLength(1);
      const review = api.pulls.reviews[0]!;
      expect(review.comments).toHaveLength(2);
      const bodies = [review.body, ...review.comments.map((c) => c.body)];
      for (const body of bodies) {
        expect([...body].length).toBeLessThanOrEqual(65_536);
        expect([...body].length).toBeGreaterThan(60_000);
        // Cut between two escapes, with the note in a paragraph of its own.
        expect(body).toMatch(/&(?:amp|lt);\n\n_… cut to fit GitHub's limit/);
      }
      // The suggestion is whole: a cut one would apply half a change.
      expect(review.comments[0]!.body).toContain(`\`\`\`suggestion\n${"x".repeat(20_000)}\n\`\`\``);
      expect(review.body).toMatch(/\n- … \d+ more: the job summary and the `findings` output have them all$/);
    });
  }, 60_000);

  it("a pull request of 150 files: every page of its files is read (100 a page, by the Link header)", async () => {
    const many: SeedPullFile[] = Array.from({ length: 150 }, (_, i) => ({
      filename: `gen/f${i}.ts`,
      status: "added",
      patch: `@@ -0,0 +1 @@\n+export const f = ${i};`,
    }));
    await onPullRequest({ pullFiles: { [PR]: many } }, async ({ api, ws }) => {
      const git = (...a: string[]) => execFileSync("git", a, { cwd: ws, stdio: "ignore" });
      mkdirSync(path.join(ws, "gen"));
      writeFileSync(path.join(ws, "gen/f140.ts"), "export const f = 140;\n");
      git("add", "gen");
      git("commit", "-qm", "gen");
      const findings = [{ path: "gen/f140.ts", line: 1, severity: "low", title: "On page 2", body: "." }];
      const r = await reviewRun(api, ws, block({ summary: "s", findings }));
      expect(r.outputs.conclusion).toBe("success");
      const pages = api.requests.filter((q) => q.method === "GET" && q.path.endsWith(`/pulls/${PR}/files`));
      expect(pages.map((q) => [q.query.per_page, q.query.page ?? "1"])).toEqual([
        ["100", "1"],
        ["100", "2"],
      ]);
      expect(api.pulls.reviews[0]!.comments.map((c) => [c.path, c.line])).toEqual([["gen/f140.ts", 1]]);
    });
  }, 60_000);

  it("invalid findings: named in error, listed in the report, never posted; the valid ones are", async () => {
    await onPullRequest({}, async ({ api, ws }) => {
      const findings = [
        { path: "src/calc.ts", line: 99, severity: "high", title: "Past the end", body: "." },
        { path: "src/nope.ts", line: 1, severity: "low", title: "No such file", body: "." },
        { path: "src/calc.ts", start_line: 6, line: 2, severity: "low", title: "Backwards", body: "." },
        { path: "src/calc.ts", line: 2, severity: "info", title: "Fine", body: "." },
      ];
      const r = await reviewRun(api, ws, block({ summary: "s", findings }));
      expect(r.outputs.conclusion).toBe("failure");
      expect(r.outputs.error).toBe(
        "The review has 3 invalid findings, not posted: src/calc.ts:99 (line 99 is past the end of the file (20 lines)); src/nope.ts:1 (no such file in the repository); src/calc.ts:2 (start_line 6 is after line 2).",
      );
      expect(api.pulls.reviews).toHaveLength(1);
      expect(api.pulls.reviews[0]!.comments.map((c) => c.line)).toEqual([2]);
      const report = api.commentsOn(PR).find((c) => c.body.startsWith("<!-- cursor-agent-action"))!.body;
      expect(report).toContain("**Invalid findings** (3, not posted):");
      expect(report).toContain("- `src/nope.ts:1` — No such file: _no such file in the repository_");
    });
  }, 60_000);

  it("GitHub refuses a line (422): the same review again, every finding in its body", async () => {
    await onPullRequest(
      {
        failNext: [{ status: 422, match: /^POST .*\/reviews$/ }],
      },
      async ({ api, ws }) => {
        const r = await reviewRun(api, ws, block({ summary: "s", findings: FINDINGS.slice(0, 2) }));
        expect(r.outputs.conclusion).toBe("success");
        expect(api.pulls.reviews).toHaveLength(1);
        expect(api.pulls.reviews[0]!.comments).toEqual([]);
        expect(api.pulls.reviews[0]!.body).toContain("`src/calc.ts:3-4` — Two constants that should be one");
        expect(r.outputs["review-url"]).toContain("#pullrequestreview-");
      },
    );
  }, 60_000);

  it("without pull-requests permission: a warning with the fix, the findings still in the summary", async () => {
    await onPullRequest(
      {
        failNext: [{ status: 403, match: /^POST .*\/reviews$/, times: 5 }],
      },
      async ({ api, ws }) => {
        const r = await reviewRun(api, ws, block({ summary: "s", findings: FINDINGS.slice(1, 2) }));
        expect(r.outputs.conclusion).toBe("success");
        expect(r.outputs["review-url"]).toBe("");
        expect(r.stdout).toMatch(/::warning::Could not post the review \(HTTP 403: .*pull-requests: write/);
        expect(r.summary).toContain("**Review**: 1 finding (1 low)");
        expect(r.summary).toContain("the review could not be posted (see the warning)");
      },
    );
  }, 60_000);

  it("hostile blocks: 10,000 findings or a path out of the repository post nothing; secrets never leave", async () => {
    await onPullRequest({}, async ({ api, ws }) => {
      const flood = Array.from({ length: 10_000 }, (_, i) => ({
        path: "src/calc.ts",
        line: 1 + (i % 8),
        severity: "critical",
        title: `f${i}`,
        body: "x",
      }));
      const many = await reviewRun(api, ws, block({ summary: "s", findings: flood }));
      expect(many.outputs.conclusion).toBe("failure");
      expect(many.outputs.error).toContain("/findings must NOT have more than 200 items");
      const outside = [{ path: "../../etc/passwd", line: 1, severity: "low", title: "t", body: "b" }];
      const out = await reviewRun(api, ws, block({ summary: "s", findings: outside }));
      expect(out.outputs.error).toContain("/findings/0/path must match pattern");
      expect(api.pulls.reviews).toHaveLength(0);

      // A valid block that carries the API key in every text: posted, redacted everywhere.
      const leaky = [
        {
          path: "src/calc.ts",
          line: 4,
          severity: "low",
          title: `key ${KEY}`,
          body: `the key is ${KEY}`,
          suggestion: `export const KEY = "${KEY}";\n`,
        },
        { path: "src/calc.ts", line: 15, severity: "low", title: `again ${KEY}`, body: "b" },
      ];
      const r = await reviewRun(api, ws, block({ summary: `summary ${KEY}`, findings: leaky }));
      expect(r.outputs.conclusion).toBe("success");
      expect(api.pulls.reviews).toHaveLength(1);
      const sent = JSON.stringify(api.requests.map((q) => q.body));
      expect(sent).not.toContain(KEY);
      expect(api.pulls.reviews[0]!.comments[0]!.body).toContain('export const KEY = "***";');
      expect(r.outputs.findings).not.toContain(KEY);
      expect(r.summary).not.toContain(KEY);
    });
  }, 90_000);
});

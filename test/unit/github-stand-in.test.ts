/**
 * The GitHub stand-in, held to GitHub's own API description: the action's real client (src/github/client.ts)
 * makes every call the action makes, for each kind of token, against the stand-in; every exchange is
 * checked against @octokit/openapi: the operation exists, the action's request body fits its schema, the
 * status is one GitHub declares for it, and the stand-in's response fits the response's schema.
 */
import { describe, expect, it } from "vitest";
import { createGitHubClient } from "../../src/github/client.js";
import { upsertComment } from "../../src/github/comment.js";
import { type GitHubApi, seedComments, startGitHubApi } from "../harness/github-api.js";
import { checkExchange } from "../harness/openapi.js";

const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const lookups = (api: GitHubApi) =>
  api.requests.filter((q) => q.method === "GET" && q.path === "/user").map((q) => q.status);

describe("the stand-in and the action's requests, against GitHub's API description", () => {
  for (const who of [
    { login: "github-actions[bot]", userType: "Bot" as const },
    { login: "octo-dev", userType: "User" as const },
  ]) {
    it(`every exchange of a run's calls, with ${who.userType === "Bot" ? "an installation token" : "a personal token"}`, async () => {
      const api = await startGitHubApi({
        token: TOKEN,
        pullRequests: [7],
        ...who,
        permissions: { writer: "write" },
        pullBases: { 7: "b".repeat(40) },
        comments: seedComments(120, { issue: 7 }),
      });
      try {
        const client = createGitHubClient(TOKEN, api.url);
        expect(await client.permission("octo", "repo", "writer")).toMatchObject({ permission: "write" });
        expect(await client.permission("octo", "repo", "nobody")).toBeUndefined();
        expect(await client.pullBase("octo", "repo", 7)).toBe("b".repeat(40));
        const target = { owner: "octo", repo: "repo", issue: 7 };
        const first = await upsertComment(client, target, "ci/agent", "### report one");
        const second = await upsertComment(client, target, "ci/agent", "### report two");
        expect([first.action, second.action]).toEqual(["created", "updated"]);
        // Who the token is: asked once, however often the comment is written.
        expect(lookups(api)).toEqual([who.userType === "User" ? 200 : 403]);
        expect(api.requests.length).toBeGreaterThan(6);
        const problems = api.requests.flatMap((r) => checkExchange(r, { responses: true }));
        if (problems.length && process.env.DEBUG_OAS) console.log(problems.join("\n"));
        expect(problems).toEqual([]);
        // The check can fail: a comment without its body, a status GitHub never answers there.
        const bad = { ...api.requests.find((q) => q.method === "POST")!, body: { text: "x" }, status: 418 };
        expect(checkExchange(bad).length).toBe(2);
      } finally {
        await api.close();
      }
    }, 60_000);
  }
});

describe("GET /user: once per token for the run, and only a final answer kept", () => {
  const target = { owner: "octo", repo: "repo", issue: 7 };

  it("the progress comment's best-effort client and the report's share one answer, for each kind of token", async () => {
    for (const who of [
      { login: "github-actions[bot]", userType: "Bot" as const },
      { login: "octo-dev", userType: "User" as const },
    ]) {
      const api = await startGitHubApi({ token: TOKEN, pullRequests: [7], ...who });
      try {
        const updates = createGitHubClient(TOKEN, api.url, {
          bestEffort: true,
          signal: new AbortController().signal,
        });
        const report = createGitHubClient(TOKEN, api.url);
        // Asked at once by both: one request.
        const [a, b] = await Promise.all([updates.whoAmI(), report.whoAmI()]);
        const me = who.userType === "User" ? who.login : undefined;
        expect([a, b]).toEqual([me, me]);
        expect((await upsertComment(updates, target, "k", "working")).action).toBe("created");
        expect((await upsertComment(report, target, "k", "report")).action).toBe("updated");
        expect(lookups(api)).toEqual([who.userType === "User" ? 200 : 403]);
      } finally {
        await api.close();
      }
    }
  });

  it("a failure another request might not meet (5xx, rate limit, abort) is not kept: the next client asks", async () => {
    const api = await startGitHubApi({
      token: TOKEN,
      pullRequests: [7],
      login: "octo-dev",
      userType: "User",
      failNext: [
        { status: 502, match: "^GET /user$" },
        {
          status: 403,
          match: "^GET /user$",
          message: "API rate limit exceeded",
          headers: { "x-ratelimit-remaining": "0" },
        },
      ],
    });
    try {
      const once = () => createGitHubClient(TOKEN, api.url, { bestEffort: true }).whoAmI();
      expect(await once()).toBeUndefined(); // 502, not retried by a best-effort client
      expect(await once()).toBeUndefined(); // a rate limit
      const aborted = new AbortController();
      aborted.abort();
      expect(
        await createGitHubClient(TOKEN, api.url, { bestEffort: true, signal: aborted.signal }).whoAmI(),
      ).toBe(undefined);
      // The answer that counts, kept: the person's own comment is found, not a duplicate made.
      const report = createGitHubClient(TOKEN, api.url);
      expect(await report.whoAmI()).toBe("octo-dev");
      expect((await upsertComment(report, target, "k", "one")).action).toBe("created");
      expect((await upsertComment(createGitHubClient(TOKEN, api.url), target, "k", "two")).action).toBe(
        "updated",
      );
      expect(lookups(api)).toEqual([502, 403, 200]);
    } finally {
      await api.close();
    }
  });
});

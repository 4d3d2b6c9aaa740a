/**
 * The GitHub stand-in, held to GitHub's own API description: the action's real client (src/github/client.ts)
 * makes every call the action makes, for each kind of token, against the stand-in; every exchange is
 * checked against @octokit/openapi: the operation exists, the action's request body fits its schema, the
 * status is one GitHub declares for it, and the stand-in's response fits the response's schema.
 */
import { describe, expect, it } from "vitest";
import { createGitHubClient } from "../../src/github/client.js";
import { upsertComment } from "../../src/github/comment.js";
import { seedComments, startGitHubApi } from "../harness/github-api.js";
import { checkExchange } from "../harness/openapi.js";

const TOKEN = "ghs_harnessTokenForTests0000000000000000";

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

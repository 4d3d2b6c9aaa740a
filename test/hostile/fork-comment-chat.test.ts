/**
 * A comment on a fork's pull request (`issue_comment`) must not continue the carried chat: the payload
 * does not say whose head the pull request has, and a fork's author must not steer what the run carries.
 * Through the bundle, against the cache stand-in: a chat of #7 is saved by a run on the pull request; a
 * comment on #7 then restores nothing (taken as a fork's until known otherwise) and saves nothing.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, expect, it } from "vitest";
import { type CacheService, startCacheService } from "../harness/cache-service.js";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

let svc: CacheService;
let runnerTemp: string;
beforeEach(async () => {
  svc = await startCacheService();
  runnerTemp = mkdtempSync(path.join(tmpdir(), "fork-comment-temp-"));
});
afterEach(() => svc.close());

const env = () => ({
  CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef",
  ACTIONS_RUNTIME_TOKEN: svc.token,
  ACTIONS_RESULTS_URL: svc.url,
  ACTIONS_CACHE_SERVICE_V2: "True",
  RUNNER_TEMP: runnerTemp,
});
const inputs = { prompt: "go", session: "pull-request", comment: "false", "protect-config": "false" };

it("a comment on a pull request does not continue the chat its thread has in the cache", async () => {
  const first = await runAction({
    inputs,
    env: env(),
    timeoutMs: 120_000,
    pullRequest: { number: 7 },
    scenario: { chats: true },
  });
  expect(first.outputs.conclusion).toBe("success");
  expect(svc.calls("CreateCacheEntry")).toHaveLength(1);

  const onComment = await runAction({
    // The gate lets the commenter in by name (no GitHub to ask here).
    inputs: { ...inputs, "allowed-users": "octocat" },
    env: env(),
    timeoutMs: 120_000,
    eventName: "issue_comment",
    eventPayload: {
      action: "created",
      issue: { number: 7, pull_request: { url: "x" } },
      comment: { id: 9, body: "/cursor go on", user: { login: "octocat", type: "User" } },
      sender: { login: "octocat", type: "User" },
    },
    scenario: { chats: true },
  });
  expect(onComment.outputs.conclusion).toBe("success");
  expect(onComment.record?.parsed?.options.resume ?? null).toBeNull();
  expect(onComment.outputs.resumed).toBe("false");
  const notices = onComment.log.commands.filter((c) => c.name === "notice").map((c) => c.data);
  expect(notices.some((n) => n.startsWith("No chat is restored for #7"))).toBe(true);
  // Nor is its chat saved where the next run of the thread would continue it.
  expect(svc.calls("CreateCacheEntry")).toHaveLength(1);
}, 150_000);

/**
 * `session: pull-request` through the bundle: the real @actions/cache client in the action against the
 * cache service stand-in (test/harness/cache-service.ts), the fake CLI keeping chats as the CLI does. Run 1
 * of pull request #7 starts a chat and saves it; run 2 (a new home: nothing of run 1 on disk but the cache)
 * continues it; pull request #70 never gets #7's chat; a cache that fails is a notice and a new chat.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CacheService, startCacheService } from "../harness/cache-service.js";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

let svc: CacheService;
/** A runner's temp directory is the same path every job (/home/runner/work/_temp): the cache's version
 * of an entry depends on the paths it holds. */
let runnerTemp: string;
beforeEach(async () => {
  svc = await startCacheService();
  runnerTemp = mkdtempSync(path.join(tmpdir(), "session-runner-temp-"));
});
afterEach(() => svc.close());

/** The runner's variables the cache client reads, this test's stand-in in them. */
function runnerEnv(): Record<string, string> {
  return {
    CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef",
    ACTIONS_RUNTIME_TOKEN: svc.token,
    ACTIONS_RESULTS_URL: svc.url,
    ACTIONS_CACHE_SERVICE_V2: "True",
    RUNNER_TEMP: runnerTemp,
  };
}

function run(number: number, extra: Record<string, string> = {}) {
  return runAction({
    // No PR comment: this is about the chat (GitHub is not reachable here, and would only be retried).
    inputs: { prompt: `message to #${number}`, session: "pull-request", comment: "false", ...extra },
    env: runnerEnv(),
    // A cache that fails is waited for up to its deadline (30 s), which only a hang would double.
    timeoutMs: 120_000,
    pullRequest: { number },
    scenario: { chats: true },
  });
}

const notices = (r: Awaited<ReturnType<typeof run>>) =>
  r.log.commands.filter((c) => c.name === "notice").map((c) => c.data);

describe("a pull request's chat across runs", () => {
  it("saved by the first run, continued by the next; another pull request starts its own", async () => {
    const first = await run(7);
    expect(first.outputs.conclusion).toBe("success");
    expect(first.outputs.resumed).toBe("false");
    const chat = first.outputs["session-id"];
    expect(chat).toMatch(/^[0-9a-f-]{36}$/);
    expect(svc.calls("CreateCacheEntry").map((c) => c.body?.key)).toEqual([
      expect.stringMatching(/^cursor-agent-chat\/octo\/repo\/7\//),
    ]);
    // The token the cache needs never reaches the agent.
    expect(JSON.stringify(first.record)).not.toContain(svc.token);

    const second = await run(7);
    expect(second.outputs.conclusion).toBe("success");
    expect(second.record?.parsed?.options.resume).toBe(chat);
    expect([second.outputs["session-id"], second.outputs.resumed]).toEqual([chat, "true"]);
    expect(svc.calls("CreateCacheEntry")).toHaveLength(2);

    const other = await run(70);
    expect(other.record?.parsed?.options.resume ?? null).toBeNull();
    expect(other.outputs["session-id"]).not.toBe(chat);
    expect(other.outputs.resumed).toBe("false");
  }, 120_000);

  it("an issue's thread has its chat too (issues and pull requests share one number space)", async () => {
    const onIssue = (n: number) =>
      runAction({
        // The issue events are gated: the actor is let in by name (no GitHub to ask here).
        inputs: {
          prompt: "on the issue",
          session: "pull-request",
          comment: "false",
          "allowed-users": "octocat",
        },
        env: runnerEnv(),
        eventName: "issues",
        eventPayload: { action: "opened", issue: { number: n }, sender: { login: "octocat", type: "User" } },
        scenario: { chats: true },
      });
    const first = await onIssue(9);
    expect(svc.calls("CreateCacheEntry").map((c) => c.body?.key)).toEqual([
      expect.stringMatching(/^cursor-agent-chat\/octo\/repo\/9\//),
    ]);
    const second = await onIssue(9);
    expect([second.outputs["session-id"], second.outputs.resumed]).toEqual([
      first.outputs["session-id"],
      "true",
    ]);
  }, 120_000);

  // A 5xx is retried by the cache client up to the restore's deadline (30 s): the in-process tests
  // (test/unit/session.test.ts) hold that; here a refusal, which answers at once.
  it("a cache that refuses (401): a notice, a new chat, a green step", async () => {
    svc.fail(401);
    const r = await run(8);
    expect(r.outputs.conclusion).toBe("success");
    expect(r.outputs.resumed).toBe("false");
    expect(notices(r).some((n) => n.includes("could not be restored"))).toBe(true);
  }, 150_000);
});

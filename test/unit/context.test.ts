/** The run's context: the event payload read once, into what the gates, the comment and publishing use. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readContext } from "../../src/github/context.js";

function env(event: string, payload: unknown, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const dir = mkdtempSync(path.join(tmpdir(), "ctx-"));
  const file = path.join(dir, "event.json");
  writeFileSync(file, typeof payload === "string" ? payload : JSON.stringify(payload));
  return { GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: file, GITHUB_REPOSITORY: "o/r", ...extra };
}

const SHA = "a".repeat(40);

describe("readContext", () => {
  it("a pull_request event: the pull request with its base commit, the sender", () => {
    const ctx = readContext(
      env("pull_request", {
        pull_request: { number: 7, base: { sha: SHA } },
        sender: { login: "dev", type: "User" },
      }),
    );
    expect(ctx).toEqual({
      eventName: "pull_request",
      repository: { owner: "o", repo: "r" },
      actor: { login: "dev", isBot: false },
      pullRequest: { owner: "o", repo: "r", issue: 7, baseSha: SHA },
      thread: { owner: "o", repo: "r", issue: 7 },
    });
  });

  it("a comment on a pull request: its number, no base commit, taken as a fork's; the comment's body", () => {
    const ctx = readContext(
      env("issue_comment", {
        issue: { number: 3, pull_request: { url: "x" } },
        comment: { body: "/cursor fix it" },
        sender: { login: "dependabot[bot]", type: "Bot" },
      }),
    );
    // The payload does not say whose head it has: not known to be a fork's (its run gets the secrets), but
    // not known not to be (the carried chat is left out, run/chat.ts).
    expect(ctx.pullRequest).toEqual({ owner: "o", repo: "r", issue: 3, headUnknown: true });
    expect(ctx.comment).toEqual({ body: "/cursor fix it" });
    expect(ctx.actor).toEqual({ login: "dependabot[bot]", isBot: true });
  });

  it("a comment on an issue is about no pull request", () => {
    const ctx = readContext(env("issue_comment", { issue: { number: 3 }, comment: { body: "hi" } }));
    expect(ctx.pullRequest).toBeUndefined();
    // Its conversation is the issue's (session: pull-request carries a chat per thread).
    expect(ctx.thread).toEqual({ owner: "o", repo: "r", issue: 3 });
  });

  it("odd or missing payloads read as empty; GITHUB_ACTOR stands in for the sender", () => {
    for (const payload of ["not json", "[]", { pull_request: { number: "7" } }, { sender: 5 }]) {
      const ctx = readContext(env("pull_request", payload, { GITHUB_ACTOR: "someone" }));
      expect(ctx.pullRequest).toBeUndefined();
      expect(ctx.actor.login).toBe("someone");
    }
    expect(readContext({}).repository).toBeUndefined();
    expect(readContext({ GITHUB_ACTOR: "x[bot]" }).actor).toEqual({ login: "x[bot]", isBot: true });
  });
});

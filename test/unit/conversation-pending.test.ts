/** The requests no answer has answered yet (src/conversation/pending.ts) and the answers' record of them. */
import { describe, expect, it } from "vitest";
import { answeredSoFar, type ThreadItem, unanswered } from "../../src/conversation/pending.js";
import { answeredIn, answeredMarker } from "../../src/github/marker.js";

const BOT = { login: "github-actions[bot]", type: "Bot" };
const alice = { login: "alice", type: "User" };
const comment = (id: number, body: string, user = alice, at?: string): ThreadItem => ({
  ref: { kind: "issue-comment", id },
  body,
  user,
  ...(at ? { at } : {}),
});
const current = { ref: { kind: "issue-comment" as const, id: 100 }, at: "2026-01-02T00:00:00Z" };
const opts = { phrase: "@cursor", me: undefined, current };

describe("the answers' record", () => {
  it("names kinds and ids only, and reads back what it wrote", () => {
    const refs = [
      { kind: "issue" as const, id: 5 },
      { kind: "review-comment" as const, id: 7 },
      { kind: "review" as const, id: 8 },
      { kind: "issue-comment" as const, id: 9 },
    ];
    const mark = answeredMarker(refs);
    expect(mark).toBe(
      '<!-- cursor-agent-action answered="issue:5 review-comment:7 review:8 issue-comment:9" -->',
    );
    expect(answeredIn(`x\n${mark}\ny`)).toEqual(refs);
    expect(answeredIn("no marker")).toBeUndefined();
  });

  it("reads nothing it did not write: unknown kinds, words, an unclosed marker", () => {
    expect(
      answeredIn('<!-- cursor-agent-action answered="user:1 issue-comment:x issue-comment:2" -->'),
    ).toEqual([{ kind: "issue-comment", id: 2 }]);
    expect(answeredIn('<!-- cursor-agent-action answered="issue-comment:3')).toEqual([]);
  });

  it("reads 200,000 characters of repeated marker openings in one pass, without a match", () => {
    const open = '<!-- cursor-agent-action answered="issue-comment:1';
    expect(answeredIn(open.repeat(200_000 / open.length))).toEqual([]);
  });
});

describe("the requests not answered yet", () => {
  it("a request named by the action's answer is answered; one named only by a person's paste is not", () => {
    const items = [
      comment(1, "@cursor one"),
      comment(2, `${answeredMarker([{ kind: "issue-comment", id: 1 }])}\nanswer`, BOT),
      comment(3, "@cursor three"),
      comment(4, `${answeredMarker([{ kind: "issue-comment", id: 3 }])}\npasted`),
    ];
    expect(unanswered(items, opts).map((p) => [p.item.ref.id, p.request])).toEqual([[3, "three"]]);
  });

  it("only what came before the run's own request: a newer one has its own run", () => {
    const items = [comment(1, "@cursor old"), comment(100, "@cursor mine"), comment(101, "@cursor newer")];
    expect(unanswered(items, opts).map((p) => p.item.ref.id)).toEqual([1]);
  });

  it("by the decision's rules: the phrase in prose only; hidden markup and the action's marker never ask", () => {
    const items = [
      comment(1, "see `@cursor fix`"),
      comment(2, "<!-- @cursor fix -->"),
      comment(3, '<!-- cursor-agent-action comment-key="k" -->\n@cursor fix'),
      comment(4, "@cursor answer of ours", BOT),
      comment(5, "@cursor\u200b fix"),
    ];
    expect(unanswered(items, opts).map((p) => p.item.ref.id)).toEqual([5]);
  });

  it("an answer of ours from before answers named requests answered everything written before it", () => {
    const legacy = '<!-- cursor-agent-action comment-key="Agent/agent/answer" -->\nold answer';
    const items = [
      comment(1, "@cursor before", alice, "2026-01-01T00:00:00Z"),
      comment(2, legacy, BOT, "2026-01-01T00:01:00Z"),
      comment(3, "@cursor after", alice, "2026-01-01T00:02:00Z"),
    ];
    expect(answeredSoFar(items, undefined).legacyUntil).toBe("2026-01-01T00:01:00Z");
    expect(unanswered(items, opts).map((p) => p.item.ref.id)).toEqual([3]);
    // A person's copy of such an answer is not one.
    expect(
      answeredSoFar([{ ...comment(2, legacy), at: "2026-01-01T00:01:00Z" }], undefined).legacyUntil,
    ).toBe(undefined);
  });

  it("with a personal token, only that account's answers count", () => {
    const named = `${answeredMarker([{ kind: "issue-comment", id: 1 }])}`;
    const items = [comment(1, "@cursor one"), comment(2, named, BOT)];
    expect(unanswered(items, { ...opts, me: "octo-user" }).map((p) => p.item.ref.id)).toEqual([1]);
    const mine = [comment(1, "@cursor one"), comment(2, named, { login: "octo-user", type: "User" })];
    expect(unanswered(mine, { ...opts, me: "octo-user" })).toEqual([]);
  });

  it("only what came at most a day before the run's own request (older mentions are not taken up)", () => {
    const items = [
      comment(1, "@cursor a year ago", alice, "2025-01-01T00:00:00Z"),
      comment(2, "@cursor yesterday", alice, "2026-01-01T00:00:01Z"),
      comment(3, "@cursor when unknown", alice),
    ];
    expect(unanswered(items, opts).map((p) => p.item.ref.id)).toEqual([2, 3]);
  });

  it("across kinds, oldest first by GitHub's times", () => {
    const review: ThreadItem = {
      ref: { kind: "review-comment", id: 900 },
      body: "@cursor on the line",
      user: alice,
      at: "2026-01-01T00:00:00Z",
    };
    const items = [comment(50, "@cursor later", alice, "2026-01-01T10:00:00Z"), review];
    expect(unanswered(items, opts).map((p) => p.item.ref.kind)).toEqual(["review-comment", "issue-comment"]);
  });
});

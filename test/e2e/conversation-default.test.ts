/**
 * Conversation mode under the default strategy (`safety-strategy` left unset), as root with sudo like a
 * hosted runner: the agent runs as its own user and view, and the conversation's task, 👀 and answer must
 * hold as under no-sudo. The fake agent's scenario and record are where that user can read and write them
 * (test/harness/agent-records.ts: outside /tmp, where the end of that user removes what it owns).
 */
import { statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { agentRecordsDir, removeAgentRecordDirs } from "../harness/agent-records.js";
import { converse, example } from "../harness/conversation-world.js";
import type { GitHubApi } from "../harness/github-api.js";
import { checkExchange } from "../harness/openapi.js";
import { can, cleanupActionRuns, sharedWithOtherUsers } from "../harness/run-action.js";

afterAll(cleanupActionRuns);
afterAll(removeAgentRecordDirs);

/** 7,000 characters of one-, two-, three- and four-byte ones, quotes, a shell's metacharacters and lines. */
const LONG = "a é 漢 😀 \"$(x)\" `y` 'z' \\ ;|&\n".repeat(280).slice(0, 7_000);

const asRoot = process.geteuid?.() === 0 && ["setfacl", "useradd", "setpriv", "sudo"].every(can);

it.skipIf(!asRoot)(
  `a review comment with the phrase under the default strategy, as root: the task, the 👀 and the answer a reply in its thread${asRoot ? "" : " (skipped: needs root, sudo, setfacl, useradd, setpriv)"}`,
  async () => {
    const shared = await sharedWithOtherUsers();
    const records = agentRecordsDir("conversation");
    const scenario = path.join(records, "scenario.json");
    writeFileSync(scenario, JSON.stringify({ record: path.join(records, "record.json") }));
    const p = example("pull_request_review_comment", "created", 1);
    p.comment.body = "@cursor why is this line here?";
    const n = p.pull_request.number;
    // The comment is on GitHub as the event has it (the answer reads it again), first in its thread.
    const setup = (api: GitHubApi) => {
      const at = { path: p.comment.path, line: p.comment.line, body: p.comment.body };
      const review = api.pulls.addReview({
        pull: n,
        author: { login: "Codertocat", type: "User" },
        body: "",
        comments: [{ ...at, body: "Why a heading here?" }],
      });
      const root = review.comments[0]?.id ?? 0;
      // Earlier replies by a writer, many-byte characters and all, enough to fill the task to its cap.
      for (let i = 0; i < 12; i++) {
        api.pulls.addReview({
          pull: n,
          author: { login: "alice", type: "User" },
          body: "",
          comments: [{ ...at, body: `reply ${i}: ${LONG}`, inReplyTo: root }],
        });
      }
      const asking = { ...at, inReplyTo: root };
      p.comment.id = api.pulls.addReview({
        pull: n,
        author: { login: "Codertocat", type: "User" },
        body: "",
        comments: [asking],
      }).comments[0]!.id;
      p.comment.in_reply_to_id = root;
    };
    const { r, api } = await converse("pull_request_review_comment", p, {
      pulls: [n],
      files: { [n]: [{ filename: p.comment.path }] },
      setup,
      run: {
        scenario: undefined,
        inputs: { "safety-strategy": undefined, "agent-user": "cursor-agent-conv" },
        env: {
          PATH: [shared.fakeAgentDir, shared.bin, process.env.PATH].join(path.delimiter),
          FAKE_AGENT_SCENARIO: scenario,
        },
      },
    });
    expect(r.stdout).toContain("Safety: unprivileged-user (the agent runs as cursor-agent-conv");
    expect([r.code, r.outputs.conclusion], r.stderr).toEqual([0, "success"]);
    // The agent wrote its record as its own user, not as root.
    expect(statSync(path.join(records, "record.json")).uid).not.toBe(0);
    const prompt = r.record?.parsed?.prompt ?? "";
    expect(prompt).toContain("## The request\n\n> why is this line here?");
    // The task whole through the agent's own user and view: at its cap, every character intact.
    expect(Buffer.byteLength(prompt)).toBeGreaterThan(60 * 1024);
    expect(Buffer.byteLength(prompt)).toBeLessThanOrEqual(64 * 1024);
    expect(prompt).toMatch(/\[… the rest cut: the prompt's size\]$/);
    expect(prompt).toContain(`@alice wrote:\n> reply 0: ${LONG.split("\n").slice(0, 3).join("\n> ")}`);
    expect(prompt).not.toContain("\uFFFD");
    expect(prompt).toContain(`The comment is on \`${p.comment.path}\`, line ${p.comment.line}.`);
    expect(api.conversation.reactions).toEqual([{ on: "review-comment", id: p.comment.id, content: "eyes" }]);
    expect(api.conversation.replies).toHaveLength(1);
    expect(api.conversation.replies[0]).toMatchObject({ pull: n, inReplyTo: p.comment.in_reply_to_id });
    expect(api.conversation.replies[0]?.body).toMatch(
      /^<!-- cursor-agent-action comment-key="[^"]+\/answer" -->\n/,
    );
    expect(api.conversation.replies[0]?.body).not.toContain("while the agent worked");
    expect(api.requests.flatMap((q) => checkExchange(q, { responses: true }))).toEqual([]);
  },
  180_000,
);

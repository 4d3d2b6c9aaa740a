/**
 * `deliver: pull-request` through the bundle, against a GitHub stand-in that stores the repository for
 * real: a new branch from the checked-out commit holding one signed commit, and a pull request from it
 * into the checked-out branch (on a pull request, into its head branch), whose body is the report with
 * nothing of the agent's text active; a branch name already taken; the repository setting that keeps
 * the Actions token from opening pull requests.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, expect, it } from "vitest";
import { agentChanges, deliverWorld, errors, filesAt, type World } from "../harness/deliver-world.js";
import { git } from "../harness/git-repo.js";
import { cleanupActionRuns } from "../harness/run-action.js";

afterAll(cleanupActionRuns);
let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const KEY = "key_0123456789abcdef0123456789abcdef";

/** A run whose final message tries a mention, a link, HTML, a trailer of its own, and the API key. */
function hostileRun(): string {
  const text = [
    "Fixed it. cc @octo/admins and @someone",
    "[click](https://evil.example) <img src=x onerror=alert(1)> https://evil.example/raw",
    "Co-authored-by: Mallory <mallory@evil.example>",
    `the key is ${KEY}`,
  ].join("\n");
  const events = [
    {
      type: "system",
      subtype: "init",
      cwd: "/w",
      session_id: "s-1",
      model: "Auto",
      permissionMode: "default",
    },
    {
      type: "assistant",
      message: { role: "assistant", content: [{ type: "text", text }] },
      session_id: "s-1",
    },
    { type: "result", subtype: "success", duration_ms: 10, is_error: false, result: text, session_id: "s-1" },
  ];
  const file = path.join(mkdtempSync(path.join(tmpdir(), "deliver-pr-")), "hostile.ndjson");
  writeFileSync(file, events.map((e) => `${JSON.stringify(e)}\n`).join(""));
  return file;
}

it("a new branch from the checked-out commit with one signed commit, and a pull request into the checked-out branch", async () => {
  world = await deliverWorld();
  const { repo, store, ws, base } = world;
  agentChanges(ws);
  const r = await world.run({ inputs: { deliver: "pull-request" }, scenario: { transcript: hostileRun() } });
  expect([r.code, r.outputs.conclusion, errors(r)]).toEqual([0, "success", []]);
  const branch = "cursor/1234567890-1";
  const sha = repo.git.head(branch) ?? "";
  expect(r.outputs).toMatchObject({ branch, "commit-sha": sha, "pull-request-number": "1" });
  expect(r.outputs["pull-request-url"]).toMatch(/\/octo\/repo\/pull\/1$/);
  expect(repo.git.head("main")).toBe(base);
  expect(git(repo.git.dir, "rev-parse", `${branch}^`)).toBe(base);
  expect(git(repo.git.dir, "rev-list", "--count", `${base}..${branch}`)).toBe("1");
  expect(filesAt(repo, branch)).toContain("100755 tool.sh");
  expect(filesAt(repo, branch)).not.toContain("100644 dir/old.txt");
  expect(repo.git.verification(sha)).toMatchObject({ verified: true });

  const [pull] = store.pulls;
  expect(pull).toMatchObject({ number: 1, head: branch, base: "main", title: "Cursor agent: Agent, run 7" });
  const body = pull?.body ?? "";
  expect(
    body.startsWith(
      "Proposed by the Cursor agent in [this workflow run](https://github.com/octo/repo/actions/runs/1234567890/attempts/1).",
    ),
  ).toBe(true);
  expect(body).toContain("Fixed it.");
  // Nothing of the agent's is active: no mention, no link, no HTML, no secret.
  expect(body).not.toMatch(/(^|[^\w`])@(octo|someone)\b/);
  expect(body).not.toContain("](https://evil.example)");
  expect(body).not.toContain("<img");
  expect(body).not.toContain(KEY);

  const message = git(repo.git.dir, "log", "-1", "--format=%B", branch);
  expect(message).not.toContain(KEY);
  expect(message).toContain("> Co-authored-by: Mallory <mallory@\u2060evil.example>");
  expect(
    message
      .trimEnd()
      .split("\n")
      .filter((l) => l.startsWith("Co-authored-by:")),
  ).toEqual(["Co-authored-by: octocat <583231+octocat@users.noreply.github.com>"]);
  expect(r.summary).toContain(
    `**Delivery** ✅ [pull request #1](${r.outputs["pull-request-url"]}) from branch`,
  );
}, 120_000);

it("a branch name already taken: one line, nothing written over it", async () => {
  world = await deliverWorld();
  const { repo, ws, base } = world;
  repo.git.git("branch", "taken", base);
  agentChanges(ws);
  const r = await world.run({ inputs: { deliver: "pull-request", branch: "taken" } });
  expect(r.code).toBe(1);
  expect(errors(r)).toEqual([
    "Nothing delivered: branch taken already exists: nothing is written over it (give input branch another name).",
  ]);
  expect(repo.git.head("taken")).toBe(base);
  expect(world.store.pulls).toEqual([]);
}, 120_000);

it("on a pull request: a pull request into its head branch, the commit on that branch's head", async () => {
  world = await deliverWorld();
  const { repo, store, ws, base } = world;
  repo.git.git("branch", "feature", base);
  const theirs = store.teammatePush(repo, "feature", { "feature.txt": "feature\n" });
  agentChanges(ws);
  const r = await world.run({
    inputs: { deliver: "pull-request", branch: "cursor/fix" },
    pullRequest: { number: 5, headRef: "feature" },
  });
  expect([r.code, errors(r)]).toEqual([0, []]);
  expect(store.pulls[0]).toMatchObject({ head: "cursor/fix", base: "feature" });
  expect(git(repo.git.dir, "rev-parse", "cursor/fix^")).toBe(theirs);
  expect(repo.git.head("feature")).toBe(theirs);
}, 120_000);

it("GitHub's setting that keeps Actions from opening pull requests is named; the branch made is said", async () => {
  world = await deliverWorld(
    {},
    {
      failNext: [
        {
          status: 403,
          match: "POST /repos/octo/repo/pulls",
          message: "GitHub Actions is not permitted to create or approve pull requests.",
        },
      ],
    },
  );
  const { repo, ws } = world;
  agentChanges(ws);
  const r = await world.run({ inputs: { deliver: "pull-request" } });
  expect(r.code).toBe(1);
  const sha = repo.git.head("cursor/1234567890-1");
  expect(errors(r)).toEqual([
    `Nothing delivered: GitHub refused to open the pull request (HTTP 403: GitHub Actions is not permitted to create or approve pull requests.): turn on the repository's setting "Allow GitHub Actions to create and approve pull requests" (Settings → Actions → General), or give a token that may; the commit ${sha} is on branch cursor/1234567890-1.`,
  ]);
}, 120_000);

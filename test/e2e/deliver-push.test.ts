/**
 * `deliver: push` through the bundle, against a GitHub stand-in that stores the repository for real: the
 * commit read back from the bare repository with git (its tree, modes, parent, signature, message), a
 * branch that moved (cleanly: on top, the teammate's commit kept; in conflict: one line, nothing pushed,
 * the patch kept), the default branch refused and allowed, a protected path, a read-only token, nothing
 * changed, a failed run with and without `deliver-on-failure`, and a pull request's head branch.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, expect, it } from "vitest";
import { agentRecordsDir, removeAgentRecordDirs } from "../harness/agent-records.js";
import {
  agentChanges,
  deliverWorld,
  errors,
  filesAt,
  TRANSCRIPT,
  type World,
} from "../harness/deliver-world.js";
import { git } from "../harness/git-repo.js";
import { can, cleanupActionRuns, sharedWithOtherUsers } from "../harness/run-action.js";

afterAll(cleanupActionRuns);
afterAll(removeAgentRecordDirs);
let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const PUSH = { deliver: "push", "allow-default-branch": true };

it("one signed commit on the checked-out branch: binary, deletion, new file, executable bits, its parent the checked-out commit", async () => {
  world = await deliverWorld();
  const { repo, ws, base } = world;
  agentChanges(ws);
  const r = await world.run({ inputs: PUSH });
  expect([r.code, r.outputs.conclusion, errors(r)]).toEqual([0, "success", []]);
  const sha = repo.git.head("main") ?? "";
  expect(r.outputs).toMatchObject({
    branch: "main",
    "commit-sha": sha,
    "pull-request-number": "",
    "pull-request-url": "",
  });
  expect(git(repo.git.dir, "rev-parse", "main^")).toBe(base);
  expect(git(repo.git.dir, "rev-list", "--count", "main")).toBe("2");
  expect(filesAt(repo, "main")).toEqual([
    "100644 README.md",
    "100755 bin/run",
    "100644 logo.bin",
    "100644 shared.txt",
    "100644 src/new.ts",
    "100755 tool.sh",
  ]);
  expect(Buffer.from(repo.git.gitRaw(["cat-file", "blob", "main:logo.bin"]))).toEqual(
    Buffer.from([1, 0, 2, 0, 255, 7]),
  );
  expect(git(repo.git.dir, "cat-file", "blob", "main:README.md")).toBe("hello\nworld");
  expect(repo.git.verification(sha)).toMatchObject({ verified: true, reason: "valid" });
  const message = git(repo.git.dir, "log", "-1", "--format=%an|%B", "main");
  expect(message).toMatch(/^github-actions\[bot\]\|Cursor agent: Agent, run 7\n/);
  expect(message).toContain("Run: https://github.com/octo/repo/actions/runs/1234567890/attempts/1");
  expect(message.endsWith("Co-authored-by: octocat <583231+octocat@users.noreply.github.com>")).toBe(true);
  // The same changes as the patch, which is still there.
  expect(readFileSync(r.outputs["patch-file"] ?? "", "utf8")).toContain("GIT binary patch");
  expect(r.summary).toContain(`**Delivery** ✅ commit ${sha} pushed onto branch \`main\``);
}, 120_000);

it("the default branch is refused without allow-default-branch: one line naming the input, nothing pushed, the patch kept", async () => {
  world = await deliverWorld();
  const { repo, ws, base } = world;
  agentChanges(ws);
  const r = await world.run({ inputs: { deliver: "push" } });
  expect(r.code).toBe(1);
  expect(r.outputs.conclusion).toBe("success");
  expect(errors(r)).toEqual([
    "Nothing delivered: deliver: push onto main, the repository's default branch, is refused; set allow-default-branch: true to allow it.",
  ]);
  expect(repo.git.head("main")).toBe(base);
  expect(r.outputs["commit-sha"]).toBe("");
  expect(existsSync(r.outputs["patch-file"] ?? "")).toBe(true);
}, 120_000);

it("a branch that moved since the checkout: the commit goes on its new head when the changes apply cleanly, the teammate's commit kept", async () => {
  world = await deliverWorld();
  const { repo, store, ws, base } = world;
  const teammate = store.teammatePush(repo, "main", { "theirs.txt": "theirs\n" });
  agentChanges(ws);
  const r = await world.run({ inputs: PUSH });
  expect([r.code, errors(r)]).toEqual([0, []]);
  const sha = repo.git.head("main") ?? "";
  expect(git(repo.git.dir, "rev-parse", "main^")).toBe(teammate);
  expect(git(repo.git.dir, "rev-parse", "main^^")).toBe(base);
  expect(filesAt(repo, "main")).toContain("100644 theirs.txt");
  expect(filesAt(repo, "main")).toContain("100644 src/new.ts");
  expect(repo.git.verification(sha)).toMatchObject({ verified: true });
}, 120_000);

it("a teammate's push between the read and the write: GitHub refuses the fast-forward, the head is read again and the commit goes on top", async () => {
  world = await deliverWorld();
  const { repo, store, ws, base } = world;
  let teammate = "";
  store.when(
    (q) => q.method === "PATCH" && decodeURIComponent(q.path).endsWith("/git/refs/heads/main"),
    () => {
      teammate = store.teammatePush(repo, "main", { "theirs.txt": "theirs\n" });
    },
  );
  agentChanges(ws);
  const r = await world.run({ inputs: PUSH });
  expect([r.code, errors(r)]).toEqual([0, []]);
  expect(teammate).not.toBe("");
  expect(git(repo.git.dir, "rev-parse", "main^")).toBe(teammate);
  expect(git(repo.git.dir, "rev-parse", "main^^")).toBe(base);
  expect(world.api.requests.filter((q) => q.method === "PATCH").length).toBe(2);
}, 120_000);

it("a branch that moved in conflict: one line naming the branch and both commits, nothing pushed, the patch kept", async () => {
  world = await deliverWorld();
  const { repo, store, ws, base } = world;
  const teammate = store.teammatePush(repo, "main", { "README.md": "theirs\n" });
  agentChanges(ws);
  const r = await world.run({ inputs: PUSH });
  expect(r.code).toBe(1);
  expect(errors(r)).toEqual([
    `Nothing delivered: branch main is at ${teammate}, not at ${base} where the agent started, and the changes do not apply there cleanly (changed on both: "README.md"); nothing was delivered, the patch is kept.`,
  ]);
  expect(repo.git.head("main")).toBe(teammate);
  expect(existsSync(r.outputs["patch-file"] ?? "")).toBe(true);
}, 120_000);

it("a change to a protected path holds the whole delivery back, naming it; fail-on-error: false makes it a warning", async () => {
  world = await deliverWorld();
  const { repo, ws, base } = world;
  agentChanges(ws);
  writeFileSync(path.join(ws, "CODEOWNERS"), "* @someone\n");
  const r = await world.run({ inputs: { ...PUSH, "fail-on-error": false } });
  expect([r.code, errors(r)]).toEqual([0, []]);
  expect(r.stdout).toContain(
    '::warning::Nothing delivered: a change to a protected path (protected-paths): "CODEOWNERS".',
  );
  expect(repo.git.head("main")).toBe(base);
  expect(readFileSync(r.outputs["patch-file"] ?? "", "utf8")).toContain("CODEOWNERS");
}, 120_000);

it("a read-only token: one line naming the missing permission, nothing written", async () => {
  world = await deliverWorld({ permissions: { contents: "read", pull_requests: "read" } });
  const { repo, ws, base } = world;
  agentChanges(ws);
  const r = await world.run({ inputs: PUSH });
  expect(r.code).toBe(1);
  const [line, ...rest] = errors(r);
  expect(rest).toEqual([]);
  expect(line).toMatch(
    /^Nothing delivered: GitHub refused the delivery \(HTTP 403: .*\): give the job `permissions: contents: write`/,
  );
  expect(repo.git.head("main")).toBe(base);
}, 120_000);

it("nothing changed: nothing delivered, no commit, the step green", async () => {
  world = await deliverWorld();
  const { repo, base } = world;
  const r = await world.run({ inputs: PUSH });
  expect([r.code, r.outputs.conclusion, errors(r)]).toEqual([0, "success", []]);
  expect(r.stdout).toContain("Nothing delivered: nothing changed.");
  expect(repo.git.head("main")).toBe(base);
  expect(world.api.requests.filter((q) => q.method !== "GET")).toEqual([]);
}, 120_000);

it("a failed run delivers nothing, unless deliver-on-failure: true", async () => {
  world = await deliverWorld();
  const { repo, ws, base } = world;
  agentChanges(ws);
  const failing = { transcript: TRANSCRIPT, exitCode: 1 };
  const held = await world.run({ inputs: PUSH, scenario: failing });
  expect(held.outputs.conclusion).toBe("failure");
  expect(held.stdout).toContain("Nothing delivered: the run did not succeed (deliver-on-failure is false).");
  expect(repo.git.head("main")).toBe(base);
  const r = await world.run({
    inputs: { ...PUSH, "deliver-on-failure": true },
    scenario: failing,
  });
  expect(r.outputs.conclusion).toBe("failure");
  expect(r.code).toBe(1);
  expect(git(repo.git.dir, "rev-parse", "main^")).toBe(base);
  expect(r.outputs["commit-sha"]).toBe(repo.git.head("main"));
}, 180_000);

it("on a pull request: onto its head branch's current head, never the merge commit", async () => {
  world = await deliverWorld();
  const { repo, store, ws, base } = world;
  repo.git.git("branch", "feature", base);
  const theirs = store.teammatePush(repo, "feature", { "feature.txt": "feature\n" });
  agentChanges(ws);
  const r = await world.run({ inputs: { deliver: "push" }, pullRequest: { number: 3, headRef: "feature" } });
  expect([r.code, errors(r)]).toEqual([0, []]);
  expect(r.outputs.branch).toBe("feature");
  expect(git(repo.git.dir, "rev-parse", "feature^")).toBe(theirs);
  expect(repo.git.head("main")).toBe(base);
  expect(filesAt(repo, "feature")).toContain("100644 feature.txt");
}, 120_000);

it("on a pull request from a fork: nothing delivered, one line saying so", async () => {
  world = await deliverWorld();
  const { ws } = world;
  agentChanges(ws);
  const r = await world.run({ inputs: { deliver: "push" }, pullRequest: { number: 4, fork: true } });
  expect(r.code).toBe(1);
  expect(errors(r)).toEqual([
    "Nothing delivered: pull request #4's branch is in a fork: nothing is delivered to a fork's branch.",
  ]);
  expect(world.api.requests.filter((q) => q.path.includes("/git/"))).toEqual([]);
}, 120_000);

it("a comment on a pull request (issue_comment, whose event names no head): GitHub is asked, the commit goes onto the pull request's branch", async () => {
  world = await deliverWorld();
  const { repo, store, ws, base } = world;
  repo.git.git("branch", "feature", base);
  store.pulls.push({
    number: 5,
    repo,
    headRepo: repo,
    head: "feature",
    base: "main",
    title: "A change",
    body: null,
    draft: false,
    state: "open",
    login: "octocat",
    createdAt: "2026-11-29T00:00:00Z",
  });
  agentChanges(ws);
  const comment = { id: 77, body: "please fix it", user: { login: "octocat", id: 583_231, type: "User" } };
  const r = await world.run({
    // The trigger gate's permission read is not this test's: the commenter is allowed by name.
    inputs: { deliver: "push", "allowed-users": "octocat" },
    eventName: "issue_comment",
    eventPayload: {
      action: "created",
      issue: { number: 5, title: "A change", body: null, pull_request: { url: "u" }, user: comment.user },
      comment,
      repository: { full_name: "octo/repo", name: "repo", owner: { login: "octo" }, default_branch: "main" },
      sender: comment.user,
    },
  });
  expect([r.code, errors(r)]).toEqual([0, []]);
  expect(r.outputs.branch).toBe("feature");
  expect(git(repo.git.dir, "rev-parse", "feature^")).toBe(base);
  expect(repo.git.head("main")).toBe(base);
  expect(world.api.requests.some((q) => q.method === "GET" && q.path.endsWith("/pulls/5"))).toBe(true);
}, 120_000);

const asRoot = process.geteuid?.() === 0 && ["setfacl", "useradd", "setpriv"].every(can);
it.skipIf(!asRoot)(
  `under the default strategy, as root (the agent's own user and view): the same signed commit${asRoot ? "" : " (skipped: needs root, setfacl, useradd, setpriv)"}`,
  async () => {
    world = await deliverWorld();
    const { repo, ws, base } = world;
    const shared = await sharedWithOtherUsers();
    const records = agentRecordsDir("deliver");
    // A copy beside its record: the checkout may be where the agent's own view covers it (/tmp).
    const transcript = path.join(records, "t.ndjson");
    copyFileSync(TRANSCRIPT, transcript);
    agentChanges(ws);
    // The scenario beside its record too, where the agent's user can read it (not the run's own 0700 root).
    const scenario = path.join(records, "scenario.json");
    writeFileSync(scenario, JSON.stringify({ transcript, record: path.join(records, "record.json") }));
    const r = await world.run({
      inputs: { ...PUSH, "safety-strategy": "auto", "agent-user": "cursor-agent-deliver" },
      env: {
        PATH: [shared.fakeAgentDir, shared.bin, process.env.PATH].join(path.delimiter),
        FAKE_AGENT_SCENARIO: scenario,
        CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef",
      },
      scenario: undefined,
    });
    expect(r.stdout).toContain("Safety: unprivileged-user (the agent runs as cursor-agent-deliver");
    expect([r.code, r.outputs.conclusion, errors(r)]).toEqual([0, "success", []]);
    const sha = repo.git.head("main") ?? "";
    expect(r.outputs["commit-sha"]).toBe(sha);
    expect(git(repo.git.dir, "rev-parse", "main^")).toBe(base);
    expect(filesAt(repo, "main")).toContain("100755 bin/run");
    expect(repo.git.verification(sha)).toMatchObject({ verified: true, reason: "valid" });
  },
  180_000,
);

/**
 * The GitHub stand-in that stores repositories for real (test/harness/github-git.ts), through a real client
 * (@actions/github's getOctokit, its REST methods and its graphql): what the API writes is read back from
 * the bare repository with git, every REST exchange is held to GitHub's API description (@octokit/openapi),
 * and every GraphQL document to GitHub's published schema.
 */
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getOctokit } from "@actions/github";
import { afterEach, describe, expect, it } from "vitest";
import { git } from "../harness/git-repo.js";
import { type GitHubApi, startGitHubApi } from "../harness/github-api.js";
import { createGitHubGit, type GitHubGit, type StoredRepository } from "../harness/github-git.js";
import { checkExchange } from "../harness/openapi.js";

const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const BINARY = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0, 128]);

/** A working checkout: a text file, an executable, a symlink, a nested file, on `main`. */
function checkout(): string {
  const ws = mkdtempSync(path.join(tmpdir(), "standin-checkout-"));
  git(ws, "init", "-q", "-b", "main");
  mkdirSync(path.join(ws, "dir"));
  writeFileSync(path.join(ws, "a.txt"), "alpha\n");
  writeFileSync(path.join(ws, "run.sh"), "#!/bin/sh\necho hi\n");
  chmodSync(path.join(ws, "run.sh"), 0o755);
  symlinkSync("a.txt", path.join(ws, "link"));
  writeFileSync(path.join(ws, "dir", "nested.txt"), "nested\n");
  git(ws, "add", ".");
  git(ws, "-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "-qm", "base");
  return ws;
}

/** `mode path` of every file of a ref, as git in the bare repository lists them. */
const filesAt = (repo: StoredRepository, ref: string) =>
  git(repo.git.dir, "ls-tree", "-r", "--format=%(objectmode) %(path)", ref).split("\n");

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function setup(options: Parameters<typeof createGitHubGit>[0] = {}) {
  const store: GitHubGit = createGitHubGit(options);
  const repo = store.addRepository("octo", "repo", checkout());
  const api: GitHubApi = await startGitHubApi({ token: TOKEN, git: store });
  cleanup.push(
    () => api.close(),
    () => store.close(),
  );
  const octokit = getOctokit(TOKEN, { baseUrl: api.url });
  return { store, repo, api, octokit, o: { owner: "octo", repo: "repo" } };
}

/** The REST exchanges, judged by GitHub's description; GraphQL's are judged by the schema instead. */
const restProblems = (api: GitHubApi) =>
  api.requests.filter((q) => q.path !== "/graphql").flatMap((q) => checkExchange(q, { responses: true }));

const HEAD_QUERY = `query($owner: String!, $name: String!, $ref: String!) {
  viewer { login }
  repository(owner: $owner, name: $name) { id nameWithOwner ref(qualifiedName: $ref) { id name target { oid } } }
}`;

const COMMIT_MUTATION = `mutation($input: CreateCommitOnBranchInput!) {
  createCommitOnBranch(input: $input) {
    commit { oid messageHeadline messageBody parents(first: 2) { nodes { oid } } signature { isValid state wasSignedByGitHub } }
    ref { name target { oid } }
  }
}`;

/** createCommitOnBranch's input for a commit of no change on `main`, expected at `head`. */
const onMain = (head: string) => ({
  branch: { repositoryNameWithOwner: "octo/repo", branchName: "main" },
  expectedHeadOid: head,
  message: { headline: "x" },
});

type HeadAnswer = {
  viewer: { login: string };
  repository: {
    id: string;
    nameWithOwner: string;
    ref: { id: string; name: string; target: { oid: string } };
  };
};

describe("the REST git data API over a bare repository", () => {
  it("blobs, a tree on a base tree (every mode, a deletion), a signed commit, refs, read back with git", async () => {
    const { repo, api, octokit, o } = await setup();
    const main = repo.git.head("main")!;
    const text = await octokit.rest.git.createBlob({ ...o, content: "beta\n", encoding: "utf-8" });
    const binary = await octokit.rest.git.createBlob({
      ...o,
      content: BINARY.toString("base64"),
      encoding: "base64",
    });
    expect(text.status).toBe(201);
    const base = (await octokit.rest.git.getCommit({ ...o, commit_sha: main })).data.tree.sha;
    const submodule = "c".repeat(40);
    const tree = await octokit.rest.git.createTree({
      ...o,
      base_tree: base,
      tree: [
        { path: "a.txt", mode: "100644", type: "blob", sha: text.data.sha },
        { path: "bin/data.bin", mode: "100644", type: "blob", sha: binary.data.sha },
        { path: "tool.sh", mode: "100755", type: "blob", content: "#!/bin/sh\n" },
        { path: "link2", mode: "120000", type: "blob", content: "a.txt" },
        { path: "vendor/lib", mode: "160000", type: "commit", sha: submodule },
        { path: "dir/nested.txt", mode: "100644", type: "blob", sha: null },
      ],
    });
    const commit = await octokit.rest.git.createCommit({
      ...o,
      message: "Change things",
      tree: tree.data.sha,
      parents: [main],
    });
    expect(commit.data.verification).toMatchObject({ verified: true, reason: "valid" });
    await octokit.rest.git.createRef({ ...o, ref: "refs/heads/feature", sha: commit.data.sha });

    // Read back from the repository itself, not from the stand-in.
    expect(git(repo.git.dir, "rev-parse", "refs/heads/feature")).toBe(commit.data.sha);
    expect(git(repo.git.dir, "rev-parse", "feature^")).toBe(main);
    expect(filesAt(repo, "feature")).toEqual([
      "100644 a.txt",
      "100644 bin/data.bin",
      "120000 link",
      "120000 link2",
      "100755 run.sh",
      "100755 tool.sh",
      `160000 vendor/lib`,
    ]);
    expect(Buffer.from(repo.git.gitRaw(["cat-file", "blob", "feature:bin/data.bin"]))).toEqual(BINARY);
    expect(git(repo.git.dir, "cat-file", "-p", "feature:link2")).toBe("a.txt");
    expect(git(repo.git.dir, "cat-file", "commit", "feature")).toContain("-----BEGIN SSH SIGNATURE-----");
    const blob = await octokit.rest.git.getBlob({ ...o, file_sha: binary.data.sha });
    expect(Buffer.from(blob.data.content, "base64")).toEqual(BINARY);

    // Not a fast forward: refused unless forced; a commit naming another committer is not signed.
    const aside = await octokit.rest.git.createCommit({
      ...o,
      message: "aside",
      tree: base,
      parents: [main],
      committer: { name: "Someone", email: "someone@example.invalid" },
    });
    expect(aside.data.verification).toMatchObject({ verified: false, reason: "unsigned" });
    await expect(
      octokit.rest.git.updateRef({ ...o, ref: "heads/feature", sha: aside.data.sha }),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("Update is not a fast forward"),
    });
    expect(git(repo.git.dir, "rev-parse", "feature")).toBe(commit.data.sha);
    await octokit.rest.git.updateRef({ ...o, ref: "heads/feature", sha: aside.data.sha, force: true });
    expect(git(repo.git.dir, "rev-parse", "feature")).toBe(aside.data.sha);

    const ref = await octokit.rest.git.getRef({ ...o, ref: "heads/main" });
    expect(ref.data.object.sha).toBe(main);
    const branch = await octokit.rest.repos.getBranch({ ...o, branch: "feature" });
    expect(branch.data.commit.parents.map((p) => p.sha)).toEqual([main]);
    expect((await octokit.rest.repos.getCommit({ ...o, ref: "main" })).data.sha).toBe(main);
    const changed = (await octokit.rest.repos.getCommit({ ...o, ref: commit.data.sha })).data;
    expect(changed.files?.map((f) => `${f.status} ${f.filename}`)).toEqual([
      "modified a.txt",
      "added bin/data.bin",
      "removed dir/nested.txt",
      "added link2",
      "added tool.sh",
      "added vendor/lib",
    ]);
    expect(changed.stats).toEqual({ additions: 4, deletions: 2, total: 6 });
    expect((await octokit.rest.repos.get(o)).data).toMatchObject({ default_branch: "main", fork: false });
    expect(restProblems(api)).toEqual([]);
  }, 60_000);

  it("pull requests between two branches: created, listed, read; 422 when one exists or nothing differs", async () => {
    const { repo, store, api, octokit, o } = await setup();
    const main = repo.git.head("main")!;
    await octokit.rest.git.createRef({ ...o, ref: "refs/heads/same", sha: main });
    await expect(
      octokit.rest.pulls.create({ ...o, head: "same", base: "main", title: "t" }),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { errors: [{ message: "No commits between main and same" }] } },
    });
    store.teammatePush(repo, "same", { "new.txt": "new\n" });
    const pr = await octokit.rest.pulls.create({
      ...o,
      head: "octo:same",
      base: "main",
      title: "Fix",
      body: "Report",
    });
    expect(pr.data).toMatchObject({
      number: 1,
      title: "Fix",
      body: "Report",
      head: { ref: "same", sha: repo.git.head("same") },
      base: { ref: "main", sha: main },
    });
    expect(git(repo.git.dir, "rev-parse", "refs/pull/1/head")).toBe(repo.git.head("same"));
    await expect(
      octokit.rest.pulls.create({ ...o, head: "same", base: "main", title: "again" }),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { errors: [{ message: "A pull request already exists for octo:same." }] } },
    });
    expect((await octokit.rest.pulls.list({ ...o, head: "octo:same" })).data.map((p) => p.number)).toEqual([
      1,
    ]);
    expect((await octokit.rest.pulls.get({ ...o, pull_number: 1 })).data.head.repo.full_name).toBe(
      "octo/repo",
    );
    expect(restProblems(api)).toEqual([]);
  }, 60_000);
});

describe("GraphQL, validated against GitHub's schema", () => {
  it("finds the branch's head and commits on it with createCommitOnBranch (binary, deletion, new file, mode kept)", async () => {
    const { repo, octokit } = await setup();
    const found = await octokit.graphql<HeadAnswer>(HEAD_QUERY, {
      owner: "octo",
      name: "repo",
      ref: "refs/heads/main",
    });
    expect(found.viewer.login).toBe("github-actions[bot]");
    expect(found.repository.ref.target.oid).toBe(repo.git.head("main"));
    const parent = found.repository.ref.target.oid;
    const answer = await octokit.graphql<{ createCommitOnBranch: { commit: { oid: string } } }>(
      COMMIT_MUTATION,
      {
        input: {
          branch: { repositoryNameWithOwner: "octo/repo", branchName: "main" },
          expectedHeadOid: parent,
          message: {
            headline: "Fix the build",
            body: "What changed.\n\nCo-authored-by: A <a@example.invalid>",
          },
          fileChanges: {
            additions: [
              { path: "bin/data.bin", contents: BINARY.toString("base64") },
              { path: "run.sh", contents: Buffer.from("#!/bin/sh\necho bye\n").toString("base64") },
              { path: "link", contents: Buffer.from("now a file\n").toString("base64") },
            ],
            deletions: [{ path: "dir/nested.txt" }],
          },
        },
      },
    );
    const commit = answer.createCommitOnBranch.commit;
    expect(commit).toMatchObject({
      messageHeadline: "Fix the build",
      parents: { nodes: [{ oid: parent }] },
      signature: { isValid: true, state: "VALID", wasSignedByGitHub: true },
    });
    expect(git(repo.git.dir, "rev-parse", "main")).toBe(commit.oid);
    expect(git(repo.git.dir, "rev-parse", "main^")).toBe(parent);
    // The mutation cannot set a mode: the executable stays one, the symlink's path becomes a file.
    expect(filesAt(repo, "main")).toEqual([
      "100644 a.txt",
      "100644 bin/data.bin",
      "100644 link",
      "100755 run.sh",
    ]);
    expect(Buffer.from(repo.git.gitRaw(["cat-file", "blob", "main:bin/data.bin"]))).toEqual(BINARY);
    expect(git(repo.git.dir, "log", "-1", "--format=%an|%cn|%B", "main")).toBe(
      "github-actions[bot]|GitHub|Fix the build\n\nWhat changed.\n\nCo-authored-by: A <a@example.invalid>",
    );
    expect(repo.git.verification(commit.oid)).toMatchObject({ verified: true, reason: "valid" });

    // The same head again is stale now: GitHub's error, and the branch untouched.
    await expect(
      octokit.graphql(COMMIT_MUTATION, {
        input: {
          branch: { id: found.repository.ref.id },
          expectedHeadOid: parent,
          message: { headline: "x" },
        },
      }),
    ).rejects.toMatchObject({
      errors: [
        {
          type: "STALE_DATA",
          path: ["createCommitOnBranch"],
          message: `Expected branch to point to "${parent}" but it did not.  Pull and try again.`,
        },
      ],
    });
    expect(git(repo.git.dir, "rev-parse", "main")).toBe(commit.oid);
  }, 60_000);

  it("refuses a misspelled field before anything runs, in GitHub's words", async () => {
    const { repo, octokit } = await setup();
    const head = repo.git.head("main")!;
    const misspelled = COMMIT_MUTATION.replace("messageHeadline", "messageHeadlin");
    await expect(
      octokit.graphql(misspelled, {
        input: onMain(head),
      }),
    ).rejects.toMatchObject({
      errors: [
        {
          extensions: { code: "undefinedField", typeName: "Commit", fieldName: "messageHeadlin" },
          message: "Field 'messageHeadlin' doesn't exist on type 'Commit'",
        },
      ],
    });
    // An input field GitHub does not take (a mode) is refused too.
    await expect(
      octokit.graphql(
        `mutation { createCommitOnBranch(input: { branch: { id: "x" }, expectedHeadOid: "${head}", message: { headline: "x" }, fileChanges: { additions: [{ path: "a", contents: "", mode: "100755" }] } }) { clientMutationId } }`,
      ),
    ).rejects.toMatchObject({ errors: [{ extensions: { code: "validationError" } }] });
    expect(git(repo.git.dir, "rev-parse", "main")).toBe(head);
  }, 60_000);
});

describe("the setups a delivery meets", () => {
  it("a read-only token: 403 'Resource not accessible by integration' on every write, FORBIDDEN in GraphQL", async () => {
    const { repo, api, octokit, o } = await setup({
      permissions: { contents: "read", pull_requests: "read" },
    });
    const head = repo.git.head("main")!;
    await expect(octokit.rest.git.createBlob({ ...o, content: "x" })).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("Resource not accessible by integration"),
      response: { headers: { "x-accepted-github-permissions": "contents=write" } },
    });
    await expect(octokit.rest.git.createRef({ ...o, ref: "refs/heads/x", sha: head })).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      octokit.rest.pulls.create({ ...o, head: "main", base: "main", title: "t" }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      octokit.graphql(COMMIT_MUTATION, {
        input: onMain(head),
      }),
    ).rejects.toMatchObject({
      errors: [{ type: "FORBIDDEN", message: "Resource not accessible by integration" }],
    });
    expect(git(repo.git.dir, "for-each-ref", "--format=%(refname)")).toBe("refs/heads/main");
    // Reads still work; GitHub's description declares no 403 for git/refs and git/commits writes, though
    // GitHub answers one: only the statuses it declares are held to it here.
    expect((await octokit.rest.repos.get(o)).data.permissions).toMatchObject({ push: false, pull: true });
    const declared = api.requests.filter((q) => q.path !== "/graphql" && !q.path.endsWith("/git/refs"));
    expect(declared.flatMap((q) => checkExchange(q, { responses: true }))).toEqual([]);
  }, 60_000);

  it("a fork: a pull request whose head repository is the fork, the head fetched into the base", async () => {
    const { repo, store, octokit, o } = await setup();
    const fork = store.fork(repo, "forker");
    store.teammatePush(fork, "main", { "from-fork.txt": "hi\n" });
    const pr = await octokit.rest.pulls.create({
      ...o,
      head: "forker:main",
      base: "main",
      title: "From a fork",
    });
    expect(pr.data.head.repo?.full_name).toBe("forker/repo");
    expect(pr.data.head.repo?.fork).toBe(true);
    expect(pr.data.base.repo.full_name).toBe("octo/repo");
    expect(git(repo.git.dir, "rev-parse", "refs/pull/1/head")).toBe(fork.git.head("main"));
    expect((await octokit.rest.repos.get({ owner: "forker", repo: "repo" })).data).toMatchObject({
      fork: true,
      parent: { full_name: "octo/repo" },
    });
  }, 60_000);

  it("a protected default branch: a pull request required refuses every write; signed commits required refuses an unsigned one", async () => {
    const { repo, api, octokit, o } = await setup();
    const head = repo.git.head("main")!;
    const input = onMain(head);
    repo.protection.main = { requirePullRequest: true };
    await expect(octokit.graphql(COMMIT_MUTATION, { input })).rejects.toMatchObject({
      errors: [
        {
          type: "UNPROCESSABLE",
          message:
            "Protected branch update failed for refs/heads/main. Changes must be made through a pull request.",
        },
      ],
    });
    const tree = repo.git.readCommit(head).tree;
    const unsigned = await octokit.rest.git.createCommit({
      ...o,
      message: "unsigned",
      tree,
      parents: [head],
      committer: { name: "Someone", email: "someone@example.invalid" },
    });
    await expect(
      octokit.rest.git.updateRef({ ...o, ref: "heads/main", sha: unsigned.data.sha }),
    ).rejects.toMatchObject({ status: 422 });
    expect(repo.git.head("main")).toBe(head);

    repo.protection.main = { requireSignedCommits: true };
    await expect(
      octokit.rest.git.updateRef({ ...o, ref: "heads/main", sha: unsigned.data.sha }),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("Commits must have verified signatures."),
    });
    const signed = await octokit.graphql<{ createCommitOnBranch: { commit: { oid: string } } }>(
      COMMIT_MUTATION,
      { input },
    );
    expect(repo.git.head("main")).toBe(signed.createCommitOnBranch.commit.oid);
    expect((await octokit.rest.repos.getBranch({ ...o, branch: "main" })).data.protected).toBe(true);
    expect(restProblems(api)).toEqual([]);
  }, 60_000);

  it("a branch that moves between the read and the write: the teammate's commit kept, the write refused as stale", async () => {
    const { repo, store, octokit } = await setup();
    const found = await octokit.graphql<HeadAnswer>(HEAD_QUERY, {
      owner: "octo",
      name: "repo",
      ref: "refs/heads/main",
    });
    const read = found.repository.ref.target.oid;
    let teammate = "";
    store.when(
      (q) => q.path === "/graphql" && JSON.stringify(q.body).includes("createCommitOnBranch"),
      () => {
        teammate = store.teammatePush(repo, "main", { "a.txt": "teammate\n" });
      },
    );
    await expect(
      octokit.graphql(COMMIT_MUTATION, {
        input: {
          branch: { id: found.repository.ref.id },
          expectedHeadOid: read,
          message: { headline: "mine" },
        },
      }),
    ).rejects.toMatchObject({ errors: [{ type: "STALE_DATA" }] });
    expect(git(repo.git.dir, "rev-parse", "main")).toBe(teammate);
    expect(git(repo.git.dir, "rev-parse", "main^")).toBe(read);
    expect(repo.git.verification(teammate)).toMatchObject({ verified: false, reason: "unsigned" });
  }, 60_000);
});

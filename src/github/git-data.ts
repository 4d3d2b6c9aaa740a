/**
 * What a delivery asks of GitHub (src/deliver/), as one interface, and its implementation with octokit:
 * GitHub's REST git data API (blobs, trees, commits, refs), the branch's head, and the pull request. A
 * commit made here names no author, committer or signature: GitHub then makes it as the token's identity
 * and signs it ("Verified"), and keeps the modes the tree gives (GraphQL's createCommitOnBranch cannot set
 * one). Loaded with a dynamic import only when a delivery runs.
 */
import { type ClientOptions, octokitFor } from "./client.js";
import type { Repository } from "./context.js";

/** An entry of a tree as GitHub lists it (one level). */
export interface TreeEntry {
  path: string;
  mode: string;
  type: string;
  sha: string;
}

/** An entry of a new tree: a blob by its sha, text given inline, or a deletion (`sha: null`). */
export type NewTreeEntry =
  | { path: string; mode: "100644" | "100755"; type: "blob"; sha: string | null }
  | { path: string; mode: "100644" | "100755"; type: "blob"; content: string };

export interface GitData {
  /** The repository's default branch. */
  defaultBranch(): Promise<string>;
  /** A branch's head commit; undefined when there is no such branch. */
  branchHead(branch: string): Promise<string | undefined>;
  /** A commit's tree; undefined when GitHub does not have the commit. */
  commitTree(sha: string): Promise<string | undefined>;
  /** One level of a tree. */
  tree(sha: string): Promise<TreeEntry[]>;
  createBlob(content: Buffer): Promise<string>;
  createTree(baseTree: string, entries: NewTreeEntry[]): Promise<string>;
  /** A commit with one parent, made (and signed) by GitHub as the token's identity. */
  createCommit(message: string, tree: string, parent: string): Promise<string>;
  createBranch(branch: string, sha: string): Promise<void>;
  /** The branch moved to `sha`, never forced: `stale` when GitHub refuses it as not a fast-forward. */
  moveBranch(branch: string, sha: string): Promise<"moved" | "stale">;
  /**
   * A pull request's head: its branch, commit, and whether it is in another repository (a fork, or a
   * deleted one). For a comment on a pull request, whose event does not say.
   */
  pullHead(n: number): Promise<{ ref: string; sha: string; fromFork: boolean }>;
  createPull(
    head: string,
    base: string,
    title: string,
    body: string,
  ): Promise<{ number: number; url: string }>;
}

const status = (e: unknown) => (e as { status?: number })?.status;

export function createGitData(
  token: string,
  repository: Repository,
  apiUrl?: string,
  options: ClientOptions = {},
): GitData {
  const octokit = octokitFor(token, apiUrl, options);
  const git = octokit.rest.git;
  const o = { owner: repository.owner, repo: repository.repo };
  return {
    async defaultBranch() {
      return (await octokit.rest.repos.get(o)).data.default_branch;
    },
    async branchHead(branch) {
      try {
        return (await git.getRef({ ...o, ref: `heads/${branch}` })).data.object.sha;
      } catch (e) {
        if (status(e) === 404) return undefined;
        throw e;
      }
    },
    async commitTree(sha) {
      try {
        return (await git.getCommit({ ...o, commit_sha: sha })).data.tree.sha;
      } catch (e) {
        if (status(e) === 404 || status(e) === 422) return undefined;
        throw e;
      }
    },
    async tree(sha) {
      const { data } = await git.getTree({ ...o, tree_sha: sha });
      return data.tree.map((t) => ({
        path: t.path ?? "",
        mode: t.mode ?? "",
        type: t.type ?? "",
        sha: t.sha ?? "",
      }));
    },
    async createBlob(content) {
      return (await git.createBlob({ ...o, content: content.toString("base64"), encoding: "base64" })).data
        .sha;
    },
    async createTree(baseTree, entries) {
      return (await git.createTree({ ...o, base_tree: baseTree, tree: entries })).data.sha;
    },
    async createCommit(message, tree, parent) {
      return (await git.createCommit({ ...o, message, tree, parents: [parent] })).data.sha;
    },
    async createBranch(branch, sha) {
      await git.createRef({ ...o, ref: `refs/heads/${branch}`, sha });
    },
    async moveBranch(branch, sha) {
      try {
        await git.updateRef({ ...o, ref: `heads/${branch}`, sha, force: false });
        return "moved";
      } catch (e) {
        if (status(e) === 422 && /fast.forward/i.test((e as Error).message)) return "stale";
        throw e;
      }
    },
    async pullHead(n) {
      const { data } = await octokit.rest.pulls.get({ ...o, pull_number: n });
      const headRepo = data.head.repo?.full_name;
      return {
        ref: data.head.ref,
        sha: data.head.sha,
        fromFork: !headRepo || headRepo !== data.base.repo.full_name,
      };
    },
    async createPull(head, base, title, body) {
      const { data } = await octokit.rest.pulls.create({ ...o, head, base, title, body });
      return { number: data.number, url: data.html_url };
    },
  };
}

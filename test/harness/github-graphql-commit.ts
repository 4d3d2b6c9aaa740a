/**
 * `createCommitOnBranch` as GitHub documents it in its schema: the branch by node id or by
 * `repositoryNameWithOwner` + `branchName`; one commit whose parent is the branch's head, which must be
 * `expectedHeadOid` (else GitHub's STALE_DATA error, and nothing written); `fileChanges` with base64
 * contents (RFC 4648, padding required), each path at most once, a deletion only of a path that exists.
 * The mutation cannot set a mode: an addition over an existing executable keeps it, any other addition
 * is a regular file (100644), as on GitHub. The author is the token's identity, the committer GitHub,
 * and the commit is signed. Protected branches refuse it as they refuse a push.
 */

import type { TreeChange } from "./git-store.js";
import {
  GITHUB_COMMITTER,
  type GitHubGit,
  type MountContext,
  protectionRefusal,
  requireAccess,
  type StoredRepository,
  tokenIdentity,
} from "./github-git.js";
import { commitNode, refNode, TypedError } from "./github-graphql.js";

export interface CreateCommitOnBranchInput {
  branch: { id?: string; repositoryNameWithOwner?: string; branchName?: string };
  clientMutationId?: string;
  expectedHeadOid: string;
  fileChanges?: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
  message: { headline: string; body?: string | null };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DOCS = "https://docs.github.com/graphql/reference/mutations#createcommitonbranch";

function locate(store: GitHubGit, branch: CreateCommitOnBranchInput["branch"]) {
  if (branch.id !== undefined) {
    const found = store.refById(branch.id);
    if (!found?.ref.startsWith("refs/heads/")) {
      throw new TypedError("NOT_FOUND", `Could not resolve to a node with the global id of '${branch.id}'`);
    }
    return { repo: found.repo, name: found.ref.slice("refs/heads/".length) };
  }
  if (!branch.repositoryNameWithOwner || !branch.branchName) {
    throw new TypedError(
      "UNPROCESSABLE",
      "Either branch.id or repositoryNameWithOwner and branchName must be given",
    );
  }
  const repo = store.repository(branch.repositoryNameWithOwner);
  if (!repo) {
    throw new TypedError(
      "NOT_FOUND",
      `Could not resolve to a Repository with the name '${branch.repositoryNameWithOwner}'.`,
    );
  }
  return { repo, name: branch.branchName.replace(/^refs\/heads\//, "") };
}

/** The tree changes `fileChanges` asks for on top of `head`, with GitHub's checks. */
function changesOf(repo: StoredRepository, head: string, files: CreateCommitOnBranchInput["fileChanges"]) {
  const additions = files?.additions ?? [];
  const deletions = files?.deletions ?? [];
  const paths = [...additions, ...deletions].map((f) => f.path);
  const twice = paths.find((p, i) => paths.indexOf(p) !== i);
  if (twice !== undefined) throw new TypedError("UNPROCESSABLE", `A path was given more than once: ${twice}`);
  const existing = new Map(
    repo.git
      .lsTree(head, true)
      .filter((e) => e.type !== "tree")
      .map((e) => [e.path, e.mode]),
  );
  const changes: TreeChange[] = [];
  for (const { path } of deletions) {
    if (!existing.has(path)) throw new TypedError("UNPROCESSABLE", `No file exists at path ${path}`);
    changes.push({ path, mode: "100644", sha: null });
  }
  for (const { path, contents } of additions) {
    if (!BASE64.test(contents)) throw new TypedError("UNPROCESSABLE", `Invalid base64 contents for ${path}`);
    const sha = repo.git.writeBlob(Buffer.from(contents, "base64"));
    changes.push({ path, mode: existing.get(path) === "100755" ? "100755" : "100644", sha });
  }
  return changes;
}

export function createCommitOnBranch(store: GitHubGit, ctx: MountContext, input: CreateCommitOnBranchInput) {
  const { repo, name } = locate(store, input.branch);
  const ref = `refs/heads/${name}`;
  const head = repo.git.head(name);
  if (!head) throw new TypedError("NOT_FOUND", `A ref named "${ref}" does not exist in ${repo.fullName}.`);
  try {
    requireAccess(store, ctx, "contents", DOCS);
  } catch (error) {
    throw new TypedError("FORBIDDEN", (error as Error).message);
  }
  const stale = () =>
    new TypedError(
      "STALE_DATA",
      `Expected branch to point to "${input.expectedHeadOid}" but it did not.  Pull and try again.`,
    );
  if (head !== input.expectedHeadOid) throw stale();
  let tree: string;
  try {
    tree = repo.git.writeTree(repo.git.readCommit(head).tree, changesOf(repo, head, input.fileChanges));
  } catch (error) {
    if (error instanceof TypedError) throw error;
    // git refused the tree (a file where a directory must go): GitHub's validation error, not a crash.
    throw new TypedError(
      "UNPROCESSABLE",
      `The file changes could not be applied: ${String(error).split("\n")[0]}`,
    );
  }
  const body = input.message.body ? `\n\n${input.message.body}` : "";
  const sha = repo.git.writeCommit({
    tree,
    parents: [head],
    message: `${input.message.headline}${body}`,
    author: tokenIdentity(ctx),
    committer: GITHUB_COMMITTER,
    sign: true,
  });
  const refusal = protectionRefusal(repo, name, sha);
  if (refusal) throw new TypedError("UNPROCESSABLE", `Protected branch update failed for ${ref}. ${refusal}`);
  // The head may have moved since it was read (a teammate's push): the update is refused, not forced.
  if (!repo.git.updateRef(ref, sha, head)) throw stale();
  return {
    clientMutationId: input.clientMutationId ?? null,
    commit: commitNode(repo, sha),
    ref: refNode(store, repo, ref),
  };
}

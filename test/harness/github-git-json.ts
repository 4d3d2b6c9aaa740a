/**
 * The stand-in's answers about stored repositories, shaped as GitHub's API description says: each starts
 * from GitHub's own example (@octokit/openapi) and has its modelled fields filled from the bare
 * repository, read with git when asked (a commit's parents, its verification, a tree's entries).
 */
import type { GitHubGit, MountContext, StoredRepository } from "./github-git.js";
import { refNodeId } from "./github-git.js";
import { githubExample } from "./openapi.js";

export const api = (ctx: MountContext, repo: StoredRepository) => `${ctx.baseUrl()}/repos/${repo.fullName}`;
const web = (repo: StoredRepository) => `https://github.com/${repo.fullName}`;
const nodeId = (kind: string, text: string) => Buffer.from(`${kind}:${text}`).toString("base64");

/** A commit as the git data API shows it (`git-commit`), read from the repository. */
export function gitCommitJson(ctx: MountContext, repo: StoredRepository, sha: string) {
  const c = repo.git.readCommit(sha);
  return {
    ...githubExample("/repos/{owner}/{repo}/git/commits", "post", "201"),
    sha,
    node_id: nodeId("06:Commit", `${repo.id}:${sha}`),
    url: `${api(ctx, repo)}/git/commits/${sha}`,
    html_url: `${web(repo)}/commit/${sha}`,
    author: c.author,
    committer: c.committer,
    message: c.message.replace(/\n$/, ""),
    tree: { sha: c.tree, url: `${api(ctx, repo)}/git/trees/${c.tree}` },
    parents: c.parents.map((p) => ({
      sha: p,
      url: `${api(ctx, repo)}/git/commits/${p}`,
      html_url: `${web(repo)}/commit/${p}`,
    })),
    verification: repo.git.verification(sha),
  };
}

/** A commit as the commits API shows it (`commit`), with the git commit inside. */
export function commitJson(ctx: MountContext, repo: StoredRepository, sha: string) {
  const git = gitCommitJson(ctx, repo, sha);
  const example = githubExample("/repos/{owner}/{repo}/commits/{ref}", "get", "200");
  return {
    ...example,
    url: `${api(ctx, repo)}/commits/${sha}`,
    sha,
    node_id: git.node_id,
    html_url: git.html_url,
    comments_url: `${api(ctx, repo)}/commits/${sha}/comments`,
    commit: {
      url: git.url,
      author: git.author,
      committer: git.committer,
      message: git.message,
      tree: git.tree,
      comment_count: 0,
      verification: git.verification,
    },
    // Commits are matched to accounts by email; the stand-in matches none.
    author: null,
    committer: null,
    parents: git.parents,
    ...changedFiles(ctx, repo, sha),
  };
}

const STATUS: Record<string, string> = { A: "added", D: "removed", M: "modified", T: "changed" };

/** What a commit changed against its first parent, as the commits API lists it (`stats`, `files`). */
function changedFiles(ctx: MountContext, repo: StoredRepository, sha: string) {
  const diff = (format: string) =>
    repo.git
      .git("diff-tree", "-r", "--root", "--no-commit-id", "--no-renames", format, sha)
      .split("\n")
      .filter(Boolean);
  const statuses = new Map(diff("--name-status").map((line) => [line.slice(2), line[0]!]));
  const files = diff("--numstat").map((line) => {
    const [added, removed, filename] = line.split("\t") as [string, string, string];
    // Binary files count no lines, as on GitHub.
    const additions = added === "-" ? 0 : Number(added);
    const deletions = removed === "-" ? 0 : Number(removed);
    const status = STATUS[statuses.get(filename) ?? "M"] ?? "modified";
    const blob = status === "removed" ? "0".repeat(40) : repo.git.git("rev-parse", `${sha}:${filename}`);
    return {
      sha: blob,
      filename,
      status,
      additions,
      deletions,
      changes: additions + deletions,
      blob_url: `${web(repo)}/blob/${sha}/${filename}`,
      raw_url: `${web(repo)}/raw/${sha}/${filename}`,
      contents_url: `${api(ctx, repo)}/contents/${filename}?ref=${sha}`,
    };
  });
  const additions = files.reduce((n, f) => n + f.additions, 0);
  const deletions = files.reduce((n, f) => n + f.deletions, 0);
  return { stats: { additions, deletions, total: additions + deletions }, files };
}

export function refJson(ctx: MountContext, repo: StoredRepository, ref: string, sha: string) {
  return {
    ref,
    node_id: refNodeId(repo, ref),
    url: `${api(ctx, repo)}/git/${ref}`,
    object: { type: repo.git.typeOf(sha) ?? "commit", sha, url: `${api(ctx, repo)}/git/commits/${sha}` },
  };
}

export function treeJson(ctx: MountContext, repo: StoredRepository, sha: string, recursive: boolean) {
  return {
    sha,
    url: `${api(ctx, repo)}/git/trees/${sha}`,
    tree: repo.git.lsTree(sha, recursive).map((e) => ({
      path: e.path,
      mode: e.mode,
      type: e.type,
      sha: e.sha,
      ...(e.type === "blob" ? { size: e.size, url: `${api(ctx, repo)}/git/blobs/${e.sha}` } : {}),
      ...(e.type === "tree" ? { url: `${api(ctx, repo)}/git/trees/${e.sha}` } : {}),
    })),
    truncated: false,
  };
}

/** The repository (`full-repository`), with what the token may do in `permissions`. */
export function repositoryJson(store: GitHubGit, ctx: MountContext, repo: StoredRepository): unknown {
  const example = githubExample("/repos/{owner}/{repo}", "get", "200");
  const owner = {
    ...(example.owner as object),
    login: repo.owner,
    url: `${ctx.baseUrl()}/users/${repo.owner}`,
  };
  const json: Record<string, unknown> = {
    ...example,
    id: repo.id,
    node_id: repo.nodeId,
    name: repo.name,
    full_name: repo.fullName,
    owner,
    html_url: web(repo),
    url: api(ctx, repo),
    clone_url: `${web(repo)}.git`,
    fork: repo.parent !== undefined,
    default_branch: repo.defaultBranch,
    // Required by GitHub's description, absent from its example.
    language: null,
    permissions: {
      admin: false,
      maintain: false,
      push: store.permissions.contents === "write",
      triage: false,
      pull: true,
    },
  };
  delete json.parent;
  delete json.source;
  delete json.template_repository;
  if (repo.parent) {
    const parent = repositoryJson(store, ctx, repo.parent) as Record<string, unknown>;
    json.parent = parent;
    json.source = parent;
  }
  return json;
}

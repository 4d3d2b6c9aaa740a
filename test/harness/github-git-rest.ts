/**
 * GitHub's REST git data API over a stored repository: blobs, trees, commits and refs as GitHub makes
 * and checks them, plus the read views a client uses to find a branch's head (`branches/{b}`,
 * `commits/{ref}`) and the repository itself. Every answer starts from GitHub's own example
 * (@octokit/openapi) with the modelled fields filled from the bare repository.
 */

import { type GitPerson, type TreeChange, ZERO_OID } from "./git-store.js";
import type { RecordedRequest } from "./github-api.js";
import {
  type GitHubGit,
  type MountContext,
  protectionRefusal,
  type RouteResult,
  refNodeId,
  requireAccess,
  type StoredRepository,
  tokenIdentity,
} from "./github-git.js";
import { githubExample } from "./openapi.js";

const DOCS = "https://docs.github.com/rest/git";
const MODES: Record<string, string> = {
  "100644": "blob",
  "100755": "blob",
  "120000": "blob",
  "040000": "tree",
  "160000": "commit",
};

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
    files: [],
  };
}

function refJson(ctx: MountContext, repo: StoredRepository, ref: string, sha: string) {
  return {
    ref,
    node_id: refNodeId(repo, ref),
    url: `${api(ctx, repo)}/git/${ref}`,
    object: { type: repo.git.typeOf(sha) ?? "commit", sha, url: `${api(ctx, repo)}/git/commits/${sha}` },
  };
}

function treeJson(ctx: MountContext, repo: StoredRepository, sha: string, recursive: boolean) {
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
function repositoryJson(store: GitHubGit, ctx: MountContext, repo: StoredRepository): unknown {
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

const unprocessable = (ctx: MountContext, message: string, docs: string) =>
  ctx.error(422, message, { documentation_url: docs });

function createTree(store: GitHubGit, ctx: MountContext, repo: StoredRepository, body: unknown): RouteResult {
  const docs = `${DOCS}/trees#create-a-tree`;
  requireAccess(store, ctx, "contents", docs);
  const input = (body ?? {}) as {
    base_tree?: string;
    tree?: { path: string; mode: string; type?: string; sha?: string | null; content?: string }[];
  };
  if (input.base_tree !== undefined && repo.git.typeOf(input.base_tree) === undefined) {
    throw unprocessable(ctx, "base_tree is not a valid tree oid", docs);
  }
  const base = input.base_tree ? repo.git.git("rev-parse", `${input.base_tree}^{tree}`) : undefined;
  const changes: TreeChange[] = [];
  for (const entry of input.tree ?? []) {
    const kind = MODES[entry.mode];
    if (!kind || (entry.type !== undefined && entry.type !== kind)) {
      throw unprocessable(ctx, `tree.mode ${entry.mode} does not fit tree.type ${entry.type}`, docs);
    }
    if (entry.content !== undefined && entry.sha !== undefined) {
      throw unprocessable(ctx, "Must supply either tree.sha or tree.content, not both", docs);
    }
    let sha = entry.sha ?? null;
    if (entry.content !== undefined) sha = repo.git.writeBlob(Buffer.from(entry.content, "utf8"));
    else if (sha === null) {
      // A deletion names a path of the base tree; without one there is nothing to delete.
      if (!base) throw unprocessable(ctx, `tree.sha null needs base_tree (path ${entry.path})`, docs);
    } else if (kind !== "commit" && repo.git.typeOf(sha) !== kind) {
      // A submodule's commit lives in another repository; any other object must be here.
      throw unprocessable(ctx, "GitRPC::BadObjectState", docs);
    }
    changes.push({ path: entry.path, mode: entry.mode, sha });
  }
  const sha = repo.git.writeTree(base, changes);
  return { status: 201, json: treeJson(ctx, repo, sha, false) };
}

function createCommit(
  store: GitHubGit,
  ctx: MountContext,
  repo: StoredRepository,
  body: unknown,
): RouteResult {
  const docs = `${DOCS}/commits#create-a-commit`;
  requireAccess(store, ctx, "contents", docs);
  const input = (body ?? {}) as {
    message?: string;
    tree?: string;
    parents?: string[];
    author?: GitPerson;
    committer?: GitPerson;
    signature?: string;
  };
  if (typeof input.message !== "string" || typeof input.tree !== "string") {
    throw unprocessable(ctx, 'Invalid request.\n\n"message" and "tree" are required.', docs);
  }
  if (repo.git.typeOf(input.tree) !== "tree") throw unprocessable(ctx, "Tree SHA does not exist", docs);
  for (const parent of input.parents ?? []) {
    if (repo.git.typeOf(parent) !== "commit")
      throw unprocessable(ctx, "Parent SHA does not exist or is not a commit object", docs);
  }
  const me = tokenIdentity(ctx);
  const author = input.author ?? me;
  const committer = input.committer ?? author;
  // GitHub signs only a commit that is its own: made for the token, naming no one else as committer.
  const own = committer.email === me.email && committer.name === me.name && input.signature === undefined;
  const sha = repo.git.writeCommit({
    tree: input.tree,
    parents: input.parents ?? [],
    message: input.message,
    author,
    committer,
    sign: own,
  });
  return {
    status: 201,
    json: gitCommitJson(ctx, repo, sha),
    headers: { location: `${api(ctx, repo)}/git/commits/${sha}` },
  };
}

function writeRef(
  store: GitHubGit,
  ctx: MountContext,
  repo: StoredRepository,
  ref: string,
  body: unknown,
  create: boolean,
): RouteResult {
  const docs = `${DOCS}/refs#${create ? "create-a-reference" : "update-a-reference"}`;
  requireAccess(store, ctx, "contents", docs);
  const input = (body ?? {}) as { sha?: string; force?: boolean };
  if (!/^refs\/[^/]+\/.+/.test(ref)) throw unprocessable(ctx, "Reference name is not well-formed", docs);
  if (typeof input.sha !== "string" || repo.git.typeOf(input.sha) === undefined) {
    throw unprocessable(ctx, "Object does not exist", docs);
  }
  const old = repo.git.refSha(ref);
  if (create && old) throw unprocessable(ctx, "Reference already exists", docs);
  if (!create && !old) throw unprocessable(ctx, "Reference does not exist", docs);
  if (old && !input.force && !repo.git.isAncestor(old, input.sha)) {
    throw unprocessable(ctx, "Update is not a fast forward", docs);
  }
  const branch = ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : undefined;
  const refusal = branch ? protectionRefusal(repo, branch, input.sha) : undefined;
  if (refusal) throw unprocessable(ctx, `Protected branch update failed for ${ref}. ${refusal}`, docs);
  if (!repo.git.updateRef(ref, input.sha, old ?? ZERO_OID)) {
    throw ctx.error(409, "Reference update failed", { documentation_url: docs });
  }
  return { status: create ? 201 : 200, json: refJson(ctx, repo, ref, input.sha) };
}

/** Undefined when `rest` (the path after `/repos/{o}/{r}`) is none of the git data routes. */
export function gitDataRoutes(
  store: GitHubGit,
  repo: StoredRepository,
  rest: string,
  request: RecordedRequest,
  ctx: MountContext,
): RouteResult | undefined {
  const { method, body } = request;
  const notFound = (docs: string) => ctx.error(404, "Not Found", { documentation_url: docs });
  if (rest === "" && method === "GET") return { status: 200, json: repositoryJson(store, ctx, repo) };
  if (rest === "/git/blobs" && method === "POST") {
    const docs = `${DOCS}/blobs#create-a-blob`;
    requireAccess(store, ctx, "contents", docs);
    const input = (body ?? {}) as { content?: unknown; encoding?: string };
    if (typeof input.content !== "string")
      throw unprocessable(ctx, 'Invalid request.\n\n"content" wasn\'t supplied.', docs);
    const encoding = input.encoding ?? "utf-8";
    if (encoding !== "utf-8" && encoding !== "base64")
      throw unprocessable(ctx, `encoding ${encoding} is not supported`, docs);
    const sha = repo.git.writeBlob(Buffer.from(input.content, encoding === "base64" ? "base64" : "utf8"));
    return {
      status: 201,
      json: { sha, url: `${api(ctx, repo)}/git/blobs/${sha}` },
      headers: { location: `${api(ctx, repo)}/git/blobs/${sha}` },
    };
  }
  let m = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest);
  if (m && method === "GET") {
    if (repo.git.typeOf(m[1]!) !== "blob") throw notFound(`${DOCS}/blobs#get-a-blob`);
    const content = repo.git.readBlob(m[1]!);
    return {
      status: 200,
      json: {
        ...githubExample("/repos/{owner}/{repo}/git/blobs/{file_sha}", "get", "200"),
        sha: m[1],
        node_id: nodeId("04:Blob", `${repo.id}:${m[1]}`),
        size: content.length,
        url: `${api(ctx, repo)}/git/blobs/${m[1]}`,
        // GitHub wraps base64 at 60 characters a line.
        content: (content.toString("base64").match(/.{1,60}/g) ?? []).join("\n"),
        encoding: "base64",
      },
    };
  }
  if (rest === "/git/trees" && method === "POST") return createTree(store, ctx, repo, body);
  m = /^\/git\/trees\/(.+)$/.exec(rest);
  if (m && method === "GET") {
    const sha = repo.git.refSha(`${decodeURIComponent(m[1]!)}^{tree}`);
    if (!sha) throw notFound(`${DOCS}/trees#get-a-tree`);
    return { status: 200, json: treeJson(ctx, repo, sha, request.query.recursive !== undefined) };
  }
  if (rest === "/git/commits" && method === "POST") return createCommit(store, ctx, repo, body);
  m = /^\/git\/commits\/([0-9a-f]{40})$/.exec(rest);
  if (m && method === "GET") {
    if (repo.git.typeOf(m[1]!) !== "commit") throw notFound(`${DOCS}/commits#get-a-commit-object`);
    return { status: 200, json: gitCommitJson(ctx, repo, m[1]!) };
  }
  if (rest === "/git/refs" && method === "POST") {
    return writeRef(store, ctx, repo, String((body as { ref?: unknown })?.ref ?? ""), body, true);
  }
  m = /^\/git\/refs\/(.+)$/.exec(rest);
  if (m && method === "PATCH")
    return writeRef(store, ctx, repo, `refs/${decodeURIComponent(m[1]!)}`, body, false);
  if (m && method === "DELETE") {
    const docs = `${DOCS}/refs#delete-a-reference`;
    requireAccess(store, ctx, "contents", docs);
    const ref = `refs/${decodeURIComponent(m[1]!)}`;
    const old = repo.git.refSha(ref);
    if (!old || !repo.git.deleteRef(ref, old)) throw unprocessable(ctx, "Reference does not exist", docs);
    return { status: 204 };
  }
  m = /^\/git\/ref\/(.+)$/.exec(rest);
  if (m && method === "GET") {
    const ref = `refs/${decodeURIComponent(m[1]!)}`;
    const sha = repo.git.refs(ref).find((r) => r.ref === ref)?.sha;
    if (!sha) throw notFound(`${DOCS}/refs#get-a-reference`);
    return { status: 200, json: refJson(ctx, repo, ref, sha) };
  }
  m = /^\/git\/matching-refs\/(.*)$/.exec(rest);
  if (m && method === "GET") {
    const prefix = `refs/${decodeURIComponent(m[1]!)}`;
    const all = repo.git.refs("refs/").filter((r) => r.ref.startsWith(prefix));
    return { status: 200, json: all.map((r) => refJson(ctx, repo, r.ref, r.sha)) };
  }
  m = /^\/branches\/(.+)$/.exec(rest);
  if (m && method === "GET") {
    const branch = decodeURIComponent(m[1]!);
    const sha = repo.git.head(branch);
    if (!sha)
      throw ctx.error(404, "Branch not found", {
        documentation_url: "https://docs.github.com/rest/branches/branches#get-a-branch",
      });
    const example = githubExample("/repos/{owner}/{repo}/branches/{branch}", "get", "200");
    const protectedBranch = repo.protection[branch] !== undefined;
    return {
      status: 200,
      json: {
        ...example,
        name: branch,
        commit: commitJson(ctx, repo, sha),
        _links: { self: `${api(ctx, repo)}/branches/${branch}`, html: `${web(repo)}/tree/${branch}` },
        protected: protectedBranch,
        protection: { ...(example.protection as object), enabled: protectedBranch },
        protection_url: `${api(ctx, repo)}/branches/${branch}/protection`,
      },
    };
  }
  m = /^\/commits\/(.+)$/.exec(rest);
  if (m && method === "GET") {
    const ref = decodeURIComponent(m[1]!);
    const sha = /^[0-9a-f]{40}$/.test(ref) ? ref : (repo.git.head(ref) ?? repo.git.refSha(ref));
    if (!sha || repo.git.typeOf(sha) !== "commit") {
      throw ctx.error(422, `No commit found for SHA: ${ref}`, {
        documentation_url: "https://docs.github.com/rest/commits/commits#get-a-commit",
      });
    }
    return { status: 200, json: commitJson(ctx, repo, sha) };
  }
  return undefined;
}

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
  type RepositoryRoutes,
  type RouteResult,
  requireAccess,
  type StoredRepository,
  tokenIdentity,
} from "./github-git.js";
import { api, commitJson, gitCommitJson, refJson, repositoryJson, treeJson } from "./github-git-json.js";
import { githubExample } from "./openapi.js";

const DOCS = "https://docs.github.com/rest/git";
const MODES: Record<string, string> = {
  "100644": "blob",
  "100755": "blob",
  "120000": "blob",
  "040000": "tree",
  "160000": "commit",
};

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

type Handler = (
  store: GitHubGit,
  repo: StoredRepository,
  request: RecordedRequest,
  ctx: MountContext,
  match: string[],
) => RouteResult;

const decode = (part: string | undefined) => decodeURIComponent(part ?? "");
const notFound = (ctx: MountContext, docs: string) =>
  ctx.error(404, "Not Found", { documentation_url: docs });

function createBlob(store: GitHubGit, repo: StoredRepository, body: unknown, ctx: MountContext): RouteResult {
  const docs = `${DOCS}/blobs#create-a-blob`;
  requireAccess(store, ctx, "contents", docs);
  const input = (body ?? {}) as { content?: unknown; encoding?: string };
  if (typeof input.content !== "string") {
    throw unprocessable(ctx, 'Invalid request.\n\n"content" wasn\'t supplied.', docs);
  }
  const encoding = input.encoding ?? "utf-8";
  if (encoding !== "utf-8" && encoding !== "base64") {
    throw unprocessable(ctx, `encoding ${encoding} is not supported`, docs);
  }
  const sha = repo.git.writeBlob(Buffer.from(input.content, encoding === "base64" ? "base64" : "utf8"));
  const url = `${api(ctx, repo)}/git/blobs/${sha}`;
  return { status: 201, json: { sha, url }, headers: { location: url } };
}

function getBlob(repo: StoredRepository, sha: string, ctx: MountContext): RouteResult {
  if (repo.git.typeOf(sha) !== "blob") throw notFound(ctx, `${DOCS}/blobs#get-a-blob`);
  const content = repo.git.readBlob(sha);
  return {
    status: 200,
    json: {
      ...githubExample("/repos/{owner}/{repo}/git/blobs/{file_sha}", "get", "200"),
      sha,
      node_id: Buffer.from(`04:Blob${repo.id}:${sha}`).toString("base64"),
      size: content.length,
      url: `${api(ctx, repo)}/git/blobs/${sha}`,
      // GitHub wraps base64 at 60 characters a line.
      content: (content.toString("base64").match(/.{1,60}/g) ?? []).join("\n"),
      encoding: "base64",
    },
  };
}

function deleteRef(store: GitHubGit, repo: StoredRepository, ref: string, ctx: MountContext): RouteResult {
  const docs = `${DOCS}/refs#delete-a-reference`;
  requireAccess(store, ctx, "contents", docs);
  const old = repo.git.refSha(ref);
  if (!old || !repo.git.deleteRef(ref, old)) throw unprocessable(ctx, "Reference does not exist", docs);
  return { status: 204 };
}

function getBranch(repo: StoredRepository, branch: string, ctx: MountContext): RouteResult {
  const sha = repo.git.head(branch);
  if (!sha) {
    throw ctx.error(404, "Branch not found", {
      documentation_url: "https://docs.github.com/rest/branches/branches#get-a-branch",
    });
  }
  const example = githubExample("/repos/{owner}/{repo}/branches/{branch}", "get", "200");
  const isProtected = repo.protection[branch] !== undefined;
  const self = `${api(ctx, repo)}/branches/${branch}`;
  return {
    status: 200,
    json: {
      ...example,
      name: branch,
      commit: commitJson(ctx, repo, sha),
      _links: { self, html: `https://github.com/${repo.fullName}/tree/${branch}` },
      protected: isProtected,
      protection: { ...(example.protection as object), enabled: isProtected },
      protection_url: `${self}/protection`,
    },
  };
}

function getCommit(repo: StoredRepository, ref: string, ctx: MountContext): RouteResult {
  const sha = /^[0-9a-f]{40}$/.test(ref) ? ref : (repo.git.head(ref) ?? repo.git.refSha(ref));
  if (!sha || repo.git.typeOf(sha) !== "commit") {
    throw ctx.error(422, `No commit found for SHA: ${ref}`, {
      documentation_url: "https://docs.github.com/rest/commits/commits#get-a-commit",
    });
  }
  return { status: 200, json: commitJson(ctx, repo, sha) };
}

/** The git data routes: method, the path after `/repos/{o}/{r}`, and what answers. */
const ROUTES: [string, RegExp, Handler][] = [
  ["GET", /^$/, (store, repo, _q, ctx) => ({ status: 200, json: repositoryJson(store, ctx, repo) })],
  ["POST", /^\/git\/blobs$/, (store, repo, q, ctx) => createBlob(store, repo, q.body, ctx)],
  ["GET", /^\/git\/blobs\/([0-9a-f]{40})$/, (_s, repo, _q, ctx, m) => getBlob(repo, m[1]!, ctx)],
  ["POST", /^\/git\/trees$/, (store, repo, q, ctx) => createTree(store, ctx, repo, q.body)],
  [
    "GET",
    /^\/git\/trees\/(.+)$/,
    (_s, repo, q, ctx, m) => {
      const sha = repo.git.refSha(`${decode(m[1])}^{tree}`);
      if (!sha) throw notFound(ctx, `${DOCS}/trees#get-a-tree`);
      return { status: 200, json: treeJson(ctx, repo, sha, q.query.recursive !== undefined) };
    },
  ],
  ["POST", /^\/git\/commits$/, (store, repo, q, ctx) => createCommit(store, ctx, repo, q.body)],
  [
    "GET",
    /^\/git\/commits\/([0-9a-f]{40})$/,
    (_s, repo, _q, ctx, m) => {
      if (repo.git.typeOf(m[1]!) !== "commit") throw notFound(ctx, `${DOCS}/commits#get-a-commit-object`);
      return { status: 200, json: gitCommitJson(ctx, repo, m[1]!) };
    },
  ],
  [
    "POST",
    /^\/git\/refs$/,
    (store, repo, q, ctx) =>
      writeRef(store, ctx, repo, String((q.body as { ref?: unknown })?.ref ?? ""), q.body, true),
  ],
  [
    "PATCH",
    /^\/git\/refs\/(.+)$/,
    (store, repo, q, ctx, m) => writeRef(store, ctx, repo, `refs/${decode(m[1])}`, q.body, false),
  ],
  [
    "DELETE",
    /^\/git\/refs\/(.+)$/,
    (store, repo, _q, ctx, m) => deleteRef(store, repo, `refs/${decode(m[1])}`, ctx),
  ],
  [
    "GET",
    /^\/git\/ref\/(.+)$/,
    (_s, repo, _q, ctx, m) => {
      const ref = `refs/${decode(m[1])}`;
      const sha = repo.git.refs(ref).find((r) => r.ref === ref)?.sha;
      if (!sha) throw notFound(ctx, `${DOCS}/refs#get-a-reference`);
      return { status: 200, json: refJson(ctx, repo, ref, sha) };
    },
  ],
  [
    "GET",
    /^\/git\/matching-refs\/(.*)$/,
    (_s, repo, _q, ctx, m) => {
      const prefix = `refs/${decode(m[1])}`;
      const all = repo.git.refs("refs/").filter((r) => r.ref.startsWith(prefix));
      return { status: 200, json: all.map((r) => refJson(ctx, repo, r.ref, r.sha)) };
    },
  ],
  ["GET", /^\/branches\/(.+)$/, (_s, repo, _q, ctx, m) => getBranch(repo, decode(m[1]), ctx)],
  ["GET", /^\/commits\/(.+)$/, (_s, repo, _q, ctx, m) => getCommit(repo, decode(m[1]), ctx)],
];

export const gitDataRoutes: RepositoryRoutes = (store, repo, rest, request, ctx) => {
  for (const [method, pattern, handler] of ROUTES) {
    const match = method === request.method ? pattern.exec(rest) : null;
    if (match) return handler(store, repo, request, ctx, [...match]);
  }
  return undefined;
};

/**
 * Pull requests between branches of a stored repository (or from a fork's branch into it), opened with
 * GitHub's checks: both branches exist, the head has commits the base lacks, and no open pull request
 * joins the same two already. As on GitHub, the pull request's head is kept in the base repository as
 * `refs/pull/{n}/head`, and its `head.sha`/`base.sha` are the branches' heads when asked.
 */
import {
  type GitHubGit,
  type MountContext,
  type RepositoryRoutes,
  type RouteResult,
  requireAccess,
  type StoredPull,
  type StoredRepository,
} from "./github-git.js";
import { api } from "./github-git-json.js";
import { githubExample } from "./openapi.js";

const DOCS = "https://docs.github.com/rest/pulls/pulls";

/** A repository as a pull request's head or base shows it (`repository`), from GitHub's example. */
function repoJson(ctx: MountContext, example: Record<string, unknown>, repo: StoredRepository) {
  return {
    ...example,
    id: repo.id,
    node_id: repo.nodeId,
    name: repo.name,
    full_name: repo.fullName,
    owner: { ...(example.owner as object), login: repo.owner },
    html_url: `https://github.com/${repo.fullName}`,
    url: api(ctx, repo),
    fork: repo.parent !== undefined,
    default_branch: repo.defaultBranch,
  };
}

function pullJson(ctx: MountContext, pull: StoredPull): unknown {
  const example = githubExample("/repos/{owner}/{repo}/pulls", "post", "201");
  const exampleRepo = (example.head as { repo: Record<string, unknown> }).repo;
  const side = (repo: StoredRepository, branch: string, exampleSide: unknown) => ({
    ...(exampleSide as object),
    label: `${repo.owner}:${branch}`,
    ref: branch,
    sha: repo.git.head(branch) ?? "0".repeat(40),
    user: { ...((exampleSide as { user: object }).user ?? {}), login: repo.owner },
    repo: repoJson(ctx, exampleRepo, repo),
  });
  const self = `${api(ctx, pull.repo)}/pulls/${pull.number}`;
  const html = `https://github.com/${pull.repo.fullName}/pull/${pull.number}`;
  return {
    ...example,
    url: self,
    id: 900_000_000 + pull.number,
    node_id: `PR_kwDO${(900_000_000 + pull.number).toString(36)}`,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api(ctx, pull.repo)}/issues/${pull.number}`,
    number: pull.number,
    state: pull.state,
    title: pull.title,
    body: pull.body,
    user: ctx.user(),
    labels: [],
    milestone: null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    created_at: pull.createdAt,
    updated_at: pull.createdAt,
    closed_at: null,
    merged_at: null,
    merge_commit_sha: null,
    head: side(pull.headRepo, pull.head, example.head),
    base: side(pull.repo, pull.base, example.base),
    author_association: "NONE",
    auto_merge: null,
    draft: pull.draft,
    merged: false,
    mergeable: null,
    mergeable_state: "unknown",
    merged_by: null,
    comments: 0,
    review_comments: 0,
  };
}

const invalid = (ctx: MountContext, errors: Record<string, unknown>[]) =>
  ctx.error(422, "Validation Failed", {
    errors: errors.map((e) => ({ resource: "PullRequest", ...e })),
    documentation_url: `${DOCS}#create-a-pull-request`,
  });

/** `head` as GitHub takes it: `branch`, or `owner:branch` for a branch of a fork in the same network. */
function headOf(store: GitHubGit, repo: StoredRepository, head: string) {
  const colon = head.indexOf(":");
  if (colon === -1) return { headRepo: repo, branch: head };
  const owner = head.slice(0, colon);
  const network = [repo, ...[...store.repositories.values()].filter((r) => r.parent === repo)];
  const headRepo = network.find((r) => r.owner.toLowerCase() === owner.toLowerCase());
  return { headRepo, branch: head.slice(colon + 1) };
}

function createPull(store: GitHubGit, repo: StoredRepository, body: unknown, ctx: MountContext): RouteResult {
  requireAccess(store, ctx, "pull_requests", `${DOCS}#create-a-pull-request`);
  const input = (body ?? {}) as {
    title?: string;
    head?: string;
    base?: string;
    body?: string;
    draft?: boolean;
  };
  if (typeof input.head !== "string" || typeof input.base !== "string") {
    throw invalid(ctx, [{ field: typeof input.head === "string" ? "base" : "head", code: "missing_field" }]);
  }
  const { headRepo, branch } = headOf(store, repo, input.head);
  const headSha = headRepo?.git.head(branch);
  const baseSha = repo.git.head(input.base);
  if (!headRepo || !headSha) throw invalid(ctx, [{ field: "head", code: "invalid" }]);
  if (!baseSha) throw invalid(ctx, [{ field: "base", code: "invalid" }]);
  const open = store.pulls.find(
    (p) =>
      p.state === "open" &&
      p.repo === repo &&
      p.headRepo === headRepo &&
      p.head === branch &&
      p.base === input.base,
  );
  if (open) {
    throw invalid(ctx, [
      { code: "custom", message: `A pull request already exists for ${headRepo.owner}:${branch}.` },
    ]);
  }
  // The head's commit is fetched into the base repository first, as GitHub keeps `refs/pull/{n}/head`.
  const number = store.pulls.length + store.firstPullNumber;
  const pullRef = `refs/pull/${number}/head`;
  if (headRepo === repo) repo.git.git("update-ref", pullRef, headSha);
  else repo.git.git("fetch", "-q", headRepo.git.dir, `+refs/heads/${branch}:${pullRef}`);
  if (repo.git.isAncestor(headSha, baseSha)) {
    repo.git.git("update-ref", "-d", pullRef);
    throw invalid(ctx, [{ code: "custom", message: `No commits between ${input.base} and ${input.head}` }]);
  }
  if (!input.title) throw invalid(ctx, [{ field: "title", code: "missing_field" }]);
  const pull: StoredPull = {
    number,
    repo,
    headRepo,
    head: branch,
    base: input.base,
    title: input.title,
    body: input.body ?? null,
    draft: input.draft ?? false,
    state: "open",
    login: String(ctx.user().login),
    createdAt: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
  };
  store.pulls.push(pull);
  const json = pullJson(ctx, pull);
  return { status: 201, json, headers: { location: `${api(ctx, repo)}/pulls/${number}` } };
}

/** `/pulls` and `/pulls/{n}` of a pull request the store holds. */
export const storedPullsRoutes: RepositoryRoutes = (store, repo, rest, request, ctx) => {
  if (rest === "/pulls" && request.method === "POST") return createPull(store, repo, request.body, ctx);
  if (rest === "/pulls" && request.method === "GET") {
    const q = request.query;
    const state = q.state ?? "open";
    const head = q.head ? headOf(store, repo, q.head) : undefined;
    const listed = store.pulls.filter(
      (p) =>
        p.repo === repo &&
        (state === "all" || p.state === state) &&
        (!q.base || p.base === q.base) &&
        (!head || (p.headRepo === head.headRepo && p.head === head.branch)),
    );
    // Not paginated: a test's repository holds a handful.
    return { status: 200, json: listed.map((p) => pullJson(ctx, p)) };
  }
  const m = /^\/pulls\/(\d+)$/.exec(rest);
  if (m && request.method === "GET") {
    const pull = store.pulls.find((p) => p.repo === repo && p.number === Number(m[1]));
    // Someone else's (the stand-in's seeded `pullBases`) when the store has no such pull request.
    return pull ? { status: 200, json: pullJson(ctx, pull) } : undefined;
  }
  return undefined;
};

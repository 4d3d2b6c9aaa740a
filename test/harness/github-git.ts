/**
 * The repositories the GitHub stand-in stores for real (test/harness/git-store.ts), and the setups a
 * delivery meets on GitHub: what the token may write, forks, protected branches, and a teammate who
 * pushes between the delivery's read and its write. Mounted into test/harness/github-api.ts with its
 * `git` option; the REST routes are in github-git-rest.ts and github-git-pulls.ts, GraphQL in
 * github-graphql.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BareRepo, makeSigner, type Signer } from "./git-store.js";
import type { RecordedRequest } from "./github-api.js";
import { storedPullsRoutes } from "./github-git-pulls.js";
import { gitDataRoutes } from "./github-git-rest.js";
import { graphqlRoute } from "./github-graphql.js";

export type Access = "read" | "write" | "none";

/** The rules a protected branch enforces on a write to it (classic branch protection). */
export interface BranchProtection {
  /** "Require a pull request before merging": no commit lands on it through the API. */
  requirePullRequest?: boolean;
  /** "Require signed commits": only a verified commit may become its head. */
  requireSignedCommits?: boolean;
}

export interface StoredRepository {
  owner: string;
  name: string;
  fullName: string;
  id: number;
  nodeId: string;
  git: BareRepo;
  defaultBranch: string;
  /** The repository this one is a fork of. */
  parent?: StoredRepository;
  protection: Record<string, BranchProtection>;
}

export interface StoredPull {
  number: number;
  /** The base repository (where the PR lives). */
  repo: StoredRepository;
  headRepo: StoredRepository;
  head: string;
  base: string;
  title: string;
  body: string | null;
  draft: boolean;
  state: "open" | "closed";
  login: string;
  createdAt: string;
}

/** What the routes need of the server they are mounted in. */
export interface MountContext {
  baseUrl: () => string;
  /** The token's identity as GitHub shows a user (`simple-user`). */
  user: () => Record<string, unknown>;
  error: (
    status: number,
    message: string,
    extra?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) => Error;
}

export type RouteResult = { status: number; json?: unknown; headers?: Record<string, string> };

/** Routes of one stored repository: `rest` is the path after `/repos/{o}/{r}`; undefined when none fits. */
export type RepositoryRoutes = (
  store: GitHubGit,
  repo: StoredRepository,
  rest: string,
  request: RecordedRequest,
  ctx: MountContext,
) => RouteResult | undefined;

export interface GitHubGitOptions {
  /** What the token may do, by GitHub's permission names (default: write to both). */
  permissions?: { contents?: Access; pull_requests?: Access };
  /** The first pull request's number (default 1). */
  firstPullNumber?: number;
}

export interface GitHubGit {
  /** Where the bare repositories are: `${root}/<owner>/<name>.git`. */
  root: string;
  repositories: Map<string, StoredRepository>;
  pulls: StoredPull[];
  permissions: { contents: Access; pull_requests: Access };
  /** A repository `owner/name` cloned (bare) from the working checkout `from`. */
  addRepository(
    owner: string,
    name: string,
    from: string,
    options?: { defaultBranch?: string },
  ): StoredRepository;
  /** A fork of `of` under `owner`: a bare clone of it, its `parent` set. */
  fork(of: StoredRepository, owner: string): StoredRepository;
  repository(fullName: string): StoredRepository | undefined;
  /** The repository and full ref name a ref's node id (GraphQL `Ref.id`, REST `node_id`) names. */
  refById(id: string): { repo: StoredRepository; ref: string } | undefined;
  firstPullNumber: number;
  /**
   * A commit by someone else on top of `branch` (files by path, `null` deletes), unsigned like a
   * teammate's `git push`; its sha.
   */
  teammatePush(
    repo: StoredRepository,
    branch: string,
    files: Record<string, string | null>,
    message?: string,
  ): string;
  /** Runs `action` once, just before the first request `match` accepts is routed (after auth and injected failures). */
  when(match: (request: RecordedRequest) => boolean, action: () => void): void;
  /** Answers a request for a stored repository or `/graphql`; undefined for anything else. */
  route(request: RecordedRequest, ctx: MountContext): RouteResult | undefined;
  close(): void;
}

const TEAMMATE = { name: "Tea Mate", email: "teammate@example.invalid" };

/** A stable id per name, as GitHub's are per repository. */
export function numericId(text: string, base: number): number {
  let hash = 7;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 90_000_000;
  return base + hash;
}

export function createGitHubGit(options: GitHubGitOptions = {}): GitHubGit {
  const root = mkdtempSync(path.join(tmpdir(), "github-git-"));
  const signer: Signer = makeSigner(root);
  const repositories = new Map<string, StoredRepository>();
  const hooks: { match: (r: RecordedRequest) => boolean; action: () => void }[] = [];
  const permissions = {
    contents: options.permissions?.contents ?? "write",
    pull_requests: options.permissions?.pull_requests ?? "write",
  };

  const register = (owner: string, name: string, git: BareRepo, defaultBranch: string) => {
    const fullName = `${owner}/${name}`;
    const id = numericId(fullName, 300_000_000);
    const stored: StoredRepository = {
      owner,
      name,
      fullName,
      id,
      nodeId: `R_kgDO${id.toString(36)}`,
      git,
      defaultBranch,
      protection: {},
    };
    repositories.set(fullName.toLowerCase(), stored);
    return stored;
  };

  const store: GitHubGit = {
    root,
    repositories,
    pulls: [],
    permissions,
    addRepository(owner, name, from, addOptions = {}) {
      const git = BareRepo.cloneFrom(from, path.join(root, owner, `${name}.git`), signer);
      const defaultBranch = addOptions.defaultBranch ?? git.git("symbolic-ref", "--short", "HEAD");
      git.git("symbolic-ref", "HEAD", `refs/heads/${defaultBranch}`);
      return register(owner, name, git, defaultBranch);
    },
    fork(of, owner) {
      const git = BareRepo.cloneFrom(of.git.dir, path.join(root, owner, `${of.name}.git`), signer);
      const fork = register(owner, of.name, git, of.defaultBranch);
      fork.parent = of;
      return fork;
    },
    repository: (fullName) => repositories.get(fullName.toLowerCase()),
    refById(id) {
      const m = /^03:Ref(\d+):(refs\/.+)$/.exec(Buffer.from(id, "base64").toString("utf8"));
      const repo = m ? [...repositories.values()].find((r) => r.id === Number(m[1])) : undefined;
      return repo && m ? { repo, ref: m[2]! } : undefined;
    },
    firstPullNumber: options.firstPullNumber ?? 1,
    teammatePush,
    when: (match, action) => hooks.push({ match, action }),
    route(request, ctx) {
      const hook = hooks.find((h) => h.match(request));
      if (hook) {
        hooks.splice(hooks.indexOf(hook), 1);
        hook.action();
      }
      return routeStored(store, request, ctx);
    },
    close: () => rmSync(root, { recursive: true, force: true }),
  };
  return store;
}

/** A ref's global node id, the same in REST (`node_id`) and GraphQL (`Ref.id`). */
export function refNodeId(repo: StoredRepository, ref: string): string {
  return Buffer.from(`03:Ref${repo.id}:${ref}`).toString("base64");
}

/** A teammate's unsigned commit on top of `branch`, as `git push` would land it. */
function teammatePush(
  repo: StoredRepository,
  branch: string,
  files: Record<string, string | null>,
  message = "A teammate's commit",
): string {
  const head = repo.git.head(branch);
  if (!head) throw new Error(`no branch ${branch} in ${repo.fullName}`);
  const changes = Object.entries(files).map(([file, text]) => ({
    path: file,
    mode: "100644",
    sha: text === null ? null : repo.git.writeBlob(Buffer.from(text)),
  }));
  const tree = repo.git.writeTree(repo.git.readCommit(head).tree, changes);
  const sha = repo.git.writeCommit({
    tree,
    parents: [head],
    message: `${message}\n`,
    author: TEAMMATE,
    committer: TEAMMATE,
    sign: false,
  });
  if (!repo.git.updateRef(`refs/heads/${branch}`, sha, head)) throw new Error("the branch moved");
  return sha;
}

/** `/graphql`, or a route of a stored repository; undefined for anything else. */
function routeStored(store: GitHubGit, request: RecordedRequest, ctx: MountContext): RouteResult | undefined {
  if (request.path === "/graphql" && request.method === "POST") return graphqlRoute(store, request, ctx);
  const m = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(request.path);
  if (!m) return undefined;
  const repo = store.repository(`${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`);
  if (!repo) return undefined;
  const rest = m[3] ?? "";
  return gitDataRoutes(store, repo, rest, request, ctx) ?? storedPullsRoutes(store, repo, rest, request, ctx);
}

/** GitHub's answer to a write the token may not make, naming the permission it lacks. */
export function requireAccess(
  store: GitHubGit,
  ctx: MountContext,
  permission: "contents" | "pull_requests",
  docs: string,
): void {
  if (store.permissions[permission] === "write") return;
  throw ctx.error(
    403,
    "Resource not accessible by integration",
    { documentation_url: docs },
    { "x-accepted-github-permissions": `${permission}=write` },
  );
}

/**
 * Why a protected branch refuses `sha` as its new head, or undefined when it accepts it. GitHub's texts
 * for the two rules (as `git push` shows them after "Protected branch update failed").
 */
export function protectionRefusal(repo: StoredRepository, branch: string, sha: string): string | undefined {
  const rules = repo.protection[branch];
  if (!rules) return undefined;
  if (rules.requirePullRequest) return "Changes must be made through a pull request.";
  if (rules.requireSignedCommits && !repo.git.verification(sha).verified) {
    return "Commits must have verified signatures.";
  }
  return undefined;
}

/** The author and committer of the commits GitHub makes for the token: its identity, noreply email. */
export function tokenIdentity(ctx: MountContext): { name: string; email: string } {
  const user = ctx.user() as { login: string; id: number };
  return { name: user.login, email: `${user.id}+${user.login}@users.noreply.github.com` };
}

/** The committer GitHub names on the commits it signs itself (web-flow). */
export const GITHUB_COMMITTER = { name: "GitHub", email: "noreply@github.com" };

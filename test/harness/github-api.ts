/**
 * A stand-in for the parts of the GitHub REST API the action uses, served on 127.0.0.1 by a real
 * `node:http` server so the bundled action talks to it exactly as it would to api.github.com
 * (point `GITHUB_API_URL` at `url`). Issue comments live in memory and behave like GitHub's:
 * pagination with a `Link` header, 201 on create, GitHub's error bodies, failure injection.
 */

import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type ConversationState, conversationRoutes } from "./github-conversation.js";
import type { GitHubGit, MountContext } from "./github-git.js";
import { type PullsState, pullsRoutes, type SeedPullFile } from "./github-pulls.js";
import { githubExample } from "./openapi.js";

export type UserType = "Bot" | "User" | "Organization";
export type RoleName = "admin" | "maintain" | "write" | "triage" | "read" | "none";

export interface RecordedRequest {
  method: string;
  /** The path without the query string, percent-decoding left as sent. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
  /** The status the stand-in answered with. */
  status: number;
  /** When it arrived (epoch ms). */
  at: number;
  /** The JSON the stand-in answered with. */
  response?: unknown;
}

export interface GitHubUserJson {
  login: string;
  id: number;
  node_id: string;
  type: UserType;
  site_admin: boolean;
  html_url: string;
}

export interface StoredComment {
  id: number;
  owner: string;
  repo: string;
  issueNumber: number;
  body: string;
  login: string;
  userType: UserType;
  createdAt: string;
  updatedAt: string;
}

export interface SeedComment {
  issue: number;
  body: string;
  /** Default: the authenticated login (so the comment is "ours"). */
  login?: string;
  type?: UserType;
  /** Default `octo`/`repo`, like the harness's GITHUB_REPOSITORY. */
  owner?: string;
  repo?: string;
}

export interface FailureRule {
  status: number;
  /** How many matching requests fail (default 1). */
  times?: number;
  /** Tested against `"METHOD /path"` (no query string). Default: every request. */
  match?: RegExp | string;
  /** Tested against the request's body as sent (e.g. only the writes of one kind of comment). */
  body?: RegExp;
  /** Overrides the `message` of GitHub's error body. */
  message?: string;
  /** Extra response headers, e.g. `retry-after`. */
  headers?: Record<string, string>;
}

export interface GitHubApiOptions {
  /** When set, requests must send `authorization: token <token>` (or `Bearer`), else 401. */
  token?: string;
  /** The login of the token's identity, author of created comments. Default `github-actions[bot]`. */
  login?: string;
  userType?: UserType;
  comments?: SeedComment[];
  /** Role names by login for `GET /repos/{o}/{r}/collaborators/{user}/permission`; others get 404. */
  permissions?: Record<string, RoleName>;
  /** Issue numbers that are pull requests (their comments' `html_url` uses `/pull/`). */
  pullRequests?: number[];
  /** Base commits by PR number, for `GET /repos/{o}/{r}/pulls/{n}` (a PR without one answers 404). */
  pullBases?: Record<number, string>;
  failNext?: FailureRule[];
  /** The files of pull requests, by number, with their patches (test/harness/github-pulls.ts). */
  pullFiles?: Record<number, SeedPullFile[]>;
  /**
   * Repositories stored for real (test/harness/github-git.ts): their git data, branches, commits, pull
   * requests and `/graphql` are answered from bare repositories, before any other route.
   */
  git?: GitHubGit;
}

export interface GitHubApiState {
  comments: StoredComment[];
  permissions: Record<string, RoleName>;
  /** Failure rules still to fire, in order. */
  failures: (FailureRule & { remaining: number })[];
  nextCommentId: number;
}

export interface GitHubApi {
  /** Base URL, e.g. `http://127.0.0.1:43121` (no trailing slash). */
  url: string;
  requests: RecordedRequest[];
  state: GitHubApiState;
  /** Comments on one issue, oldest first. */
  commentsOn(issue: number, owner?: string, repo?: string): StoredComment[];
  /** Reviews posted, and their inline comments. */
  pulls: PullsState;
  /** Reactions and review-comment replies written (test/harness/github-conversation.ts). */
  conversation: ConversationState;
  failNext(rule: FailureRule): void;
  /**
   * Resolves with the first request, already answered or yet to come, that `match` accepts once answered
   * (its status and response set). Rejects after `timeoutMs`, which only a hung action should reach.
   */
  waitForRequest(match: (request: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>;
  close(): Promise<void>;
}

const DEFAULT_LOGIN = "github-actions[bot]";
const DOCS = "https://docs.github.com/rest";
const BODY_LIMIT = 65_536;
const FIRST_COMMENT_ID = 1_000_001;
const SEED_EPOCH = Date.parse("2026-01-01T00:00:00Z");

/**
 * N comments on one issue, for pagination tests: every `otherEvery`-th one (default 3) is by
 * another user, the rest by `login` (default the stand-in's authenticated login).
 */
export function seedComments(
  count: number,
  options: {
    issue: number;
    owner?: string;
    repo?: string;
    login?: string;
    otherLogin?: string;
    otherEvery?: number;
  },
): SeedComment[] {
  const otherEvery = options.otherEvery ?? 3;
  return Array.from({ length: count }, (_, index) => {
    const byOther = otherEvery > 0 && (index + 1) % otherEvery === 0;
    return {
      issue: options.issue,
      owner: options.owner,
      repo: options.repo,
      body: `comment ${index + 1}`,
      login: byOther ? (options.otherLogin ?? "octocat") : options.login,
      type: byOther ? "User" : undefined,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Responses

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const DEFAULT_MESSAGES: Record<number, string> = {
  400: "Problems parsing JSON",
  401: "Bad credentials",
  403: "Resource not accessible by integration",
  404: "Not Found",
  409: "Conflict",
  422: "Validation Failed",
  429: "API rate limit exceeded",
  500: "Server Error",
  502: "Server Error",
  503: "Service Unavailable",
};

function userId(login: string): number {
  if (login === DEFAULT_LOGIN) return 41_898_282; // the real id of github-actions[bot]
  let hash = 7;
  for (const char of login) hash = (hash * 31 + char.charCodeAt(0)) % 90_000_000;
  return 10_000_000 + hash;
}

const COMMENTS_PATH = "/repos/{owner}/{repo}/issues/{issue_number}/comments";

/** A user as GitHub shows one (every field of `simple-user`, from its own example), ours overriding. */
function userJson(login: string, type: UserType): GitHubUserJson {
  const id = userId(login);
  const example = (githubExample(COMMENTS_PATH, "post", "201").user ?? {}) as Record<string, unknown>;
  const api = `https://api.github.com/users/${encodeURIComponent(login)}`;
  return {
    ...example,
    login,
    id,
    node_id: Buffer.from(`04:User${id}`).toString("base64"),
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    url: api,
    type,
    site_admin: false,
    html_url: `https://github.com/${type === "Bot" ? "apps/" : ""}${login.replace(/\[bot\]$/, "")}`,
  } as GitHubUserJson;
}

/** Parses `Authorization: token X` / `Bearer X` (scheme case-insensitive, as GitHub accepts). */
function bearerToken(header: string | undefined): string | undefined {
  const match = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

function countCharacters(text: string): number {
  // GitHub counts characters (code points), not UTF-16 units.
  let count = 0;
  for (const _ of text) count++;
  return count;
}

// ---------------------------------------------------------------------------------------------
// The server

/** Starts the stand-in on 127.0.0.1 with a free port. */
export async function startGitHubApi(options: GitHubApiOptions = {}): Promise<GitHubApi> {
  const login = options.login ?? DEFAULT_LOGIN;
  const userType = options.userType ?? (login.endsWith("[bot]") ? "Bot" : "User");
  const pullRequests = new Set(options.pullRequests ?? []);
  const requests: RecordedRequest[] = [];
  /** Called with each request once it is answered. */
  const answered = new Set<(request: RecordedRequest) => void>();
  const state: GitHubApiState = {
    comments: [],
    permissions: { ...(options.permissions ?? {}) },
    failures: (options.failNext ?? []).map((rule) => ({ ...rule, remaining: rule.times ?? 1 })),
    nextCommentId: FIRST_COMMENT_ID,
  };
  let baseUrl = "";
  const pulls = pullsRoutes(options.pullFiles ?? {}, {
    baseUrl: () => baseUrl,
    user: () => userJson(login, userType) as unknown as Record<string, unknown>,
    error: (status, message, extra) => new HttpError(status, message, extra),
    page: (request, items, base) => {
      const perPage = clamp(Number.parseInt(request.query.per_page ?? "30", 10) || 30, 1, 100);
      const page = Math.max(1, Number.parseInt(request.query.page ?? "1", 10) || 1);
      const lastPage = Math.max(1, Math.ceil(items.length / perPage));
      const link = linkHeader(base, request.query, page, lastPage);
      return {
        status: 200,
        json: items.slice((page - 1) * perPage, page * perPage),
        headers: (link ? { link } : {}) as Record<string, string>,
      };
    },
  });

  const talk = conversationRoutes({
    baseUrl: () => baseUrl,
    user: () => userJson(login, userType) as unknown as Record<string, unknown>,
    error: (status, message, extra) => new HttpError(status, message, extra),
  });

  const addComment = (
    owner: string,
    repo: string,
    issueNumber: number,
    body: string,
    author: string,
    type: UserType,
  ) => {
    const at = new Date(SEED_EPOCH + state.comments.length * 60_000).toISOString().replace(/\.\d+Z$/, "Z");
    const comment: StoredComment = {
      id: state.nextCommentId++,
      owner,
      repo,
      issueNumber,
      body,
      login: author,
      userType: type,
      createdAt: at,
      updatedAt: at,
    };
    state.comments.push(comment);
    return comment;
  };

  for (const seed of options.comments ?? []) {
    const author = seed.login ?? login;
    addComment(
      seed.owner ?? "octo",
      seed.repo ?? "repo",
      seed.issue,
      seed.body,
      author,
      seed.type ?? (author === login ? userType : "User"),
    );
  }

  const commentsOn = (issue: number, owner = "octo", repo = "repo") =>
    state.comments.filter((c) => c.issueNumber === issue && c.owner === owner && c.repo === repo);

  const commentJson = (comment: StoredComment) => {
    const kind = pullRequests.has(comment.issueNumber) ? "pull" : "issues";
    const repoPath = `${comment.owner}/${comment.repo}`;
    return {
      ...githubExample(COMMENTS_PATH, "post", "201"),
      url: `${baseUrl}/repos/${repoPath}/issues/comments/${comment.id}`,
      html_url: `https://github.com/${repoPath}/${kind}/${comment.issueNumber}#issuecomment-${comment.id}`,
      issue_url: `${baseUrl}/repos/${repoPath}/issues/${comment.issueNumber}`,
      id: comment.id,
      node_id: `IC_kwDO${comment.id.toString(36)}`,
      user: userJson(comment.login, comment.userType),
      created_at: comment.createdAt,
      updated_at: comment.updatedAt,
      author_association: comment.login === login ? "NONE" : "CONTRIBUTOR",
      body: comment.body,
      performed_via_github_app: null,
    };
  };

  const findComment = (owner: string, repo: string, id: number, docs: string) => {
    const comment = state.comments.find((c) => c.id === id && c.owner === owner && c.repo === repo);
    if (!comment) throw new HttpError(404, "Not Found", { documentation_url: docs });
    return comment;
  };

  const requireBody = (body: unknown, docs: string): string => {
    const text = (body as { body?: unknown } | undefined)?.body;
    if (typeof text !== "string") {
      throw new HttpError(422, `Invalid request.\n\n"body" wasn't supplied.`, { documentation_url: docs });
    }
    if (countCharacters(text) > BODY_LIMIT) {
      throw new HttpError(422, "Validation Failed", {
        errors: [
          {
            resource: "IssueComment",
            code: "custom",
            field: "body",
            message: `body is too long (maximum is ${BODY_LIMIT} characters)`,
          },
        ],
        documentation_url: docs,
      });
    }
    return text;
  };

  const mounted: MountContext = {
    baseUrl: () => baseUrl,
    user: () => userJson(login, userType) as unknown as Record<string, unknown>,
    error: (status, message, extra, headers) => new HttpError(status, message, extra, headers),
  };

  const route = (
    request: RecordedRequest,
  ): { status: number; json?: unknown; headers?: Record<string, string> } => {
    const stored = options.git?.route(request, mounted);
    if (stored) return stored;
    const { method, path } = request;
    const segments = path.split("/").map((segment) => decodeURIComponent(segment));

    // GitHub's own pagination links name the repository by id: `/repositories/{id}/issues/{n}/comments`.
    const byId = /^\/repositories\/(\d+)\/issues\/(\d+)\/comments$/.exec(path);
    if (byId && method === "GET") {
      const named = repositoriesById.get(Number(byId[1]));
      if (!named) throw new HttpError(404, "Not Found", { documentation_url: DOCS });
      return listComments(request, named[0], named[1], Number(byId[2]));
    }
    let match = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(path);
    if (match) {
      const [owner, repo] = [segments[2]!, segments[3]!];
      const issue = Number(match[1]);
      if (method === "GET") return listComments(request, owner, repo, issue);
      if (method === "POST") {
        const docs = `${DOCS}/issues/comments#create-an-issue-comment`;
        const comment = addComment(owner, repo, issue, requireBody(request.body, docs), login, userType);
        return { status: 201, json: commentJson(comment), headers: { location: commentJson(comment).url } };
      }
    }

    match = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path);
    if (match) {
      const [owner, repo] = [segments[2]!, segments[3]!];
      const id = Number(match[1]);
      if (method === "GET") {
        return {
          status: 200,
          json: commentJson(findComment(owner, repo, id, `${DOCS}/issues/comments#get-an-issue-comment`)),
        };
      }
      if (method === "PATCH") {
        const docs = `${DOCS}/issues/comments#update-an-issue-comment`;
        const comment = findComment(owner, repo, id, docs);
        comment.body = requireBody(request.body, docs);
        comment.updatedAt = new Date().toISOString().replace(/\.\d+Z$/, "Z");
        return { status: 200, json: commentJson(comment) };
      }
      if (method === "DELETE") {
        const comment = findComment(owner, repo, id, `${DOCS}/issues/comments#delete-an-issue-comment`);
        state.comments.splice(state.comments.indexOf(comment), 1);
        return { status: 204 };
      }
    }

    if (/^\/repos\/[^/]+\/[^/]+\/collaborators\/[^/]+\/permission$/.test(path) && method === "GET") {
      const user = segments[5]!;
      const role = state.permissions[user];
      if (role === undefined) {
        throw new HttpError(404, "Not Found", {
          documentation_url: `${DOCS}/collaborators/collaborators#get-repository-permissions-for-a-user`,
        });
      }
      return {
        status: 200,
        json: {
          ...githubExample("/repos/{owner}/{repo}/collaborators/{username}/permission", "get", "200"),
          permission: legacyPermission(role),
          role_name: role,
          user: { ...userJson(user, "User"), permissions: permissionsOf(role), role_name: role },
        },
      };
    }

    match = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(path);
    if (match && method === "GET") {
      const n = Number(match[1]);
      const sha = options.pullBases?.[n];
      if (sha === undefined) {
        throw new HttpError(404, "Not Found", {
          documentation_url: `${DOCS}/pulls/pulls#get-a-pull-request`,
        });
      }
      return {
        status: 200,
        json: (() => {
          const pr = githubExample("/repos/{owner}/{repo}/pulls/{pull_number}", "get", "200");
          const base = pr.base as Record<string, unknown>;
          const head = pr.head as Record<string, unknown>;
          // No requested teams: GitHub's own example lists one without the `type` its schema requires.
          return {
            ...pr,
            number: n,
            state: "open",
            requested_teams: [],
            base: { ...base, sha, ref: "main" },
            head: { ...head, sha: "0".repeat(40) },
          };
        })(),
      };
    }

    const pull = pulls.route(request);
    if (pull) return pull;
    const talked = talk.route(request);
    if (talked) return talked;

    if (path === "/user" && method === "GET") {
      // A personal token is a user's; an installation token (GITHUB_TOKEN, a GitHub App's) has no user
      // behind it, and GitHub answers 403.
      if (userType === "User") {
        return { status: 200, json: { ...githubExample("/user", "get", "200"), ...userJson(login, "User") } };
      }
      throw new HttpError(403, "Resource not accessible by integration", {
        documentation_url: `${DOCS}/users/users#get-the-authenticated-user`,
      });
    }

    throw new HttpError(404, "Not Found", { documentation_url: DOCS });
  };

  /** Repository ids, as GitHub's links use them: stable per name. */
  const repositoriesById = new Map<number, [string, string]>();
  const repositoryId = (owner: string, repo: string) => {
    const id = userId(`${owner}/${repo}`) + 100_000_000;
    repositoriesById.set(id, [owner, repo]);
    return id;
  };

  const listComments = (request: RecordedRequest, owner: string, repo: string, issue: number) => {
    const perPage = clamp(Number.parseInt(request.query.per_page ?? "30", 10) || 30, 1, 100);
    const page = Math.max(1, Number.parseInt(request.query.page ?? "1", 10) || 1);
    const since = request.query.since;
    const all = commentsOn(issue, owner, repo).filter((c) => !since || c.updatedAt >= since);
    const lastPage = Math.max(1, Math.ceil(all.length / perPage));
    const items = all.slice((page - 1) * perPage, page * perPage).map(commentJson);
    const link = linkHeader(
      `${baseUrl}/repositories/${repositoryId(owner, repo)}/issues/${issue}/comments`,
      request.query,
      page,
      lastPage,
    );
    const headers: Record<string, string> = link ? { link } : {};
    return { status: 200, json: items, headers };
  };

  const takeFailure = (request: RecordedRequest, raw: string): FailureRule | undefined => {
    const target = `${request.method} ${request.path}`;
    const rule = state.failures.find((candidate) => {
      if (candidate.remaining <= 0) return false;
      if (candidate.body && !candidate.body.test(raw)) return false;
      if (candidate.match === undefined) return true;
      const pattern = typeof candidate.match === "string" ? new RegExp(candidate.match) : candidate.match;
      return pattern.test(target);
    });
    if (!rule) return undefined;
    rule.remaining--;
    if (rule.remaining <= 0) state.failures.splice(state.failures.indexOf(rule), 1);
    return rule;
  };

  const handle = async (incoming: IncomingMessage, response: ServerResponse) => {
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    const raw = await readBody(incoming);
    const parsed = parseJson(raw);
    const request: RecordedRequest = {
      method: incoming.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: incoming.headers,
      body: parsed.ok ? parsed.value : raw === "" ? undefined : raw,
      status: 0,
      at: Date.now(),
    };
    requests.push(request);

    let status: number;
    let json: unknown;
    let headers: Record<string, string> = {};
    try {
      if (options.token !== undefined && bearerToken(incoming.headers.authorization) !== options.token) {
        throw new HttpError(401, "Bad credentials", { documentation_url: DOCS });
      }
      if (!parsed.ok && raw.trim() !== "" && request.method !== "GET") {
        throw new HttpError(400, "Problems parsing JSON", { documentation_url: DOCS });
      }
      const failure = takeFailure(request, raw);
      if (failure) {
        throw new HttpError(
          failure.status,
          failure.message ?? DEFAULT_MESSAGES[failure.status] ?? "Error",
          { documentation_url: DOCS },
          {
            ...(failure.status === 403
              ? { "x-accepted-github-permissions": "issues=write; pull_requests=write" }
              : {}),
            ...(failure.headers ?? {}),
          },
        );
      }
      ({ status, json, headers = {} } = route(request));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      status = error.status;
      json = { message: error.message, ...error.extra, status: String(error.status) };
      headers = error.headers;
    }
    request.status = status;
    request.response = json;
    for (const notify of answered) notify(request);
    send(response, status, json, headers);
  };

  const waitForRequest = (match: (request: RecordedRequest) => boolean, timeoutMs = 20_000) =>
    new Promise<RecordedRequest>((resolve, reject) => {
      const seen = requests.find((q) => q.status !== 0 && match(q));
      if (seen) return resolve(seen);
      const timer = setTimeout(() => {
        answered.delete(notify);
        reject(new Error(`the GitHub stand-in answered no such request within ${timeoutMs} ms`));
      }, timeoutMs);
      const notify = (request: RecordedRequest) => {
        if (!match(request)) return;
        clearTimeout(timer);
        answered.delete(notify);
        resolve(request);
      };
      answered.add(notify);
    });

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => {
      send(response, 500, { message: `stand-in failure: ${String(error)}` }, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    url: baseUrl,
    requests,
    state,
    commentsOn,
    pulls: pulls.state,
    conversation: talk.state,
    failNext: (rule) => state.failures.push({ ...rule, remaining: rule.times ?? 1 }),
    waitForRequest,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from the client would hold close() open otherwise.
        server.closeAllConnections();
      }),
  };
}

function legacyPermission(role: RoleName): string {
  if (role === "maintain") return "write";
  if (role === "triage") return "read";
  return role;
}

/** A collaborator's `permissions` object as GitHub gives it for a role. */
function permissionsOf(role: RoleName): Record<string, boolean> {
  const rank = ["none", "read", "triage", "write", "maintain", "admin"].indexOf(role);
  return { pull: rank >= 1, triage: rank >= 2, push: rank >= 3, maintain: rank >= 4, admin: rank >= 5 };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * GitHub's pagination header: `<url>; rel="prev", <url>; rel="next", <url>; rel="last",
 * <url>; rel="first"`, each URL the request's own with `page` replaced. Absent on a single page.
 */
export function linkHeader(
  base: string,
  query: Record<string, string>,
  page: number,
  lastPage: number,
): string | undefined {
  const at = (target: number) => {
    const params = new URLSearchParams(query);
    params.set("page", String(target));
    return `<${base}?${params.toString()}>`;
  };
  const parts: string[] = [];
  if (page > 1) parts.push(`${at(Math.min(page - 1, lastPage))}; rel="prev"`);
  if (page < lastPage) parts.push(`${at(page + 1)}; rel="next"`, `${at(lastPage)}; rel="last"`);
  if (page > 1) parts.push(`${at(1)}; rel="first"`);
  return parts.length > 0 ? parts.join(", ") : undefined;
}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    incoming.on("error", reject);
  });
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  if (raw === "") return { ok: false };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function send(
  response: ServerResponse,
  status: number,
  json: unknown,
  headers: Record<string, string>,
): void {
  const resetAt = Math.floor(Date.now() / 1000) + 3600;
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "x-github-api-version-selected": "2022-11-28",
    "x-github-request-id": randomUUID().toUpperCase(),
    "x-ratelimit-limit": "5000",
    "x-ratelimit-remaining": "4999",
    "x-ratelimit-reset": String(resetAt),
    "x-ratelimit-used": "1",
    "x-ratelimit-resource": "core",
    ...headers,
  });
  response.end(status === 204 || json === undefined ? undefined : JSON.stringify(json));
}

/**
 * The GitHub REST client: octokit with its retry plugin (server errors retried with backoff; never 400,
 * 401, 403, 404, 410, 422 or 451, octokit's own list) and its throttling plugin (rate limits wait as long
 * as GitHub's `retry-after` says, when that fits the caller's deadline). A best-effort client (the progress
 * comment's updates) has neither: each request is made once. Every request, either way, has its own
 * deadline and the caller's signal (./request-deadline.ts). Loaded with a dynamic import only when it is
 * needed: octokit is most of the bundle's start-up cost.
 */
import { getOctokit } from "@actions/github";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import type { Authored, GitHubClient, PullFile, ReviewCommentRead } from "./api.js";
import { conversationMethods } from "./client-conversation.js";
import type { IssueRef } from "./context.js";
import { whoAmIOnce } from "./identity.js";
import { nothingOnceAborted, type RequestLimits, requestDeadlines } from "./request-deadline.js";

/** The longest `retry-after` waited for (the comment's own deadline is 60 s). */
const MAX_RATE_LIMIT_WAIT_S = 20;

export interface ClientOptions {
  /**
   * Each request made once: no retry, no wait for a rate limit, not queued behind other writes (octokit's
   * throttling paces every write of the process). For updates that a later one replaces anyway, and that
   * must not land late: a retried progress update could overwrite the report written after it.
   */
  bestEffort?: boolean;
  /** Aborts this client's requests: the one in flight, and any later one at once. */
  signal?: AbortSignal;
  /** When `signal` aborts at the latest (epoch ms): no retry or rate-limit wait that would end after it. */
  until?: RequestLimits["until"];
  /** One request's deadline (default: base/deadlines.ts): tests shorten it; no input reaches it. */
  requestMs?: RequestLimits["requestMs"];
}

/** octokit with the plugins and deadlines above: the one place a client is configured (./git-data.ts too). */
export function octokitFor(token: string, apiUrl?: string, options: ClientOptions = {}) {
  // A rate limit is waited out once or twice, when GitHub asks for no more than this; past it, the
  // request fails and the report stays in the job summary.
  // Nor one that would end after the caller's deadline: its timer would keep the process alive past it.
  const { until } = options;
  const waitable = (retryAfterS: number, _options: unknown, _octokit: unknown, retryCount: number) =>
    retryCount < 2 &&
    retryAfterS <= MAX_RATE_LIMIT_WAIT_S &&
    (until === undefined || Date.now() + retryAfterS * 1000 < until);
  // First, so that it wraps each attempt inside the retries (a plugin's hooks wrap those registered before).
  const deadlines = requestDeadlines(options);
  const octokit = options.bestEffort
    ? getOctokit(token, { baseUrl: apiUrl }, deadlines)
    : getOctokit(
        token,
        { baseUrl: apiUrl, throttle: { onRateLimit: waitable, onSecondaryRateLimit: waitable } },
        deadlines,
        retry,
        throttling,
      );
  if (options.signal) nothingOnceAborted(octokit, options.signal);
  return octokit;
}

export function createGitHubClient(
  token: string,
  apiUrl?: string,
  options: ClientOptions = {},
): GitHubClient {
  const octokit = octokitFor(token, apiUrl, options);
  // Every item of a pull request's listing (files, review comments, reviews), 100 per page.
  async function* pullPages<M extends "listFiles" | "listReviewComments" | "listReviews">(
    method: M,
    t: IssueRef,
  ) {
    const params = { owner: t.owner, repo: t.repo, pull_number: t.issue, per_page: 100 };
    for await (const page of octokit.paginate.iterator(octokit.rest.pulls[method], params)) yield* page.data;
  }
  return {
    async permission(owner, repo, username) {
      try {
        const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
          owner,
          repo,
          username,
        });
        return { permission: data.permission, role: data.role_name };
      } catch (e) {
        if ((e as { status?: number }).status === 404) return undefined;
        throw e;
      }
    },
    async pullBase(owner, repo, n) {
      const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: n });
      return data.base.sha;
    },
    // Per token, not per client: this client's request may serve the run's other clients (./identity.ts).
    whoAmI: () =>
      whoAmIOnce(token, apiUrl, async () => (await octokit.rest.users.getAuthenticated()).data.login),
    async *comments(t) {
      const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
        owner: t.owner,
        repo: t.repo,
        issue_number: t.issue,
        per_page: 100,
      });
      for await (const page of pages) yield* page.data;
    },
    async create(t, body) {
      const { data } = await octokit.rest.issues.createComment({
        owner: t.owner,
        repo: t.repo,
        issue_number: t.issue,
        body,
      });
      return data;
    },
    pullFiles: (t) => pullPages("listFiles", t) as AsyncIterable<PullFile>,
    reviewComments: (t) => pullPages("listReviewComments", t) as AsyncIterable<ReviewCommentRead>,
    reviews: (t) => pullPages("listReviews", t) as AsyncIterable<Authored>,
    async createReview(t, body, comments) {
      const { data } = await octokit.rest.pulls.createReview({
        owner: t.owner,
        repo: t.repo,
        pull_number: t.issue,
        event: "COMMENT",
        body,
        comments: comments.map((c) => ({
          path: c.path,
          line: c.line,
          side: "RIGHT" as const,
          ...(c.start_line !== undefined && c.start_line < c.line
            ? { start_line: c.start_line, start_side: "RIGHT" as const }
            : {}),
          body: c.body,
        })),
      });
      return data;
    },
    ...conversationMethods(octokit),
    async update(t, id, body) {
      const { data } = await octokit.rest.issues.updateComment({
        owner: t.owner,
        repo: t.repo,
        comment_id: id,
        body,
      });
      return data;
    },
  };
}

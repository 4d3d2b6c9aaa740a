/**
 * The sticky PR comment: one per key, found by a hidden marker and its author, updated in place.
 * Loaded only when a comment is to be written (octokit is the largest part of the bundle).
 */
import { getOctokit } from "@actions/github";
import { retry } from "@octokit/plugin-retry";
import type { Target } from "./event.js";

export interface CommentResult {
  url: string;
  action: "created" | "updated";
}

export interface CommentClient {
  /** The login comments are written as, when the token can tell (a PAT); else undefined. */
  whoAmI(): Promise<string | undefined>;
  /** Every comment on the issue, page by page. */
  comments(
    t: Target,
  ): AsyncIterable<{ id: number; body?: string; user?: { login?: string } | null; html_url: string }>;
  create(t: Target, body: string): Promise<{ html_url: string }>;
  update(t: Target, id: number, body: string): Promise<{ html_url: string }>;
}

/** A GITHUB_TOKEN (an app installation token) cannot ask who it is: its comments are this bot's. */
export const DEFAULT_AUTHOR = "github-actions[bot]";

export function marker(key: string): string {
  // The key is the workflow's text, but it must not end the HTML comment early.
  const safe = key.replace(/--+>?|[<>\r\n]/g, "_");
  return `<!-- cursor-agent-action comment-key="${safe}" -->`;
}

export async function upsertComment(
  client: CommentClient,
  t: Target,
  key: string,
  body: string,
): Promise<CommentResult> {
  const mark = marker(key);
  const author = (await client.whoAmI()) ?? DEFAULT_AUTHOR;
  const full = `${mark}\n${body}`;
  for await (const c of client.comments(t)) {
    // Marker and author both: anyone can paste our marker into a comment of their own.
    if (c.body?.startsWith(mark) && c.user?.login === author) {
      const updated = await client.update(t, c.id, full);
      return { url: updated.html_url, action: "updated" };
    }
  }
  const created = await client.create(t, full);
  return { url: created.html_url, action: "created" };
}

export function createCommentClient(token: string, apiUrl?: string): CommentClient {
  const octokit = getOctokit(
    token,
    { baseUrl: apiUrl, retry: { doNotRetry: [400, 401, 403, 404, 422] } },
    retry,
  );
  return {
    async whoAmI() {
      try {
        const { data } = await octokit.rest.users.getAuthenticated();
        return data.login;
      } catch {
        return undefined;
      }
    },
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

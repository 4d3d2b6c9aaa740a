/**
 * The stand-in's conversation endpoints, as GitHub has them: reactions on an issue, an issue comment and a
 * review comment (`POST …/reactions`, 201 with the reaction; GitHub's content names only), and a reply in
 * a review comment's thread (`POST /pulls/{n}/comments/{id}/replies`, 201 with the new review comment).
 * Each answer is GitHub's own example (@octokit/openapi) with ours over it; what was written is kept, so
 * that a test can read the reactions and replies.
 */
import { githubExample } from "./openapi.js";

const DOCS = "https://docs.github.com/rest";
const CONTENTS = new Set(["+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes"]);

export interface StoredReaction {
  /** `issue`, `issue-comment` or `review-comment`, and its number or id. */
  on: "issue" | "issue-comment" | "review-comment";
  id: number;
  content: string;
}

export interface StoredReply {
  pull: number;
  inReplyTo: number;
  id: number;
  body: string;
}

export interface ConversationState {
  reactions: StoredReaction[];
  replies: StoredReply[];
}

export interface ConversationContext {
  baseUrl: () => string;
  user: () => Record<string, unknown>;
  error: (status: number, message: string, extra?: Record<string, unknown>) => Error;
}

const REACTION_PATHS: [RegExp, StoredReaction["on"], string][] = [
  [
    /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)\/reactions$/,
    "issue-comment",
    "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
  ],
  [
    /^\/repos\/[^/]+\/[^/]+\/pulls\/comments\/(\d+)\/reactions$/,
    "review-comment",
    "/repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions",
  ],
  [
    /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/reactions$/,
    "issue",
    "/repos/{owner}/{repo}/issues/{issue_number}/reactions",
  ],
];
const REPLIES = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)\/comments\/(\d+)\/replies$/;

export function conversationRoutes(ctx: ConversationContext) {
  const state: ConversationState = { reactions: [], replies: [] };
  let nextId = 90_000_001;
  const route = (request: { method: string; path: string; body: unknown }) => {
    if (request.method !== "POST") return undefined;
    for (const [re, on, openapiPath] of REACTION_PATHS) {
      const m = re.exec(request.path);
      if (!m) continue;
      const content = (request.body as { content?: unknown } | undefined)?.content;
      if (typeof content !== "string" || !CONTENTS.has(content)) {
        throw ctx.error(422, "Validation Failed", { documentation_url: `${DOCS}/reactions/reactions` });
      }
      state.reactions.push({ on, id: Number(m[1]), content });
      const json = { ...githubExample(openapiPath, "post", "201"), id: nextId++, content, user: ctx.user() };
      return { status: 201, json };
    }
    const m = REPLIES.exec(request.path);
    if (!m) return undefined;
    const body = (request.body as { body?: unknown } | undefined)?.body;
    if (typeof body !== "string") {
      throw ctx.error(422, 'Invalid request.\n\n"body" wasn\'t supplied.', {
        documentation_url: `${DOCS}/pulls/comments#create-a-reply-for-a-review-comment`,
      });
    }
    const [owner, repo, pull, inReplyTo] = [m[1], m[2], Number(m[3]), Number(m[4])];
    const id = nextId++;
    state.replies.push({ pull, inReplyTo, id, body });
    const example = githubExample(
      "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
      "post",
      "201",
    );
    const json = {
      ...example,
      id,
      in_reply_to_id: inReplyTo,
      body,
      user: ctx.user(),
      url: `${ctx.baseUrl()}/repos/${owner}/${repo}/pulls/comments/${id}`,
      html_url: `https://github.com/${owner}/${repo}/pull/${pull}#discussion_r${id}`,
      pull_request_url: `${ctx.baseUrl()}/repos/${owner}/${repo}/pulls/${pull}`,
    };
    return { status: 201, json };
  };
  return { state, route };
}

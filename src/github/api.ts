/**
 * What the action asks of GitHub's REST API, as one interface: the gates, the comment and publishing
 * depend on this, and src/github/client.ts (octokit) or a test's fake implements it.
 */
import type { IssueRef, Repository } from "./context.js";

/**
 * Who wrote a comment, a review or a review comment: `type` tells a bot (`Bot`) from a person (`User`).
 * Whether that is the action itself: ./identity.ts.
 */
export interface Author {
  login?: string;
  type?: string;
}

/** A comment as the action reads it. */
export interface IssueComment {
  id: number;
  created_at?: string;
  body?: string;
  user?: Author | null;
  html_url: string;
}

/** A review or a review comment as the action reads it: its body, and who wrote it (GitHub lists both). */
export interface Authored {
  body?: string | null;
  user?: Author | null;
  /** A review's id, its link and when it was submitted (conversation mode's pending requests). */
  id?: number;
  html_url?: string;
  submitted_at?: string | null;
}

/** A review comment as listed: its id, and the thread's first comment when it is a reply. */
export interface ReviewCommentRead extends Authored {
  id?: number;
  in_reply_to_id?: number;
  created_at?: string;
}

export interface GitHubClient extends ReviewClient {
  /** The actor's permission and role on the repository; undefined when not a collaborator (404). */
  permission(
    owner: string,
    repo: string,
    user: string,
  ): Promise<{ permission?: string; role?: string } | undefined>;
  /** The base commit of pull request `n`. */
  pullBase(owner: string, repo: string, n: number): Promise<string | undefined>;
  /**
   * The login comments are written as, when the token can tell (a PAT); else undefined. `GET /user`, asked
   * once per token for the run (./identity.ts).
   */
  whoAmI(): Promise<string | undefined>;
  /** Every comment on the issue, page by page. */
  comments(t: IssueRef): AsyncIterable<IssueComment>;
  create(t: IssueRef, body: string): Promise<{ id: number; html_url: string }>;
  update(t: IssueRef, id: number, body: string): Promise<{ id: number; html_url: string }>;
  /** A reaction (conversation mode's 👀) on a comment, a review comment or an issue. */
  react(r: Repository, on: ReactionTarget, content: "eyes"): Promise<void>;
  /** The text of a comment or review comment now; undefined when it was deleted (404). */
  commentNow(
    r: Repository,
    kind: "issue-comment" | "review-comment",
    id: number,
  ): Promise<string | undefined>;
  /** A reply in a review comment's thread (`POST /pulls/{n}/comments/{id}/replies`). */
  reply(t: IssueRef, commentId: number, body: string): Promise<{ id: number; html_url: string }>;
}

/** What can carry a reaction: reviews cannot (GitHub has no reactions API for them). */
export type ReactionTarget =
  | { kind: "issue-comment" | "review-comment"; id: number }
  | { kind: "issue"; issue: number };

/** A file of a pull request as `GET /pulls/{n}/files` lists it; `patch` is absent for binary or huge diffs. */
export interface PullFile {
  filename: string;
  status?: string;
  patch?: string;
}

/** One inline comment of a review, on the pull request's new side (`RIGHT`). */
export interface ReviewCommentInput {
  path: string;
  line: number;
  start_line?: number;
  body: string;
}

export interface ReviewClient {
  /** The pull request's files, page by page. */
  pullFiles(t: IssueRef): AsyncIterable<PullFile>;
  /**
   * Review comments already on the pull request: their bodies hold the fingerprints of findings posted
   * before, and their authors say whether the action posted them (./identity.ts).
   */
  reviewComments(t: IssueRef): AsyncIterable<ReviewCommentRead>;
  /** Reviews already on the pull request (their bodies list the findings outside the diff), with authors. */
  reviews(t: IssueRef): AsyncIterable<Authored>;
  /** One review, `event: COMMENT` (never an approval or a change request). */
  createReview(t: IssueRef, body: string, comments: ReviewCommentInput[]): Promise<{ html_url: string }>;
}

export type PermissionClient = Pick<GitHubClient, "permission">;
export type PullBaseClient = Pick<GitHubClient, "pullBase">;
export type CommentClient = Pick<GitHubClient, "whoAmI" | "comments" | "create" | "update">;
/** What posting a review needs (../review/post.ts): the listings, the review, and whose items are ours. */
export type PostClient = ReviewClient & Pick<GitHubClient, "whoAmI">;
/** What conversation mode asks of GitHub: the thread, who may be heard in it, the reaction and the reply. */
export type ConversationClient = Pick<
  GitHubClient,
  | "permission"
  | "comments"
  | "reviewComments"
  | "reviews"
  | "pullFiles"
  | "react"
  | "reply"
  | "create"
  | "whoAmI"
  | "commentNow"
>;

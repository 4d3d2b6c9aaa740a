/**
 * What a conversation event's payload says (a comment, a review comment on a line, a review, an issue),
 * read by hand as ./context.ts reads the rest: a field of the wrong type reads as absent. Every text here
 * is written by whoever caused the event: src/conversation/ cleans it before the agent sees any of it.
 */
import { type Obj, obj, positive, text } from "./payload-fields.js";

/** The comment, review comment or review that was written. */
export interface Written {
  kind: "issue-comment" | "review-comment" | "review";
  /** What the reactions and replies API address it by (absent: nothing to react to). */
  id?: number;
  body: string;
  /** A review comment's file and lines (new side; `startLine` for a range), and the hunk it sits in. */
  path?: string;
  line?: number;
  startLine?: number;
  diffHunk?: string;
  /** A review comment that replies in a thread: the thread's first comment. */
  inReplyTo?: number;
  /** Its page on GitHub, and when it was written (GitHub's timestamps). */
  url?: string;
  at?: string;
}

export interface ConversationEvent {
  /** The payload's `action` (`created`, `opened`, `assigned`…). */
  action: string;
  /** The issue or pull request the event is about. */
  subject: { title: string; body: string; isPull: boolean; url?: string; at?: string; author?: Author };
  written?: Written;
  /** `issues` `assigned`: who was assigned. */
  assignee?: string;
  /** `issues` `labeled`: the label added. */
  label?: string;
  /** An edit's text before it (`changes.*.from`): the body, and an issue's title. */
  before?: { body?: string; title?: string };
}

/** Who wrote the issue (a login, and `Bot` or `User`). */
export interface Author {
  login: string;
  type?: string;
}

const WRITTEN_KIND: Record<string, Written["kind"]> = {
  issue_comment: "issue-comment",
  pull_request_review_comment: "review-comment",
  pull_request_review: "review",
};

/** The event's conversation, or undefined when the payload names no issue or pull request. */
export function readConversationEvent(eventName: string, raw: unknown): ConversationEvent | undefined {
  const p = obj(raw) ?? {};
  const pr = obj(p.pull_request);
  const issue = obj(p.issue);
  const about = pr ?? issue;
  if (!about) return undefined;
  const event: ConversationEvent = {
    action: text(p.action) ?? "",
    subject: {
      title: text(about.title) ?? "",
      body: text(about.body) ?? "",
      isPull: pr !== undefined || issue?.pull_request !== undefined,
    },
  };
  const url = text(about.html_url);
  if (url) event.subject.url = url;
  const at = text(about.created_at);
  if (at) event.subject.at = at;
  const author = text(obj(about.user)?.login);
  if (author) event.subject.author = { login: author, type: text(obj(about.user)?.type) };
  const kind = WRITTEN_KIND[eventName];
  const written = obj(kind === "review" ? p.review : p.comment);
  if (kind && written) event.written = readWritten(kind, written);
  const assignee = text(obj(p.assignee)?.login);
  if (assignee) event.assignee = assignee;
  const label = text(obj(p.label)?.name);
  if (label) event.label = label;
  const changes = obj(p.changes);
  if (changes) {
    const body = text(obj(changes.body)?.from);
    const title = text(obj(changes.title)?.from);
    if (body !== undefined || title !== undefined) event.before = { body, title };
  }
  return event;
}

function readWritten(kind: Written["kind"], w: Obj): Written {
  const out: Written = { kind, id: positive(w.id), body: text(w.body) ?? "" };
  const url = text(w.html_url);
  if (url) out.url = url;
  const at = text(w.created_at) ?? text(w.submitted_at);
  if (at) out.at = at;
  if (kind !== "review-comment") return out;
  out.path = text(w.path);
  // `line` is null once the line is outdated; `original_line` still names where it was written.
  out.line = positive(w.line) ?? positive(w.original_line);
  const start = positive(w.start_line) ?? positive(w.original_start_line);
  if (start !== undefined && out.line !== undefined && start < out.line) out.startLine = start;
  out.diffHunk = text(w.diff_hunk);
  out.inReplyTo = positive(w.in_reply_to_id);
  return out;
}

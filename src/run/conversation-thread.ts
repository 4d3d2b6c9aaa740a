/**
 * Conversation mode's reading of its conversation (I/O): what was written there, who may be heard, and the
 * requests no answer has answered yet. The conversation is the issue, or the pull request as one whole:
 * its comments, its review comments (every thread on its lines) and its reviews, since one concurrency
 * group holds the runs of them all (docs/conversation.md "No request lost"). The task's earlier comments
 * are the narrower thread: a review comment's own thread, else the issue's or pull request's comments.
 */
import { CONVERSATION_COMMENTS, CONVERSATION_REQUESTS } from "../base/limits.js";
import { issueText } from "../conversation/decide.js";
import { type Pending, refKey, type ThreadItem, unanswered } from "../conversation/pending.js";
import type { EarlierComment } from "../conversation/task.js";
import { botAllowed, userAllowed, writes } from "../gates/trigger.js";
import type { ConversationClient } from "../github/api.js";
import type { IssueRef, Repository } from "../github/context.js";
import type { ConversationEvent } from "../github/conversation-event.js";
import { carriesMarker, type RequestRef } from "../github/marker.js";
import type { Settings } from "../settings/settings.js";

/** Earlier comments looked at (the latest): who wrote each is asked of GitHub once per author. */
const COMMENTS_LOOKED_AT = 2 * CONVERSATION_COMMENTS;

export interface Heard {
  /** The thread's earlier comments by people who may be heard, and how many others were left out. */
  comments: EarlierComment[];
  leftOut: number;
  /** Requests taken up besides the run's own, oldest first, and how many more wait beyond the cap. */
  pending: Pending[];
  more: number;
}

export interface Reading {
  gh: ConversationClient;
  thread: IssueRef;
  repository: Repository | undefined;
  event: ConversationEvent;
  /** The run's own request (undefined: nothing to take up beside it, as with a workflow's prompt). */
  current: { ref: RequestRef; at?: string } | undefined;
  given: Settings;
}

export async function readConversation(r: Reading): Promise<Heard> {
  const items = await listConversation(r);
  const all = earlierIn(items, r.event);
  // When the run's own request was written: as GitHub lists it, else as the event said.
  const own = r.current && items.find((i) => r.current && refKey(i.ref) === refKey(r.current.ref));
  const current = r.current && { ref: r.current.ref, at: own?.at ?? r.current.at };
  const looked = all.slice(-COMMENTS_LOOKED_AT);
  const phrase = r.given.conversation?.triggerPhrase;
  const candidates = current && phrase ? unanswered(items, { phrase, me: await r.gh.whoAmI(), current }) : [];
  const trusted = await trustedAmong(r, [...looked, ...candidates.map((p) => p.item)]);
  const heard = (i: ThreadItem) => trusted.has(i.user?.login ?? "");
  // A request by someone who may not ask is not taken up (and is left out of the context as well).
  const taken = candidates.filter((p) => heard(p.item));
  const pending = taken.slice(0, CONVERSATION_REQUESTS - 1);
  const carried = new Set(pending.map((p) => refKey(p.item.ref)));
  const comments = looked
    .filter((c) => heard(c) && !carried.has(refKey(c.ref)))
    .map((c) => ({ author: c.user?.login ?? "", body: c.body }));
  const leftOut = looked.filter((c) => !heard(c)).length;
  return { comments, leftOut, pending, more: taken.length - pending.length };
}

/**
 * The earlier comments of the thread that asked: a review comment's own thread (its first comment and the
 * replies to it), else the issue's or pull request's comments; only what came before what asked, and never
 * the action's own (its reports and answers carry its marker).
 */
function earlierIn(items: readonly Listed[], event: ConversationEvent): Listed[] {
  const w = event.written;
  const kind = w?.kind === "review-comment" ? "review-comment" : "issue-comment";
  const root = w?.kind === "review-comment" ? (w.inReplyTo ?? w.id) : undefined;
  // A review's id is not in the comments' number space: everything listed came before it.
  const upTo = w?.kind === kind ? w.id : undefined;
  return items.filter(
    (i) =>
      i.ref.kind === kind &&
      (kind !== "review-comment" || root === undefined || i.ref.id === root || i.inReplyTo === root) &&
      (upTo === undefined || i.ref.id < upTo) &&
      !carriesMarker(i.body),
  );
}

type Listed = ThreadItem & { inReplyTo?: number };

/** Everything written in the conversation, in GitHub's listing order (each listing oldest first). */
async function listConversation(r: Reading): Promise<Listed[]> {
  const { gh, thread, event } = r;
  const out: Listed[] = [];
  const s = event.subject;
  if (!s.isPull) out.push({ ref: { kind: "issue", id: thread.issue }, body: issueText(s), ...opt(s) });
  for await (const c of gh.comments(thread))
    out.push({ ref: { kind: "issue-comment", id: c.id }, body: c.body ?? "", ...opt(c) });
  // The rest of a pull request's conversation is read only when requests are taken up from it, or when
  // the thread that asked is a review comment's.
  if (!s.isPull || (!r.current && event.written?.kind !== "review-comment")) return out;
  for await (const c of gh.reviewComments(thread)) {
    if (c.id === undefined) continue;
    out.push({
      ref: { kind: "review-comment", id: c.id },
      body: c.body ?? "",
      ...opt(c),
      ...(c.in_reply_to_id === undefined ? {} : { inReplyTo: c.in_reply_to_id }),
    });
  }
  if (!r.current) return out;
  for await (const v of gh.reviews(thread)) {
    if (v.id === undefined) continue;
    out.push({ ref: { kind: "review", id: v.id }, body: v.body ?? "", ...opt(v) });
  }
  return out;
}

/** The author, link and time of what a listing (or the payload) says, where it says them. */
function opt(c: {
  user?: ThreadItem["user"];
  author?: ThreadItem["user"];
  html_url?: string;
  url?: string;
  created_at?: string;
  submitted_at?: string | null;
  at?: string;
}): Omit<ThreadItem, "ref" | "body"> {
  const out: Omit<ThreadItem, "ref" | "body"> = {};
  const user = c.user ?? c.author;
  if (user) out.user = user;
  const url = c.html_url ?? c.url;
  if (url) out.url = url;
  const at = c.created_at ?? c.submitted_at ?? c.at;
  if (at) out.at = at;
  return out;
}

/** The authors who may be heard: the trigger gate's rules (gates/trigger.ts), GitHub asked once each. */
async function trustedAmong(r: Reading, items: readonly ThreadItem[]): Promise<Set<string>> {
  const logins = [...new Set(items.map((c) => c.user?.login ?? "").filter(Boolean))];
  const verdicts = await Promise.all(
    logins.map(async (login) => {
      const bot = items.find((c) => c.user?.login === login)?.user?.type === "Bot";
      if (bot) return botAllowed(login, r.given);
      if (userAllowed(login, r.given)) return true;
      if (!r.repository) return false;
      const { owner, repo } = r.repository;
      return writes(await r.gh.permission(owner, repo, login).catch(() => undefined));
    }),
  );
  return new Set(logins.filter((_, i) => verdicts[i]));
}

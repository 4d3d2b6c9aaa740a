/**
 * The run's context: which event started it, in which repository, by whom, about which pull request. The
 * event payload the runner wrote (docs/runner.md "File commands") is read and parsed once, here; the gates,
 * the comment and publishing take this object and never read the payload themselves.
 *
 * The payload is GitHub's, not the agent's, but its text fields (a comment's body, a login) come from
 * whoever caused the event: they are matched and compared, never executed.
 */
import { readFileSync } from "node:fs";
import { CONVERSATION_EVENTS } from "../settings/conversation.js";
import { type ConversationEvent, readConversationEvent } from "./conversation-event.js";
import { obj, positive, text } from "./payload-fields.js";

/** Events whose payload carries the pull request itself (its number and base commit). */
export const PR_PAYLOAD_EVENTS: ReadonlySet<string> = new Set([
  "pull_request",
  "pull_request_target",
  "pull_request_review",
  "pull_request_review_comment",
]);

export interface Repository {
  owner: string;
  repo: string;
}

/** A pull request or issue, addressed as the comments API addresses both. */
export interface IssueRef extends Repository {
  /** The number (a pull request's is also an issue number to the comments API). */
  issue: number;
}

export interface RunContext {
  eventName: string;
  repository?: Repository;
  /** Who caused the event: the payload's sender, else `GITHUB_ACTOR` (its id only from the payload). */
  actor: { login?: string; id?: number; isBot: boolean };
  /** The ref the run is for (`GITHUB_REF`): `refs/heads/<branch>` when it is a branch. */
  ref?: string;
  /** The repository's default branch, when the payload says it. */
  defaultBranch?: string;
  /** The pull request this run is about: from a PR event, or a comment on a pull request. */
  pullRequest?: IssueRef & {
    /** Only PR events carry it; a comment on a pull request does not. */
    baseSha?: string;
    /** Who opened it (PR events only). */
    author?: { login: string; isBot: boolean };
    /** Its head is in another repository (PR events only): such runs get no secrets on `pull_request`. */
    fromFork?: boolean;
    /** Its head branch and the commit it had when the event fired (PR events only). */
    head?: { ref?: string; sha?: string };
    /**
     * Where its head is cannot be told from the event: a comment on a pull request (`issue_comment`).
     * What a fork's author could steer (the carried chat) is then left out, as for a fork's.
     */
    headUnknown?: boolean;
  };
  /** The comment that started the run (issue and review comments). */
  comment?: { body: string };
  /** The conversation this run belongs to: the pull request, or the issue (`issues`, `issue_comment`). */
  thread?: IssueRef;
  /** What a comment, review or issue event says (./conversation-event.ts), for conversation mode. */
  conversation?: ConversationEvent;
}

const who = (v: unknown) => {
  const o = obj(v);
  return o && { login: text(o.login), type: text(o.type), id: positive(o.id) };
};

interface Payload {
  sender?: { login?: string; type?: string; id?: number };
  repository?: { default_branch?: string };
  pull_request?: {
    number?: number;
    base?: { sha?: string; repo?: { full_name?: string } };
    /** `repo` is null for a deleted fork. */
    head?: { ref?: string; sha?: string; repo?: { full_name?: string } | null };
    user?: { login?: string; type?: string };
  };
  issue?: { number?: number; pull_request?: unknown };
  comment?: { body?: string };
}

function parsePayload(raw: unknown): Payload {
  const p = obj(raw) ?? {};
  const out: Payload = { sender: who(p.sender) };
  const repository = obj(p.repository);
  if (repository) out.repository = { default_branch: text(repository.default_branch) };
  const pr = obj(p.pull_request);
  if (pr) {
    const base = obj(pr.base);
    const head = obj(pr.head);
    const baseRepo = obj(base?.repo);
    const headRepo = head?.repo === null ? null : obj(head?.repo);
    out.pull_request = {
      number: positive(pr.number),
      base: base && { sha: text(base.sha), repo: baseRepo && { full_name: text(baseRepo.full_name) } },
      head: head && {
        ref: text(head.ref),
        sha: text(head.sha),
        repo: headRepo === null ? null : headRepo && { full_name: text(headRepo.full_name) },
      },
      user: who(pr.user),
    };
  }
  const issue = obj(p.issue);
  if (issue) out.issue = { number: positive(issue.number), pull_request: issue.pull_request };
  const comment = obj(p.comment);
  if (comment) out.comment = { body: text(comment.body) };
  return out;
}

/** Reads the event payload once. A missing or unreadable payload is an empty one (a local run). */
export function readContext(env: NodeJS.ProcessEnv): RunContext {
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  const raw = readJson(env.GITHUB_EVENT_PATH);
  const p = parsePayload(raw);
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
  const repository = owner && repo ? { owner, repo } : undefined;
  const login = p.sender?.login ?? env.GITHUB_ACTOR ?? undefined;
  const ctx: RunContext = {
    eventName,
    repository,
    actor: {
      login: login || undefined,
      // The id is the sender's: GITHUB_ACTOR alone names no id.
      id: p.sender?.login !== undefined ? p.sender.id : undefined,
      isBot: p.sender?.type === "Bot" || (login ?? "").endsWith("[bot]"),
    },
  };
  if (env.GITHUB_REF) ctx.ref = env.GITHUB_REF;
  if (p.repository?.default_branch) ctx.defaultBranch = p.repository.default_branch;
  if (p.comment?.body !== undefined) ctx.comment = { body: p.comment.body };
  if (!repository) return ctx;
  const pr = p.pull_request;
  if (PR_PAYLOAD_EVENTS.has(eventName) && pr?.number !== undefined) {
    const login = pr.user?.login;
    const head = pr.head?.repo?.full_name;
    const base = pr.base?.repo?.full_name ?? `${repository.owner}/${repository.repo}`;
    ctx.pullRequest = {
      ...repository,
      issue: pr.number,
      baseSha: pr.base?.sha,
      author: login ? { login, isBot: pr.user?.type === "Bot" || login.endsWith("[bot]") } : undefined,
      // A deleted fork leaves `head.repo` null: still not this repository.
      fromFork: pr.head === undefined ? undefined : head === undefined || head === null || head !== base,
      head: pr.head && { ref: pr.head.ref, sha: pr.head.sha },
    };
  } else if (eventName === "issue_comment" && p.issue?.pull_request && p.issue.number !== undefined) {
    // A comment on a pull request arrives as an issue_comment whose issue has a `pull_request` key; it
    // does not say whose head the pull request has (fail closed where a fork could steer: run/chat.ts).
    ctx.pullRequest = { ...repository, issue: p.issue.number, headUnknown: true };
  }
  const issue = p.issue?.number;
  if (ctx.pullRequest) ctx.thread = { ...repository, issue: ctx.pullRequest.issue };
  else if ((eventName === "issues" || eventName === "issue_comment") && issue !== undefined) {
    ctx.thread = { ...repository, issue };
  }
  if (ctx.thread && CONVERSATION_EVENTS.has(eventName))
    ctx.conversation = readConversationEvent(eventName, raw);
  return ctx;
}

function readJson(file: string | undefined): unknown {
  if (!file) return {};
  try {
    return JSON.parse(readFileSync(file, "utf8")) as unknown;
  } catch {
    return {};
  }
}

/**
 * The run's context: which event started it, in which repository, by whom, about which pull request. The
 * event payload the runner wrote (docs/runner.md "Event payload") is read and parsed once, here; the gates,
 * the comment and publishing take this object and never read the payload themselves.
 *
 * The payload is GitHub's, not the agent's, but its text fields (a comment's body, a login) come from
 * whoever caused the event: they are matched and compared, never executed.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";

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
  /** Who caused the event: the payload's sender, else `GITHUB_ACTOR`. */
  actor: { login?: string; isBot: boolean };
  /** The pull request this run is about: from a PR event, or a comment on a pull request. */
  pullRequest?: IssueRef & {
    /** Only PR events carry it; a comment on a pull request does not. */
    baseSha?: string;
    /** Who opened it (PR events only). */
    author?: { login: string; isBot: boolean };
    /** Its head is in another repository (PR events only): such runs get no secrets on `pull_request`. */
    fromFork?: boolean;
  };
  /** The comment that started the run (issue and review comments). */
  comment?: { body: string };
}

const text = z.string().optional().catch(undefined);
const positive = z.number().int().positive().optional().catch(undefined);
const payloadSchema = z.object({
  sender: z.object({ login: text, type: text }).optional().catch(undefined),
  pull_request: z
    .object({
      number: positive,
      base: z
        .object({ sha: text, repo: z.object({ full_name: text }).optional().catch(undefined) })
        .optional()
        .catch(undefined),
      head: z
        .object({ repo: z.object({ full_name: text }).nullable().optional().catch(undefined) })
        .optional()
        .catch(undefined),
      user: z.object({ login: text, type: text }).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  issue: z.object({ number: positive, pull_request: z.unknown().optional() }).optional().catch(undefined),
  comment: z.object({ body: text }).optional().catch(undefined),
});

/** Reads the event payload once. A missing or unreadable payload is an empty one (a local run). */
export function readContext(env: NodeJS.ProcessEnv): RunContext {
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  const parsed = payloadSchema.safeParse(readJson(env.GITHUB_EVENT_PATH));
  const p = parsed.success ? parsed.data : {};
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
  const repository = owner && repo ? { owner, repo } : undefined;
  const login = p.sender?.login ?? env.GITHUB_ACTOR ?? undefined;
  const ctx: RunContext = {
    eventName,
    repository,
    actor: { login: login || undefined, isBot: p.sender?.type === "Bot" || (login ?? "").endsWith("[bot]") },
  };
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
    };
  } else if (eventName === "issue_comment" && p.issue?.pull_request && p.issue.number !== undefined) {
    // A comment on a pull request arrives as an issue_comment whose issue has a `pull_request` key.
    ctx.pullRequest = { ...repository, issue: p.issue.number };
  }
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

/**
 * The two writes to a pull request after the run: the review (review mode) and the sticky comment. Each has
 * a deadline that aborts its requests too, not only the wait: a review or comment that lands after the
 * report said it could not be written would contradict it, and a request left open (or a retry's timer)
 * would keep the process alive after its work is done. Its client begins no retry or rate-limit wait that
 * would end after the deadline. One that cannot be written (a fork's read-only token, missing permission,
 * an outage) is a warning with the fix, never a failed step.
 */
import { CANCEL_DEADLINES, type WaitEnd, waitEnd } from "../base/deadlines.js";
import type { Redact } from "../base/redact.js";
import type { ChangeSet } from "../changes/types.js";
import type { GitHubClient } from "../github/api.js";
import type { ClientOptions } from "../github/client.js";
import type { IssueRef } from "../github/context.js";
import type { ReviewData, ReviewReport } from "../review/post.js";

export interface GitHubDeps {
  env: NodeJS.ProcessEnv;
  warning: (message: string) => void;
  /**
   * The runner's cancel, heard after the agent (while the report is written): from then on each write has
   * at most its share of the cancel budget left (base/deadlines.ts), so the step still ends before the
   * runner kills it.
   */
  cancelled?: AbortSignal;
  /** Loaded only when needed: octokit is most of the bundle's start-up cost. */
  github: (token: string, apiUrl?: string, options?: ClientOptions) => Promise<GitHubClient>;
}

/** Where and as whom: a pull request (or issue) the run is about, and the token to write with. */
export interface Target {
  pullRequest?: IssueRef;
  token?: string;
}

/** One review, posted with the action's token; the report says why there is no link when there is none. */
export async function postReviewWithin(
  data: ReviewData,
  changes: ChangeSet,
  to: Target,
  deps: GitHubDeps,
  redact: Redact,
  deadlineMs: number,
): Promise<ReviewReport> {
  const base: ReviewReport = { findings: data.findings, invalid: data.invalid };
  const target = to.pullRequest;
  if (!target) return { ...base, note: "not a pull request event: no review posted" };
  const token = to.token;
  if (!token) {
    deps.warning("No github-token: the review was not posted. The job summary has the findings.");
    return { ...base, note: "no github-token: no review posted" };
  }
  try {
    return await clientWithin(
      token,
      deps,
      [deadlineMs, CANCEL_DEADLINES.reviewMs],
      async (client, signal) => {
        const { postReview } = await import("../review/post.js");
        return postReview(client, target, data, changes, redact, signal);
      },
    );
  } catch (e) {
    deps.warning(apiProblem("post the review", e));
    return { ...base, note: "the review could not be posted (see the warning)" };
  }
}

/** The sticky comment with `body`; its URL, or undefined (and a warning) when it could not be written. */
export async function writeCommentWithin(
  body: string,
  key: string,
  target: IssueRef,
  token: string,
  deps: GitHubDeps,
  deadlineMs: number,
): Promise<string | undefined> {
  try {
    const written = await clientWithin(
      token,
      deps,
      [deadlineMs, CANCEL_DEADLINES.commentMs],
      async (client) => {
        const { upsertComment } = await import("../github/comment.js");
        return upsertComment(client, target, key, body);
      },
    );
    return written.url;
  } catch (e) {
    deps.warning(apiProblem("write the PR comment", e));
    return undefined;
  }
}

/**
 * `use` with a client whose requests stop at `deadlineMs` from now (no retry begun past it), or at
 * `cancelMs` from a cancel heard meanwhile when that is sooner; else a rejection then: its signal is
 * aborted first, so that its work stops.
 */
export async function clientWithin<T>(
  token: string,
  deps: GitHubDeps,
  [deadlineMs, cancelMs]: [number, number],
  use: (client: Awaited<ReturnType<GitHubDeps["github"]>>, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const abort = new AbortController();
  const until = Date.now() + deadlineMs;
  const end = waitEnd(deadlineMs, cancelMs, deps.cancelled);
  const work = (async () => {
    const client = await deps.github(token, deps.env.GITHUB_API_URL, { signal: abort.signal, until });
    return use(client, abort.signal);
  })();
  return withDeadline(work, end, abort);
}

/** One line with the fix, from an octokit error or anything else. */
export function apiProblem(
  what: "write the PR comment" | "post the review" | "answer where the agent was asked",
  e: unknown,
): string {
  const status = (e as { status?: number })?.status;
  const message = ((e as Error)?.message ?? String(e)).split("\n")[0];
  const prefix = `Could not ${what} (${status ? `HTTP ${status}: ` : ""}${message}).`;
  if (status === 403 || status === 404) {
    // An answer on an issue needs the issues' permission; everything else here is on a pull request.
    const permission =
      what === "answer where the agent was asked"
        ? "issues: write` (on an issue) or `pull-requests: write` (on a pull request)"
        : "pull-requests: write`";
    return `${prefix} Give the job \`permissions: ${permission}; a pull request from a fork gets a read-only token (set \`${what === "post the review" ? "review" : "comment"}: false\` there). The job summary has the report.`;
  }
  if (status === 401) return `${prefix} Check \`github-token\`. The job summary has the report.`;
  return `${prefix} GitHub may be having trouble (retried). The job summary has the report.`;
}

/** `p`, or a rejection at `end`; `abort` is aborted first, so that `p`'s work stops. */
function withDeadline<T>(p: Promise<T>, end: WaitEnd, abort: AbortController): Promise<T> {
  let fail: (e: Error) => void = () => {};
  const deadline = new Promise<never>((_, reject) => {
    fail = reject;
  });
  const ended = () => {
    // No reason given to abort(): a reason reaches octokit as a plain error, which its retry plugin takes
    // for a 500 and retries (~14 s more, with the timers keeping the step alive); an AbortError it lets go
    // at once.
    abort.abort();
    fail(new Error(`no answer within ${Math.round(end.limitMs / 1000)} s`));
  };
  end.signal.addEventListener("abort", ended, { once: true });
  return Promise.race([p, deadline]).finally(() => {
    end.signal.removeEventListener("abort", ended);
    end.dispose();
  });
}

/**
 * What leaves the runner, in order of importance and speed: the step outputs, the job summary, the PR
 * comment. Everything here is redacted first. A comment that cannot be written (a fork's read-only
 * token, missing permission, an outage) is a warning with the fix, never a failed step.
 */

import { appendFile } from "node:fs/promises";
import { CANCEL_BUDGET, RUN_DEADLINES } from "./base/deadlines.js";
import type { Redact } from "./base/redact.js";
import { changeOutputs } from "./changes/index.js";
import type { Outcome } from "./execute.js";
import type { GitHubClient } from "./github/api.js";
import type { ClientOptions } from "./github/client.js";
import type { RunContext } from "./github/context.js";
import { COMMENT_BUDGET, renderReport, SUMMARY_BUDGET } from "./report/report.js";
import type { ReviewReport } from "./review/post.js";
import type { Settings } from "./settings/settings.js";

export interface PublishDeps {
  env: NodeJS.ProcessEnv;
  setOutput: (name: string, value: string) => void;
  warning: (message: string) => void;
  /** Loaded only when needed: octokit is most of the bundle's start-up cost. */
  github: (token: string, apiUrl?: string, options?: ClientOptions) => Promise<GitHubClient>;
  /**
   * The report is about to be written into the PR comment: the live progress comment is done for (a failure
   * after this must not replace the report with its own last word).
   */
  beforeComment?: () => void;
}

export async function publish(
  o: Outcome,
  s: Settings,
  context: RunContext,
  deps: PublishDeps,
  redact: Redact,
): Promise<void> {
  const runUrl = jobUrl(deps.env);
  const once = memo(redact);
  // After a cancel each gets its share of the runner's 7.5 s (base/deadlines.ts).
  const deadlines = o.cancelled ? CANCEL_BUDGET : RUN_DEADLINES;
  // The review first: the report links to it and says what was new.
  const review = o.review ? await publishReview(o, s, context, deps, once, deadlines.reviewMs) : undefined;
  // The summary and the comment redact the same texts (diffs of megabytes among them): once each.
  const input = {
    model: o.model,
    verdict: o.verdict,
    changes: o.changes,
    wallMs: o.wallMs,
    runUrl,
    redact: once,
    review,
    contract: o.structured !== undefined,
  };
  // One rendering serves both when it fits the comment (the usual case); the summary may hold more.
  const full = renderReport(input, SUMMARY_BUDGET);
  const comment = full.length <= (COMMENT_BUDGET.maxChars ?? 0) ? full : renderReport(input, COMMENT_BUDGET);

  setOutputs(o, deps, comment, redact);
  deps.setOutput("review-url", review?.url ?? "");

  if (s.jobSummary) {
    const file = deps.env.GITHUB_STEP_SUMMARY;
    if (file) {
      try {
        await appendFile(file, `${full}\n`);
      } catch (e) {
        deps.warning(`Could not write the job summary: ${(e as Error).message}`);
      }
    }
  }

  const target = s.comment ? context.pullRequest : undefined;
  if (target && s.githubToken) {
    deps.beforeComment?.();
    // The deadline stops the requests too: none goes on (retrying, keeping the step alive) after it.
    const abort = new AbortController();
    const work = (async () => {
      const { upsertComment } = await import("./github/comment.js");
      const client = await deps.github(s.githubToken!, deps.env.GITHUB_API_URL, { signal: abort.signal });
      return upsertComment(client, target, s.commentKey, comment);
    })();
    try {
      const r = await withDeadline(work, deadlines.commentMs, abort);
      deps.setOutput("comment-url", r.url);
    } catch (e) {
      deps.warning(apiProblem("write the PR comment", e));
    }
  } else if (target && !s.githubToken) {
    deps.warning("No github-token: the PR comment was not written. The job summary has the report.");
  }
}

/**
 * Review mode on a pull request: one review, posted with the action's token. A review that cannot be posted
 * is a warning with the fix (like the comment), and the report says why there is no link.
 */
async function publishReview(
  o: Outcome,
  s: Settings,
  context: RunContext,
  deps: PublishDeps,
  redact: Redact,
  deadline: number,
): Promise<ReviewReport> {
  const data = o.review!;
  const base: ReviewReport = { findings: data.findings, invalid: data.invalid };
  const target = context.pullRequest;
  if (!target) return { ...base, note: "not a pull request event: no review posted" };
  if (!s.githubToken) {
    deps.warning("No github-token: the review was not posted. The job summary has the findings.");
    return { ...base, note: "no github-token: no review posted" };
  }
  // The deadline aborts the requests too, not only the wait: a review posted after the report says it
  // could not be would contradict it.
  const abort = new AbortController();
  const work = (async () => {
    const { postReview } = await import("./review/post.js");
    const client = await deps.github(s.githubToken!, deps.env.GITHUB_API_URL, { signal: abort.signal });
    return postReview(client, target, data, o.changes, redact, abort.signal);
  })();
  try {
    return await withDeadline(work, deadline, abort);
  } catch (e) {
    deps.warning(apiProblem("post the review", e));
    return { ...base, note: "the review could not be posted (see the warning)" };
  }
}

function setOutputs(o: Outcome, deps: PublishDeps, diffSummary: string, redact: Redact): void {
  const { model, verdict: v } = o;
  const r = model.result;
  const out: Record<string, string> = {
    conclusion: v.conclusion,
    // Workflows post these onwards (comments, chat): no secret goes with them.
    result: redact(r?.text ?? ""),
    error: redact(v.error),
    "session-id": model.session.sessionId ?? r?.sessionId ?? "",
    "request-id": r?.requestId ?? model.session.requestId ?? "",
    model: model.session.model ?? "",
    "duration-ms": String(r?.durationMs ?? o.wallMs),
    "duration-api-ms": r?.durationApiMs !== undefined ? String(r.durationApiMs) : "",
    "is-error": r ? String(r.isError) : "",
    "exit-code": v.exitCode !== undefined ? String(v.exitCode) : "",
    "transcript-file": o.transcriptFile,
    "tool-calls": String(model.toolCounts().total),
    usage: r?.usage ? JSON.stringify(r.usage) : "",
    ...changeOutputs(o.changes),
    "diff-summary": diffSummary,
    "cursor-version": o.cli?.build ?? "",
    "cursor-sha256": o.cli?.sha256 ?? "",
    "structured-output": redact(o.structured?.["structured-output"] ?? ""),
    findings: redact(o.structured?.findings ?? ""),
  };
  for (const [k, val] of Object.entries(out)) deps.setOutput(k, val);
}

/** One line with the fix, from an octokit error or anything else. */
function apiProblem(what: "write the PR comment" | "post the review", e: unknown): string {
  const status = (e as { status?: number })?.status;
  const message = ((e as Error)?.message ?? String(e)).split("\n")[0];
  const prefix = `Could not ${what} (${status ? `HTTP ${status}: ` : ""}${message}).`;
  if (status === 403 || status === 404) {
    return `${prefix} Give the job \`permissions: pull-requests: write\`; a pull request from a fork gets a read-only token (set \`${what === "post the review" ? "review" : "comment"}: false\` there). The job summary has the report.`;
  }
  if (status === 401) return `${prefix} Check \`github-token\`. The job summary has the report.`;
  return `${prefix} GitHub may be having trouble (retried). The job summary has the report.`;
}

/** `p`, or a rejection after `ms`; `abort` (when given) is aborted first, so that `p`'s work stops. */
function withDeadline<T>(p: Promise<T>, ms: number, abort?: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // No reason given to abort(): a reason reaches octokit as a plain error, which its retry plugin
      // takes for a 500 and retries (~14 s more, with the timers keeping the step alive); an AbortError
      // it lets go at once.
      abort?.abort();
      reject(new Error(`no answer within ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

export function jobUrl(env: NodeJS.ProcessEnv): string | undefined {
  const {
    GITHUB_SERVER_URL: server,
    GITHUB_REPOSITORY: repo,
    GITHUB_RUN_ID: id,
    GITHUB_RUN_ATTEMPT: attempt,
  } = env;
  if (!server || !repo || !id) return undefined;
  return `${server}/${repo}/actions/runs/${id}${attempt ? `/attempts/${attempt}` : ""}`;
}

function memo(redact: Redact): Redact {
  const seen = new Map<string, string>();
  return (text) => {
    let r = seen.get(text);
    if (r === undefined) {
      r = redact(text);
      seen.set(text, r);
    }
    return r;
  };
}

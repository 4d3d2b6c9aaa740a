/**
 * Posting a run's review: the pull request's diff and the fingerprints of earlier runs are read from the
 * API, the review is built (./build.ts) and posted as one review, `event: COMMENT`, with the action's own
 * token (the agent never holds one). Nothing new to say (every finding and edit posted before): no review.
 */
import type { ChangeSet } from "../changes/types.js";
import type { PullFile, ReviewClient } from "../github/api.js";
import type { IssueRef } from "../github/context.js";
import type { Redact } from "../render/redact.js";
import type { Finding } from "../structured/contract.js";
import { hunksOf } from "./anchor.js";
import { buildReview, knownFingerprints } from "./build.js";
import type { HeadLines, InvalidFinding } from "./check.js";
import { editSuggestions } from "./edits.js";

/** What the run's review contract held, checked against the repository (./check.ts). */
export interface ReviewData {
  summary: string;
  findings: Finding[];
  invalid: InvalidFinding[];
  head: HeadLines;
}

/** What the report says of the review. */
export interface ReviewReport {
  findings: Finding[];
  invalid: InvalidFinding[];
  url?: string;
  posted?: number;
  repeated?: number;
  unanchored?: number;
  suggestions?: number;
  /** Why there is no review to link to (no pull request, no token, nothing new, an API error). */
  note?: string;
}

/** GitHub lists at most 3,000 files of a pull request. */
const MAX_PULL_FILES = 3_000;

export async function postReview(
  client: ReviewClient,
  target: IssueRef,
  data: ReviewData,
  changes: ChangeSet | undefined,
  redact: Redact,
): Promise<ReviewReport> {
  const [files, comments, reviews] = await Promise.all([
    collect(client.pullFiles(target), MAX_PULL_FILES),
    collect(client.reviewComments(target)),
    collect(client.reviews(target)),
  ]);
  const parts = {
    summary: data.summary,
    findings: data.findings,
    edits: editSuggestions(changes?.files ?? []),
    fileLines: (p: string) => {
      const lines = data.head.get(p);
      return Array.isArray(lines) ? lines : undefined;
    },
    known: knownFingerprints(
      comments.map((c) => c.body),
      reviews.map((r) => r.body ?? undefined),
    ),
    redact,
  };
  const built = buildReview({ ...parts, hunks: hunksOf(files as PullFile[]) });
  const report: ReviewReport = {
    findings: data.findings,
    invalid: data.invalid,
    posted: built.posted,
    repeated: built.repeated,
    unanchored: built.unanchored,
    suggestions: built.suggestions,
  };
  if (built.posted === 0 && built.suggestions === 0) {
    return {
      ...report,
      note: data.findings.length ? "nothing new: every finding was posted by an earlier run" : "no findings",
    };
  }
  try {
    const r = await client.createReview(target, built.body, built.comments);
    return { ...report, url: r.html_url };
  } catch (e) {
    // 422: GitHub refused a line (the diff moved since it was read): the same review, every finding in its body.
    if ((e as { status?: number }).status !== 422 || built.comments.length === 0) throw e;
    const flat = buildReview({ ...parts, hunks: new Map() });
    const r = await client.createReview(target, flat.body, []);
    return { ...report, url: r.html_url, unanchored: flat.unanchored, suggestions: 0 };
  }
}

async function collect<T>(items: AsyncIterable<T>, max = Number.POSITIVE_INFINITY): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * Posting a run's review: the pull request's diff and the fingerprints of earlier runs are read from the
 * API, the review is built (./build.ts) and posted as one review, `event: COMMENT`, with the action's own
 * token (the agent never holds one). One review per run, even when nothing is new: its body says so.
 *
 * Trust boundary: a fingerprint keeps a finding from being posted again, so only the action's own reviews
 * and review comments are read for them. Anyone who can comment on the pull request (its author among
 * them) can paste a hidden marker; what a person wrote is never taken for what the action posted. Whose
 * items are the action's: one rule with the sticky comment's (src/github/identity.ts).
 *
 * Deadline: the caller's `signal` stops it. The caller makes the client with the same signal (octokit's
 * `request.signal`: the request in flight is aborted), and it is checked here between the listings' items
 * and before the review is posted, so that a review never appears after the run said it could not post one.
 */

import type { Redact } from "../base/redact.js";
import type { ChangeSet } from "../changes/types.js";
import type { Authored, PostClient } from "../github/api.js";
import type { IssueRef } from "../github/context.js";
import { writtenByUs } from "../github/identity.js";
import type { Finding } from "../structured/contract.js";
import { hunksOf } from "./anchor.js";
import { buildReview } from "./build.js";
import { type HeadLines, type InvalidFinding, linesAt } from "./check.js";
import { editSuggestions } from "./edits.js";
import { knownFingerprints } from "./marker.js";

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
  /** Findings new in this review, and left out as posted by an earlier run. */
  posted?: number;
  repeated?: number;
  unanchored?: number;
  /** The agent's edits posted as suggestions, and left out as suggested by an earlier run. */
  suggestions?: number;
  repeatedSuggestions?: number;
  /** Why there is no review to link to (no pull request, no token, an API error). */
  note?: string;
}

/** GitHub lists at most 3,000 files of a pull request. */
const MAX_PULL_FILES = 3_000;

export async function postReview(
  client: PostClient,
  target: IssueRef,
  data: ReviewData,
  changes: ChangeSet | undefined,
  redact: Redact,
  signal?: AbortSignal,
): Promise<ReviewReport> {
  const [files, comments, reviews, me] = await Promise.all([
    collect(client.pullFiles(target), signal, MAX_PULL_FILES),
    collect(client.reviewComments(target), signal),
    collect(client.reviews(target), signal),
    client.whoAmI(),
  ]);
  const ours = (items: Authored[]) => items.filter((c) => writtenByUs(c, me)).map((c) => c.body ?? undefined);
  const parts = {
    summary: data.summary,
    findings: data.findings,
    edits: editSuggestions(changes?.files ?? []),
    fileLines: (p: string) => linesAt(data.head, p),
    known: knownFingerprints(ours(comments), ours(reviews)),
    redact,
  };
  const built = buildReview({ ...parts, hunks: hunksOf(files) });
  const report: ReviewReport = {
    findings: data.findings,
    invalid: data.invalid,
    posted: built.posted,
    repeated: built.repeated,
    unanchored: built.unanchored,
    suggestions: built.suggestions,
    repeatedSuggestions: built.repeatedSuggestions,
  };
  // Past the deadline nothing is posted: the run has already said there is no review.
  signal?.throwIfAborted();
  try {
    const r = await client.createReview(target, built.body, built.comments);
    return { ...report, url: r.html_url };
  } catch (e) {
    // 422: GitHub refused a line (the diff moved since it was read): the same review, every finding in its body.
    if ((e as { status?: number }).status !== 422 || built.comments.length === 0) throw e;
    signal?.throwIfAborted();
    const flat = buildReview({ ...parts, hunks: new Map() });
    const r = await client.createReview(target, flat.body, []);
    return { ...report, url: r.html_url, unanchored: flat.unanchored, suggestions: 0 };
  }
}

async function collect<T>(
  items: AsyncIterable<T>,
  signal: AbortSignal | undefined,
  max = Number.POSITIVE_INFINITY,
): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    signal?.throwIfAborted();
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}

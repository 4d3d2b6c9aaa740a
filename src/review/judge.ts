/**
 * A review's findings, once the schema has passed them, checked against the repository (./check.ts): the
 * invalid ones fail the run with one line that names them, and are never posted. A replayed transcript's
 * paths belong to another checkout: its findings are taken as the schema passed them.
 */
import type { Verdict } from "../conclusion.js";
import { createGitReader } from "../git/reader.js";
import type { Finding } from "../structured/contract.js";
import { checkFindings, type HeadLines, readHeadLines } from "./check.js";
import type { ReviewData } from "./post.js";

/** Invalid findings named in `error`, at most this many. */
const NAMED = 10;

export async function checkReview(
  review: { summary: string; findings: Finding[] },
  workspace: string | undefined,
  verdict: Verdict,
): Promise<{ data: ReviewData; verdict: Verdict }> {
  const head: HeadLines = workspace
    ? await readHeadLines(
        createGitReader(workspace),
        review.findings.map((f) => f.path),
      )
    : new Map();
  const { valid, invalid } = checkFindings(review.findings, head);
  const data = { summary: review.summary, findings: valid, invalid, head };
  if (invalid.length === 0 || verdict.conclusion !== "success") return { data, verdict };
  const named = invalid
    .slice(0, NAMED)
    .map(({ finding: f, why }) => `${f.path}:${f.line} (${why})`)
    .join("; ");
  const more = invalid.length > NAMED ? ` and ${invalid.length - NAMED} more` : "";
  const n = invalid.length;
  return {
    data,
    verdict: {
      ...verdict,
      conclusion: "failure",
      error: `The review has ${n} invalid finding${n === 1 ? "" : "s"}, not posted: ${named}${more}.`,
    },
  };
}

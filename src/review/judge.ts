/**
 * A review's findings, once the schema has passed them, checked against the repository (./check.ts): the
 * invalid ones fail the run with one line that names them, and are never posted. Then `fail-on-severity`
 * on the valid ones only: a finding that is not in the repository is an invalid one, not a gate's. When
 * both apply, `error` carries both lines. A replayed transcript's paths belong to another checkout: its
 * findings are taken as the schema passed them.
 */

import { createGitReader } from "../git/reader.js";
import type { Verdict } from "../model/verdict.js";
import type { Severity } from "../settings/contract.js";
import { type Finding, gateError, NAMED_IN_ERROR } from "../structured/contract.js";
import { checkFindings, type HeadLines, type InvalidFinding, readHeadLines } from "./check.js";
import type { ReviewData } from "./post.js";

export async function checkReview(
  review: { summary: string; findings: Finding[]; failOnSeverity?: Severity | "none" },
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
  // A run that already failed keeps its own error.
  if (verdict.conclusion !== "success") return { data, verdict };
  const problems = [gateError(valid, review.failOnSeverity ?? "none"), invalidError(invalid)].filter(Boolean);
  if (problems.length === 0) return { data, verdict };
  return { data, verdict: { ...verdict, conclusion: "failure", error: problems.join(" ") } };
}

function invalidError(invalid: InvalidFinding[]): string | undefined {
  const n = invalid.length;
  if (n === 0) return undefined;
  const named = invalid
    .slice(0, NAMED_IN_ERROR)
    .map(({ finding: f, why }) => `${f.path}:${f.line} (${why})`)
    .join("; ");
  const more = n > NAMED_IN_ERROR ? ` and ${n - NAMED_IN_ERROR} more` : "";
  return `The review has ${n} invalid finding${n === 1 ? "" : "s"}, not posted: ${named}${more}.`;
}

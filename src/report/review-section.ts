/**
 * The review in the report (the sticky comment and the job summary): counts by severity, the link to the
 * review, how many findings are new and how many an earlier run already posted (the agent's edits as
 * suggestions counted apart), the findings by severity, and the invalid ones with why. Pure; every text
 * of the agent's through the one sanitiser.
 */

import { cutAfterRedaction, type Redact } from "../base/redact.js";
import { mdCode, mdText } from "../render/markdown.js";
import { BADGE } from "../review/badge.js";
import type { ReviewReport } from "../review/post.js";
import { SEVERITIES } from "../settings/contract.js";

/** Rows of the findings table; the `findings` output has them all. */
const MAX_ROWS = 50;
const MAX_CELL = 200;

export function reviewLines(r: ReviewReport, redact: Redact): string[] {
  const cell = (t: string) => mdText(cutAfterRedaction(t, MAX_CELL, redact));
  const where = (path: string, line: number, start?: number) =>
    mdCode(`${cutAfterRedaction(path, MAX_CELL, redact)}:${start ? `${start}-` : ""}${line}`);
  const n = r.findings.length;
  const counts = SEVERITIES.map((s) => [s, r.findings.filter((f) => f.severity === s).length] as const)
    .filter(([, c]) => c > 0)
    .map(([s, c]) => `${c} ${s}`);
  const facts = [
    `**Review**: ${n} finding${n === 1 ? "" : "s"}${counts.length ? ` (${counts.join(", ")})` : ""}`,
    r.url ? `[the review on the pull request](${r.url})` : "",
    // Findings only; the agent's edits posted as suggestions are counted apart, when there are any.
    r.posted !== undefined
      ? `${r.posted} new finding${r.posted === 1 ? "" : "s"}, ${r.repeated ?? 0} already reported`
      : "",
    r.unanchored ? `${r.unanchored} outside the diff` : "",
    r.suggestions || r.repeatedSuggestions ? edits(r.suggestions ?? 0, r.repeatedSuggestions ?? 0) : "",
    r.note ? `_${mdText(r.note)}_` : "",
  ].filter(Boolean);
  const out = [facts.join(" · "), ""];
  if (n > 0) {
    const rank = (s: string) => SEVERITIES.indexOf(s as (typeof SEVERITIES)[number]);
    const sorted = [...r.findings].sort((a, b) => rank(a.severity) - rank(b.severity));
    out.push("| Severity | Where | Finding |", "|---|---|---|");
    for (const f of sorted.slice(0, MAX_ROWS)) {
      out.push(`| ${BADGE[f.severity]} | ${where(f.path, f.line, f.start_line)} | ${cell(f.title)} |`);
    }
    if (n > MAX_ROWS) out.push(`| … ${n - MAX_ROWS} more | | the \`findings\` output has them all |`);
    out.push("");
  }
  if (r.invalid.length > 0) {
    out.push(`**Invalid findings** (${r.invalid.length}, not posted):`, "");
    for (const { finding: f, why } of r.invalid.slice(0, MAX_ROWS)) {
      out.push(`- ${where(f.path, f.line, f.start_line)} — ${cell(f.title)}: _${mdText(why)}_`);
    }
    if (r.invalid.length > MAX_ROWS) out.push(`- … ${r.invalid.length - MAX_ROWS} more`);
    out.push("");
  }
  return out;
}

/** The agent's edits as suggestions: posted now, and left out as suggested by an earlier run. */
function edits(now: number, before: number): string {
  if (now === 0) return `${before} of the agent's edits suggested by an earlier run`;
  const posted = `${now} of the agent's edits as suggestions`;
  return before ? `${posted} (${before} more suggested by an earlier run)` : posted;
}

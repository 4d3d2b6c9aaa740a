/**
 * The markdown report: one renderer for the job summary (≤ 1 MiB) and the PR comment (≤ 65,536
 * characters). Pure: it takes what the run produced and returns text that fits.
 *
 * Every piece of agent text is redacted first (before anything is measured or cut, so a cut can never
 * leave half a secret), then escaped or fenced. When the whole does not fit it degrades in steps: the
 * largest diffs go first, then all diffs, then the list of tool calls, then the list of files is
 * shortened, each step with a note of what was left out and where to find it.
 */

import { COMMENT_MARKER_ROOM, GITHUB_BODY_CHARS, SUMMARY_MAX_BYTES } from "../base/limits.js";
import { compose, type ReportInput, type Shape } from "./compose.js";
import { type Budget, fits, hardCut, overBy } from "./fit.js";

export type { ReportInput } from "./compose.js";
export { warmFinalMessage } from "./final-message.js";
export type { Budget } from "./fit.js";

/** A PR comment body, with room for the marker the caller prepends. */
export const COMMENT_BUDGET: Budget = { maxChars: GITHUB_BODY_CHARS - COMMENT_MARKER_ROOM };
/** The job summary, with room for the lines the action appends on its own. */
export const SUMMARY_BUDGET: Budget = { maxBytes: SUMMARY_MAX_BYTES - 4096 };

export function renderReport(input: ReportInput, budget: Budget): string {
  const files = (input.changes?.files ?? []).map((f) => ({
    ...f,
    diff: f.diff ? input.redact(f.diff) : undefined,
  }));
  const all = files.filter((f) => f.diff).map((f) => f.path);
  const shape: Shape = { diffs: new Set(all), toolTable: true, fileRows: files.length, notes: [] };
  let text = compose(input, files, shape);
  if (fits(text, budget)) return text;

  // 1. the largest diffs first: drop as many as the excess needs in one go, then one at a time
  const bySize = files.filter((f) => f.diff).sort((a, b) => (b.diff?.length ?? 0) - (a.diff?.length ?? 0));
  let excess = overBy(text, budget);
  let dropped = 0;
  for (const f of bySize) {
    shape.diffs.delete(f.path);
    dropped++;
    excess -= f.diff?.length ?? 0;
    if (excess > 0 && dropped < bySize.length) continue;
    shape.notes[0] = `${dropped} of ${all.length} diffs are left out to fit (the largest first); the job log has every edit.`;
    text = compose(input, files, shape);
    if (fits(text, budget)) return text;
    excess = overBy(text, budget);
  }
  // 2. the list of tool calls
  shape.toolTable = false;
  shape.notes[1] = "The list of tool calls is left out to fit; the job log has each one.";
  text = compose(input, files, shape);
  if (fits(text, budget)) return text;
  // 3. a shorter list of files, halving until it fits
  while (shape.fileRows > 0) {
    shape.fileRows = Math.floor(shape.fileRows / 2);
    shape.notes[2] = `Only ${shape.fileRows} of ${files.length} changed files are listed to fit; \`files-changed\` has them all.`;
    text = compose(input, files, shape);
    if (fits(text, budget)) return text;
  }
  // 4. last resort: cut where no block is left open (only an enormous error or final message gets here)
  return hardCut(text, budget);
}

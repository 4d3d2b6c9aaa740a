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
import type { FileChange } from "../changes/types.js";
import { compose, diffBlock, type ReportInput, type Shape } from "./compose.js";
import { fits, hardCut, overBy, overByJoined, type SizeBudget, type Sized } from "./fit.js";

export type { ReportInput } from "./compose.js";
export { warmFinalMessage } from "./final-message.js";
export type { SizeBudget } from "./fit.js";

/** A PR comment body, with room for the marker the caller prepends. */
export const COMMENT_BUDGET: SizeBudget = { maxChars: GITHUB_BODY_CHARS - COMMENT_MARKER_ROOM };
/** The job summary, with room for the lines the action appends on its own. */
export const SUMMARY_BUDGET: SizeBudget = { maxBytes: SUMMARY_MAX_BYTES - 4096 };

export function renderReport(input: ReportInput, budget: SizeBudget): string {
  const files = (input.changes?.files ?? []).map((f) => ({
    ...f,
    diff: f.diff ? input.redact(f.diff) : undefined,
  }));
  const withDiff = files.filter((f): f is WithDiff => f.diff !== undefined && f.diff !== "");
  const all = withDiff.map((f) => f.path);
  const shape: Shape = { diffs: new Set(all), toolTable: true, fileRows: files.length, notes: [] };
  const sized = blocksOf(input);
  const block = (f: WithDiff) => sized(f).text;
  // The whole report with every diff is composed only when it can fit: its size is the report's without
  // diffs plus each diff's block, counted, not joined (2,000 diffs: megabytes joined to be measured and
  // thrown away, BENCHMARKS.md). Counted or composed, the excess is the same number. A block that cannot
  // be built (the diff is the agent's) is left to compose, whose part for the files says so in a note.
  let excess = all.length === 0 ? 0 : countedExcess(input, files, shape, withDiff, sized, budget);
  if (excess <= 0) {
    const text = compose(input, files, shape, block);
    if (fits(text, budget)) return text;
    excess = overBy(text, budget);
  }

  // 1. the largest diffs first: drop as many as the excess needs in one go, then one at a time
  const bySize = [...withDiff].sort((a, b) => b.diff.length - a.diff.length);
  let text: string;
  let dropped = 0;
  for (const f of bySize) {
    shape.diffs.delete(f.path);
    dropped++;
    excess -= f.diff.length;
    if (excess > 0 && dropped < bySize.length) continue;
    shape.notes[0] = `${dropped} of ${all.length} diffs are left out to fit (the largest first); the job log has every edit.`;
    text = compose(input, files, shape, block);
    if (fits(text, budget)) return text;
    excess = overBy(text, budget);
  }
  // 2. the list of tool calls
  shape.toolTable = false;
  shape.notes[1] = "The list of tool calls is left out to fit; the job log has each one.";
  text = compose(input, files, shape, block);
  if (fits(text, budget)) return text;
  // 3. a shorter list of files, halving until it fits
  while (shape.fileRows > 0) {
    shape.fileRows = Math.floor(shape.fileRows / 2);
    shape.notes[2] = `Only ${shape.fileRows} of ${files.length} changed files are listed to fit; \`files-changed\` has them all.`;
    text = compose(input, files, shape, block);
    if (fits(text, budget)) return text;
  }
  // 4. last resort: cut where no block is left open (only an enormous error or final message gets here)
  return hardCut(text, budget);
}

/**
 * The excess of the report with every diff, counted; where a block or a part of the report cannot be
 * built (a note then stands for the part, diffs or not), composed as it was before it was counted, so
 * that the report is the same either way.
 */
function countedExcess(
  input: ReportInput,
  files: FileChange[],
  shape: Shape,
  withDiff: WithDiff[],
  sized: (f: WithDiff) => Sized,
  budget: SizeBudget,
): number {
  const block = (f: WithDiff) => sized(f).text;
  const composed = () => overBy(compose(input, files, shape, block), budget);
  let pieces: Sized[];
  try {
    pieces = withDiff.map(sized);
  } catch {
    return composed();
  }
  let whole = true;
  const base = compose(input, files, { ...shape, diffs: new Set() }, block, () => {
    whole = false;
  });
  return whole ? overByJoined(base, pieces, budget) : composed();
}

/** A file with a diff to show. */
type WithDiff = FileChange & { diff: string };

/** A diff's block as the report shows it, with what it was built from besides the diff. */
interface Block extends Sized {
  path: string;
  added: number;
  removed: number;
}

/**
 * Each report input's diff blocks, by the redacted diff (the same string each time: publish memoises the
 * redaction): the summary's rendering and the comment's build each block once between them. A block is
 * taken again only for the same path and counts.
 */
const cache = new WeakMap<ReportInput, Map<string, Block>>();

/** A file's diff block, with its size: built once per report input (see {@link cache}). */
function blocksOf(input: ReportInput): (f: WithDiff) => Sized {
  let blocks = cache.get(input);
  if (!blocks) {
    blocks = new Map();
    cache.set(input, blocks);
  }
  const kept = blocks;
  return (f) => {
    const b = kept.get(f.diff);
    if (b && b.path === f.path && b.added === f.added && b.removed === f.removed) return b;
    const text = diffBlock(f, input.redact);
    const built = { path: f.path, added: f.added, removed: f.removed, text, bytes: Buffer.byteLength(text) };
    kept.set(f.diff, built);
    return built;
  };
}

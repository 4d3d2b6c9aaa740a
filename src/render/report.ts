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
import { cutAfterRedaction, type Redact } from "../base/redact.js";
import type { ChangeSet, FileChange } from "../changes/types.js";
import type { RunModel, ToolCounts } from "../model/run-model.js";
import type { Verdict } from "../model/verdict.js";
import type { ReviewReport } from "../review/post.js";
import { withoutContract } from "../structured/contract.js";
import type { TodoItem } from "../tools/index.js";
import { agentMarkdown, quoted } from "./agent-markdown.js";
import { capMarkdown } from "./cap-markdown.js";
import { formatDuration, STATUS_MARK } from "./live-log.js";
import { fenced, htmlText, mdCode, mdText } from "./markdown.js";
import { reviewLines } from "./review-section.js";

/** A note is shown up to this many characters (cut after redaction). */
const MAX_NOTE = 300;

export interface ReportInput {
  model: RunModel;
  verdict: Verdict;
  changes?: ChangeSet;
  wallMs: number;
  runUrl?: string;
  redact: Redact;
  /** Review mode: the findings and what became of them. */
  review?: ReviewReport;
  /** The run had a contract: its block is left out of the final message shown. */
  contract?: boolean;
}

export interface Budget {
  /** Characters (UTF-16 units, as GitHub counts a comment body). */
  maxChars?: number;
  /** UTF-8 bytes (the job summary's limit is in bytes). */
  maxBytes?: number;
}

/** A PR comment body, with room for the marker the caller prepends. */
export const COMMENT_BUDGET: Budget = { maxChars: GITHUB_BODY_CHARS - COMMENT_MARKER_ROOM };
/** The job summary, with room for the lines the action appends on its own. */
export const SUMMARY_BUDGET: Budget = { maxBytes: SUMMARY_MAX_BYTES - 4096 };

const HEADLINE: Record<Verdict["conclusion"], string> = {
  success: "✅ Cursor agent succeeded",
  failure: "❌ Cursor agent failed",
  timed_out: "⏱️ Cursor agent timed out",
  cancelled: "🚫 Cursor agent was cancelled",
  skipped: "⏭️ Cursor agent was not started",
};

const STATUS_LABEL: Record<FileChange["status"], string> = {
  added: "added",
  modified: "modified",
  deleted: "deleted",
  outside: "outside the workspace",
  shell: "changed by a shell command",
};

interface Shape {
  /** Files whose diff is shown, by path. */
  diffs: Set<string>;
  toolTable: boolean;
  /** How many rows of the file table. */
  fileRows: number;
  notes: string[];
}

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

function compose(input: ReportInput, files: FileChange[], shape: Shape): string {
  const { model, verdict, redact } = input;
  const r = model.result;
  const t = model.toolCounts();
  const c = input.changes;
  const out: string[] = [`### ${HEADLINE[verdict.conclusion]}`, ""];

  const changed = files.filter((f) => f.status !== "outside");
  const facts = [
    c
      ? `**${changed.length} file${changed.length === 1 ? "" : "s"} changed** (+${c.added} −${c.removed})`
      : "",
    formatDuration(r?.durationMs ?? input.wallMs),
    model.session.model ? `model ${mdText(redact(model.session.model))}` : "",
    `${t.total} tool call${t.total === 1 ? "" : "s"}${t.total > t.byStatus.succeeded ? ` (${t.total - t.byStatus.succeeded} not succeeded)` : ""}`,
    r?.usage ? `tokens ${fmtInt(r.usage.inputTokens)} in · ${fmtInt(r.usage.outputTokens)} out` : "",
    // The run, not the job: the job's own id is not in the environment the runner gives an action.
    input.runUrl ? `[workflow run](${input.runUrl})` : "",
  ].filter(Boolean);
  out.push(facts.join(" · "), "");

  if (verdict.error) out.push("**Why it failed**", "", fenced(redact(verdict.error), "text"), "");
  if (input.review) out.push(...reviewLines(input.review, redact));

  if (files.length > 0) {
    out.push("| File | Change | Lines |", "|---|---|---|");
    for (const f of files.slice(0, shape.fileRows)) {
      const lines = f.status === "outside" ? "" : `+${f.added} −${f.removed}`;
      const note = f.mismatchOnDisk ? " ⚠ differs on disk" : "";
      out.push(`| ${mdCode(redact(f.path))} | ${STATUS_LABEL[f.status]}${note} | ${lines} |`);
    }
    if (shape.fileRows < files.length) out.push(`| … ${files.length - shape.fileRows} more | | |`);
    out.push("");
    for (const f of files) {
      if (!f.diff || !shape.diffs.has(f.path)) continue;
      out.push(
        `<details><summary><code>${htmlText(redact(f.path))}</code> +${f.added} −${f.removed}</summary>`,
        "",
        fenced(f.diff, "diff"),
        "",
        "</details>",
        "",
      );
    }
    // Files without a diff say why (too large, outside the workspace, binary…), each named.
    const notes = files.filter((f) => f.note && !f.diff);
    for (const f of notes)
      out.push(`- ${mdCode(redact(f.path))}: _${mdText(cutAfterRedaction(f.note ?? "", MAX_NOTE, redact))}_`);
    if (notes.length) out.push("");
  } else if (c) {
    out.push("_No files were changed._", "");
  }
  for (const n of c?.notes ?? []) out.push(`_${mdText(cutAfterRedaction(n, MAX_NOTE, redact))}_`, "");

  if (shape.toolTable && t.total > 0) {
    out.push(
      `<details><summary>Tool calls (${t.total})</summary>`,
      "",
      "| | Tool | Target | Outcome |",
      "|---|---|---|---|",
    );
    for (const call of model.tools.values()) {
      const target = call.target ? mdCode(redact(call.target)) : "";
      out.push(
        `| ${STATUS_MARK[call.status]} | ${mdText(redact(call.name))} | ${target} | ${mdText(redact(call.outcome?.summary ?? call.status))} |`,
      );
    }
    // The model keeps the first calls and the failed ones after them (memory stays flat): the rest are
    // counted, and the job log has each one.
    const more = t.total - model.tools.size;
    if (more > 0)
      out.push(`| | … ${fmtInt(more)} more | | ${mdText(unlisted(model, t))}; each is in the job log |`);
    out.push("", "</details>", "");
  }

  if (model.todos.length > 0) {
    out.push("**The agent's todo list**", "", ...todoLines(model.todos, redact), "");
  }

  const shown = finalMessage(model, input.contract ?? false, redact);
  if (shown) {
    // Rendered, open, and inside a quote its own lines cannot end (src/render/agent-markdown.ts).
    out.push("**The agent's final message**", "", quoted(agentMarkdown(shown)), "");
  }
  for (const n of shape.notes.filter(Boolean)) out.push(`> ${n}`, "");
  return out.join("\n");
}

/**
 * Renders ahead the final message that {@link renderReport} will show (its markdown is kept by text, so
 * the report finds it done). Called when the result arrives, while the agent exits and before the end of
 * the run's git work: lexing a long message is most of a report's time (~20 ms for 64 KiB).
 */
export function warmFinalMessage(model: RunModel, contract: boolean, redact: Redact): void {
  const shown = finalMessage(model, contract, redact);
  if (shown) agentMarkdown(shown);
}

/** The final message as the report shows it (redacted, cut, without a contract block), before rendering. */
function finalMessage(model: RunModel, contract: boolean, redact: Redact): string | undefined {
  // The last segment is the final message; `result` joins every segment, narration included.
  const message = model.lastSegment || model.result?.text;
  const text = message && contract && !model.lastSegmentCut ? withoutContract(message) : message;
  if (!text) return undefined;
  // The model keeps a margin past its cut: dropped after redaction, so the cut never halves a secret.
  const redacted = redact(text);
  return model.lastSegmentCut
    ? redacted.slice(0, Math.max(0, redacted.length - model.lastSegmentMargin))
    : redacted;
}

/** The todo list as task list lines: done ticked, in progress said, cancelled struck out; the text is the agent's. */
export function todoLines(todos: TodoItem[], redact: Redact): string[] {
  return todos.map((t) => {
    const text = mdText(redact(t.content || t.id));
    if (t.status === "done") return `- [x] ${text}`;
    if (t.status === "cancelled") return `- [ ] ~~${text}~~ _(cancelled)_`;
    return `- [ ] ${text}${t.status === "in_progress" ? " _(in progress)_" : ""}`;
  });
}

/** What the calls past the listed ones did, by status: "7,540 succeeded, 12 failed". */
function unlisted(model: RunModel, t: ToolCounts): string {
  const rest: Record<string, number> = { ...t.byStatus };
  for (const c of model.tools.values()) rest[c.status] = (rest[c.status] ?? 0) - 1;
  return Object.entries(rest)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${fmtInt(n)} ${status}`)
    .join(", ");
}

/** How far over the budget, in the budget's own unit (an upper bound for bytes). */
function overBy(text: string, b: Budget): number {
  const chars = b.maxChars !== undefined ? text.length - b.maxChars : Number.NEGATIVE_INFINITY;
  const bytes = b.maxBytes !== undefined ? Buffer.byteLength(text) - b.maxBytes : Number.NEGATIVE_INFINITY;
  return Math.max(chars, bytes);
}

function fits(text: string, b: Budget): boolean {
  if (b.maxChars !== undefined && text.length > b.maxChars) return false;
  if (b.maxBytes !== undefined && Buffer.byteLength(text) > b.maxBytes) return false;
  return true;
}

/** Cuts at a line boundary, closes an open fence, and says so. */
function hardCut(text: string, b: Budget): string {
  const note = "> The report was cut to fit; the job log has everything.";
  const bytes = (b.maxBytes ?? Number.POSITIVE_INFINITY) - 64;
  // Characters first (a character is at least a byte); fewer while the UTF-8 is still over the bytes.
  let room = Math.min(b.maxChars ?? Number.POSITIVE_INFINITY, bytes) - 64;
  let cut = capMarkdown(text, room, note);
  while (Buffer.byteLength(cut) > bytes && room > 0) {
    room = Math.floor(room * 0.9);
    cut = capMarkdown(text, room, note);
  }
  return `${cut}\n`;
}

/** 1234567 → 1,234,567 (toLocaleString builds an ICU formatter on first use: 12 ms, BENCHMARKS.md). */
function fmtInt(n: number | undefined): string {
  return String(Math.round(n ?? 0)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

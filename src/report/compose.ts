/**
 * The report's text for one shape (which diffs, whether the tool calls, how many files): its parts in
 * order, each of them a list of lines. ./report.ts picks the shape that fits.
 */
import { formatDuration } from "../base/format.js";
import { cutAfterRedaction, type Redact } from "../base/redact.js";
import type { ChangeSet, FileChange } from "../changes/types.js";
import type { RunModel, ToolCall, ToolCounts } from "../model/run-model.js";
import type { Verdict } from "../model/verdict.js";
import { agentMarkdown, quoted } from "../render/agent-markdown.js";
import { HEADLINE, headline } from "../render/headlines.js";
import { fenced, htmlText, mdCode, mdText } from "../render/markdown.js";
import { todoLines } from "../render/todos.js";
import { STATUS_MARK, STATUS_WORDS, statusBreakdown } from "../render/tool-status.js";
import type { ReviewReport } from "../review/post.js";
import { finalMessage } from "./final-message.js";
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

export interface Shape {
  /** Files whose diff is shown, by path. */
  diffs: Set<string>;
  toolTable: boolean;
  /** How many rows of the file table. */
  fileRows: number;
  notes: string[];
}

const STATUS_LABEL: Record<FileChange["status"], string> = {
  added: "added",
  modified: "modified",
  deleted: "deleted",
  outside: "outside the workspace",
  shell: "changed by a shell command",
};

/** What each part reads: the run, its files (diffs redacted), the shape tried and each diff's block. */
interface Parts {
  input: ReportInput;
  files: FileChange[];
  shape: Shape;
  block: (f: FileChange & { diff: string }) => string;
}

/**
 * A file's diff as the report shows it, folded: one piece of text (its lines joined), the same in every
 * shape that shows it, so that ./report.ts can build it once and count it without composing the report.
 */
export function diffBlock(f: FileChange & { diff: string }, redact: Redact): string {
  return [
    `<details><summary><code>${htmlText(redact(f.path))}</code> +${f.added} −${f.removed}</summary>`,
    "",
    fenced(f.diff, "diff"),
    "",
    "</details>",
    "",
  ].join("\n");
}

/** A part of the report: what it is (said when it cannot be built), and its lines. */
type Part = [what: string, lines: (p: Parts) => string[]];

/** The report's parts, in order. */
const PARTS: Part[] = [
  ["the headline", head],
  [
    "why it failed",
    ({ input }) => (input.verdict.error ? whyItFailed(input.verdict.error, input.redact) : []),
  ],
  ["the review", ({ input }) => (input.review ? reviewLines(input.review, input.redact) : [])],
  ["the changed files", fileLines],
  ["the tool calls", toolLines],
  [
    "the agent's todo list",
    ({ input }) =>
      input.model.todos.length > 0
        ? ["**The agent's todo list**", "", ...todoLines(input.model.todos, input.redact), ""]
        : [],
  ],
  ["the agent's final message", finalLines],
  ["the notes", ({ shape }) => shape.notes.filter(Boolean).flatMap((n) => [`> ${n}`, ""])],
];

/**
 * The report for `shape`. It never throws: most of what it shows is the agent's, and a report must still
 * be written whatever the agent wrote. A part that cannot be built is a note of its own; the rest stands.
 */
export function compose(
  input: ReportInput,
  files: FileChange[],
  shape: Shape,
  block: Parts["block"] = (f) => diffBlock(f, input.redact),
  /** Told of each part that could not be built (and became a note). */
  failed?: (what: string) => void,
): string {
  const parts: Parts = { input, files, shape, block };
  return PARTS.flatMap(([what, lines]) => {
    try {
      return lines(parts);
    } catch (e) {
      failed?.(what);
      // The error's own words, redacted and cut: it may quote what the agent wrote.
      const why = mdText(cutAfterRedaction(String((e as Error)?.message ?? e), MAX_NOTE, input.redact));
      return [`> ⚠️ This report could not show ${what} (${why}); the job log has the run.`, ""];
    }
  }).join("\n");
}

/** The headline and the run's facts on one line. */
function head({ input, files }: Parts): string[] {
  const { model, redact } = input;
  const r = model.result;
  const t = model.toolCounts();
  const c = input.changes;
  const changed = files.filter((f) => f.status !== "outside");
  const facts = [
    c
      ? `**${changed.length} file${changed.length === 1 ? "" : "s"} changed** (+${c.added} −${c.removed})`
      : "",
    formatDuration(r?.durationMs ?? input.wallMs),
    model.session.model ? `model ${mdText(redact(model.session.model))}` : "",
    `${t.total} tool call${t.total === 1 ? "" : "s"}${notSucceeded(t)}`,
    r?.usage ? `tokens ${fmtInt(r.usage.inputTokens)} in · ${fmtInt(r.usage.outputTokens)} out` : "",
    // The run, not the job: the job's own id is not in the environment the runner gives an action.
    input.runUrl ? `[workflow run](${input.runUrl})` : "",
  ].filter(Boolean);
  return [headline(HEADLINE[input.verdict.conclusion]), "", facts.join(" · "), ""];
}

function whyItFailed(error: string, redact: Redact): string[] {
  return ["**Why it failed**", "", fenced(redact(error), "text"), ""];
}

/** The table of changed files, their diffs as the shape has them, and the notes of those without one. */
function fileLines({ input, files, shape, block }: Parts): string[] {
  const { redact } = input;
  const c = input.changes;
  const out: string[] = [];
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
      out.push(block(f as FileChange & { diff: string }));
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
  return out;
}

/**
 * The tool table of each report input, the same in every shape that has one: the report is composed at
 * least twice (measured, then written; the summary, then the comment), and the table of hundreds of
 * calls is built once (~3 ms of the 2026-shaped run's end, BENCHMARKS.md).
 */
const toolTables = new WeakMap<ReportInput, string[]>();

/** The tool calls, folded: one row each, the ones the model did not keep counted by status. */
function toolLines({ input, shape }: Parts): string[] {
  if (!shape.toolTable) return [];
  let lines = toolTables.get(input);
  if (lines === undefined) {
    lines = toolTable(input);
    toolTables.set(input, lines);
  }
  return lines;
}

function toolTable(input: ReportInput): string[] {
  const { model, redact } = input;
  const t = model.toolCounts();
  if (t.total === 0) return [];
  const out = [
    `<details><summary>Tool calls (${t.total})</summary>`,
    "",
    "| | Tool | Target | Outcome |",
    "|---|---|---|---|",
  ];
  for (const call of model.tools.values()) {
    const target = call.target ? mdCode(redact(call.target)) : "";
    out.push(
      `| ${STATUS_MARK[call.status]} | ${mdText(redact(call.name))} | ${target} | ${outcomeCell(call, redact)} |`,
    );
  }
  // The model keeps the first calls and the failed ones after them (memory stays flat): the rest are
  // counted, and the job log has each one.
  const more = t.total - model.tools.size;
  if (more > 0)
    out.push(`| | … ${fmtInt(more)} more | | ${mdText(unlisted(model, t))}; each is in the job log |`);
  out.push("", "</details>", "");
  return out;
}

function finalLines({ input }: Parts): string[] {
  const shown = finalMessage(input.model, input.contract ?? false, input.redact);
  if (!shown) return [];
  // Rendered, open, and inside a quote its own lines cannot end (src/render/agent-markdown.ts).
  return ["**The agent's final message**", "", quoted(agentMarkdown(shown)), ""];
}

/** What the calls past the listed ones did, by status: "7,540 succeeded, 12 failed". */
function unlisted(model: RunModel, t: ToolCounts): string {
  const rest = { ...t.byStatus };
  for (const c of model.tools.values()) rest[c.status]--;
  return (Object.keys(STATUS_WORDS) as (keyof typeof rest)[])
    .filter((status) => rest[status] > 0)
    .map((status) => `${fmtInt(rest[status])} ${STATUS_WORDS[status]}`)
    .join(", ");
}

/** The calls that did not simply succeed, by status, in parentheses; nothing when all did. */
function notSucceeded(t: ToolCounts): string {
  const s = statusBreakdown(t.byStatus, false);
  return s ? ` (${s})` : "";
}

/** An outcome key the action does not know, shown up to this many characters. */
const UNKNOWN_KEY_SHOWN = 60;

/** A call's outcome in its row: an outcome key the action does not know is the agent's, shown as code. */
function outcomeCell(call: ToolCall, redact: Redact): string {
  const o = call.outcome;
  if (o?.unknownKey !== undefined)
    return `unknown outcome ${mdCode(cutAfterRedaction(o.unknownKey, UNKNOWN_KEY_SHOWN, redact))}`;
  return mdText(redact(o?.summary ?? call.status));
}

/** 1234567 → 1,234,567 (toLocaleString builds an ICU formatter on first use: 12 ms, BENCHMARKS.md). */
function fmtInt(n: number | undefined): string {
  return String(Math.round(n ?? 0)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

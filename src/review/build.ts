/**
 * The pull request review of a run in review mode: one inline comment per finding that can be anchored
 * (with a ```suggestion block when it has one), one per agent edit that can, the findings that cannot be
 * anchored listed in the review's body, and every text through the one sanitiser for agent text. Each
 * comment carries a hidden fingerprint (path, title and the content of its lines), so that a later run
 * does not post it again. Every body is capped once rendered (./cap.ts): GitHub refuses the whole review
 * when one is too long. Pure: the caller reads the pull request and posts.
 */
import { createHash } from "node:crypto";
import { GITHUB_BODY_CHARS } from "../base/limits.js";
import type { Redact } from "../base/redact.js";
import type { ReviewCommentInput } from "../github/api.js";
import { agentMarkdown } from "../render/agent-markdown.js";
import { fenced, mdCode, mdText } from "../render/markdown.js";
import type { Finding } from "../structured/contract.js";
import { anchored, type Hunks } from "./anchor.js";
import { BADGE } from "./badge.js";
import { CUT_NOTE, capMarkdown } from "./cap.js";
import type { EditSuggestion } from "./edits.js";
import { ITEM, moreLine, PRINT_DIGITS, printMarker } from "./marker.js";

/**
 * Kept free below GitHub's limit for the few characters GitHub may add to a body (none seen so far): it
 * makes the cap a round 65,000.
 */
const GITHUB_ADDS_MARGIN = 536;
/**
 * Every body is capped after it is rendered (./cap.ts): GitHub refuses the whole review when one body is
 * over its limit.
 */
const MAX_BODY_CHARS = GITHUB_BODY_CHARS - GITHUB_ADDS_MARGIN;
/** Of a review's body, the most the summary takes: the list of findings outside the diff gets the rest. */
const MAX_SUMMARY_CHARS = 30_000;

export interface BuiltReview {
  body: string;
  comments: ReviewCommentInput[];
  /** Findings: in this review (new), and left out as posted by an earlier run. */
  posted: number;
  repeated: number;
  /** Of the posted findings, those listed in the body (outside the pull request's diff). */
  unanchored: number;
  /** Agent edits: posted as suggestions, and left out as suggested by an earlier run (the rest are in the report). */
  suggestions: number;
  repeatedSuggestions: number;
}

/** A fingerprint: what is commented on, by what, and the content of the lines it sits on. */
function print(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\0")).digest("hex").slice(0, PRINT_DIGITS);
}

export function fingerprint(f: Finding, lines: string[] | undefined): string {
  const from = f.start_line ?? f.line;
  return print(f.path, f.title, lines ? lines.slice(from - 1, f.line).join("\n") : "");
}

export function editFingerprint(e: EditSuggestion): string {
  return print(e.path, "edit", e.old.join("\n"), e.replacement.join("\n"));
}

export interface ReviewParts {
  summary: string;
  findings: Finding[];
  edits: EditSuggestion[];
  hunks: Hunks;
  /** The lines of a file at HEAD, when they were read. */
  fileLines: (path: string) => string[] | undefined;
  known: Set<string>;
  redact: Redact;
}

export function buildReview(p: ReviewParts): BuiltReview {
  const { redact, hunks, known } = p;
  const comments: ReviewCommentInput[] = [];
  const elsewhere: string[] = [];
  let posted = 0;
  let repeated = 0;
  let suggestions = 0;
  let repeatedSuggestions = 0;
  for (const f of p.findings) {
    const mark = fingerprint(f, p.fileLines(f.path));
    if (known.has(mark)) {
      repeated++;
      continue;
    }
    posted++;
    const title = `**${BADGE[f.severity]}** · ${mdText(redact(f.title))}`;
    // A path the redactor would change cannot be shown as is: it goes in the body, redacted.
    if (redact(f.path) === f.path && anchored(hunks, f.path, f.line, f.start_line)) {
      const block = f.suggestion === undefined ? undefined : suggestion(redact(f.suggestion));
      const body = commentBody(`${printMarker(mark)}\n${title}`, agentMarkdown(redact(f.body)), block);
      comments.push({ path: f.path, line: f.line, start_line: f.start_line, body });
    } else {
      const where = mdCode(`${redact(f.path)}:${f.start_line ? `${f.start_line}-` : ""}${f.line}`);
      elsewhere.push(`${ITEM}${printMarker(mark)}${BADGE[f.severity]} ${where} — ${mdText(redact(f.title))}`);
    }
  }
  for (const e of p.edits) {
    if (redact(e.path) !== e.path || !anchored(hunks, e.path, e.end, e.start)) continue;
    const mark = editFingerprint(e);
    if (known.has(mark)) {
      repeatedSuggestions++;
      continue;
    }
    if (suggestions >= MAX_SUGGESTED_EDITS) continue;
    const text = e.replacement.length ? `${e.replacement.join("\n")}\n` : "";
    const body = [
      printMarker(mark),
      "**✏️ The agent's edit**, as a suggestion",
      "",
      suggestion(redact(text)),
    ].join("\n");
    // Applied with one click as it stands: never cut. One too long stays in the report with its diff.
    if (body.length > MAX_BODY_CHARS) continue;
    suggestions++;
    comments.push({ path: e.path, line: e.end, start_line: e.start < e.end ? e.start : undefined, body });
  }
  return {
    body: reviewBody(agentMarkdown(redact(p.summary)), status(posted, repeated), elsewhere),
    comments,
    posted,
    repeated,
    unanchored: elsewhere.length,
    suggestions,
    repeatedSuggestions,
  };
}

/** What the review says of its findings beside the summary: that none is new, or how many were left out. */
function status(posted: number, repeated: number): string | undefined {
  if (posted === 0 && repeated === 0) return "_No findings._";
  if (posted === 0) return `_No new findings; ${repeated} already reported._`;
  if (repeated === 0) return undefined;
  return `_${posted} new finding${posted === 1 ? "" : "s"}; ${repeated} already reported (not repeated here)._`;
}

/**
 * The review's body: the summary (rendered, then capped to its share), what is new, and the findings
 * outside the diff, one line each, as many as fit (their fingerprints are on those lines: never cut inside one).
 */
function reviewBody(summary: string, said: string | undefined, elsewhere: string[]): string {
  const head = ["### Cursor agent review", "", capMarkdown(summary, MAX_SUMMARY_CHARS)];
  if (said) head.push("", said);
  if (elsewhere.length === 0) return capMarkdown(head.join("\n"), MAX_BODY_CHARS);
  // The list ends the body: only there are its fingerprints read back (./marker.ts).
  const intro = ["", "**Findings outside the pull request's diff** (no inline comment possible):", ""];
  const room = MAX_BODY_CHARS - head.join("\n").length - intro.join("\n").length - 200;
  let used = 0;
  let shown = 0;
  for (const line of elsewhere) {
    if (used + line.length + 1 > room) break;
    used += line.length + 1;
    shown++;
  }
  const more = elsewhere.length - shown;
  const body = [...head, ...intro, ...elsewhere.slice(0, shown), ...(more ? [moreLine(more)] : [])].join(
    "\n",
  );
  return capMarkdown(body, MAX_BODY_CHARS);
}

/**
 * An inline comment's body: its head (fingerprint, title), the finding's text capped to what is left, and
 * its suggestion whole or not at all (a cut suggestion would apply half a change with one click).
 */
function commentBody(head: string, text: string, block: string | undefined): string {
  let tail = block === undefined ? "" : `\n\n${block}`;
  if (head.length + tail.length + CUT_NOTE.length + 4 > MAX_BODY_CHARS) {
    const n = String(block!.length).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    tail = `\n\n_The suggestion is too long for a comment (${n} characters): the \`findings\` output has it._`;
  }
  return `${head}\n\n${capMarkdown(text, MAX_BODY_CHARS - head.length - 2 - tail.length)}${tail}`;
}

/** Inline suggestions made from the agent's edits, per review. */
const MAX_SUGGESTED_EDITS = 50;

/**
 * GitHub's one-click suggestion: the lines that replace the comment's lines, fenced longer than any
 * backtick run inside. No line at all (not one empty line) deletes them.
 */
function suggestion(text: string): string {
  return text === "" ? "```suggestion\n```" : fenced(text, "suggestion");
}

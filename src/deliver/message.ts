/**
 * The words of a delivery (pure): the commit's message, the pull request's title and body.
 *
 * The commit message: a first line from the run (the workflow and its run number: the user's words, not
 * the agent's), the agent's final message (redacted, capped, its mentions and references defused) quoted line
 * by line so that none of its lines can pass for a trailer, the link to the run, and a `Co-authored-by:` trailer for the person who
 * triggered the run. The commit's author is the token's identity (GitHub signs only its own commits); the
 * trailer gives the person credit. The pull request's body is the report, made inert as the PR comment is.
 */
import { COMMIT_MESSAGE_CHARS } from "../base/limits.js";
import { plainText } from "../render/markdown.js";

export interface RunFacts {
  /** `GITHUB_WORKFLOW`, `GITHUB_RUN_NUMBER`. */
  workflow?: string;
  runNumber?: string;
  runUrl?: string;
  /** Who triggered the run: a login, and its id when the event gives it. */
  actor?: { login?: string; id?: number };
}

/** The first line of the commit and the pull request's title. */
export function headline(run: RunFacts): string {
  const workflow = (run.workflow ?? "")
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim()
    .slice(0, 60);
  if (!workflow) return "Changes by the Cursor agent";
  // "run 12", not "#12": GitHub reads `#12` in a commit message or a title as issue 12.
  return `Cursor agent: ${workflow}${run.runNumber && /^\d+$/.test(run.runNumber) ? `, run ${run.runNumber}` : ""}`;
}

/** `final`: the agent's final message, redacted already. */
export function commitMessage(run: RunFacts, final: string | undefined): string {
  const parts = [headline(run)];
  // The agent's words, where GitHub still links references: `Fixes #1` must not close an issue.
  const text = plainText((final ?? "").trim());
  if (text) {
    const capped = text.length > COMMIT_MESSAGE_CHARS ? `${text.slice(0, COMMIT_MESSAGE_CHARS)}…` : text;
    parts.push(
      ["The agent's final message:", "", ...capped.split(/\r?\n/).map((l) => `> ${l}`.trimEnd())].join("\n"),
    );
  }
  if (run.runUrl) parts.push(`Run: ${run.runUrl}`);
  const trailer = coAuthor(run.actor);
  if (trailer) parts.push(trailer);
  return `${parts.join("\n\n")}\n`;
}

/**
 * `Co-authored-by: login <id+login@users.noreply.github.com>` (the address GitHub ties to the account), or
 * `<login@users.noreply.github.com>` when the event gives no id; nothing for a login GitHub could not have
 * issued (the payload's text is never put in a trailer unchecked).
 */
export function coAuthor(actor: RunFacts["actor"]): string | undefined {
  const login = actor?.login ?? "";
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/.test(login)) return undefined;
  const id = actor?.id !== undefined && Number.isSafeInteger(actor.id) && actor.id > 0 ? `${actor.id}+` : "";
  return `Co-authored-by: ${login} <${id}${login}@users.noreply.github.com>`;
}

/** The pull request's body: who proposes it, then the report (already made inert: report/report.ts). */
export function pullBody(run: RunFacts, report: string): string {
  const from = run.runUrl
    ? `Proposed by the Cursor agent in [this workflow run](${run.runUrl}).`
    : "Proposed by the Cursor agent.";
  return `${from}\n\n${report}`;
}

/**
 * The job summary: a pure function of the run model and the verdict. Every piece of agent text is
 * escaped or fenced here, and the whole is redacted by the caller before it is written.
 */
import type { Verdict } from "../conclusion.js";
import type { RunModel } from "../model/run-model.js";
import { formatDuration, STATUS_MARK } from "./live-log.js";
import { escapeMarkdown, fenced, inlineCode } from "./markdown.js";

export interface SummaryContext {
  wallMs: number;
  runUrl?: string;
  /** The job summary is dropped whole above 1 MiB (RUNNER.md): the list of calls is cut to fit. */
  maxToolRows?: number;
}

const HEADLINE: Record<Verdict["conclusion"], string> = {
  success: "✅ Cursor agent succeeded",
  failure: "❌ Cursor agent failed",
  timed_out: "⏱️ Cursor agent timed out",
  cancelled: "🚫 Cursor agent was cancelled",
};

export function renderSummary(model: RunModel, v: Verdict, ctx: SummaryContext): string {
  const r = model.result;
  const t = model.toolCounts();
  const out: string[] = [`## ${HEADLINE[v.conclusion]}`, ""];
  const facts = [
    `**Duration** ${formatDuration(r?.durationMs ?? ctx.wallMs)}`,
    model.session.model ? `**Model** ${escapeMarkdown(model.session.model)}` : "",
    `**Tool calls** ${t.total}`,
    r?.usage ? `**Tokens** ${r.usage.inputTokens ?? 0} in · ${r.usage.outputTokens ?? 0} out` : "",
    ctx.runUrl ? `[Job log](${ctx.runUrl})` : "",
  ].filter(Boolean);
  out.push(facts.join(" · "), "");
  if (v.error) out.push("**Error**", "", fenced(v.error), "");

  if (t.total > 0) {
    const max = ctx.maxToolRows ?? 500;
    out.push("| | Tool | Target | Outcome |", "|---|---|---|---|");
    let shown = 0;
    for (const call of model.tools.values()) {
      if (shown++ >= max) break;
      const target = call.target ? inlineCode(call.target) : "";
      const outcome = escapeMarkdown(call.outcome?.summary ?? call.status);
      out.push(`| ${STATUS_MARK[call.status]} | ${escapeMarkdown(call.name)} | ${target} | ${outcome} |`);
    }
    if (t.total > max) out.push("", `_${t.total - max} more tool calls are in the job log._`);
    out.push("");
  }

  const text = r?.text ?? model.lastSegment;
  if (text) {
    out.push(
      "<details><summary>The agent's final message</summary>",
      "",
      fenced(text, "text"),
      "",
      "</details>",
      "",
    );
  }
  return out.join("\n");
}

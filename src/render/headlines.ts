/**
 * The headline of every markdown the action writes about a run (the report, the short job summary when
 * the action itself failed, the progress comment): each spelled once, here, so that the comment a run
 * leaves always says the same thing for the same end.
 */
import type { Conclusion } from "../model/verdict.js";

/** The run's end as the report's title says it. */
export const HEADLINE: Record<Conclusion, string> = {
  success: "✅ Cursor agent succeeded",
  failure: "❌ Cursor agent failed",
  timed_out: "⏱️ Cursor agent timed out",
  cancelled: "🚫 Cursor agent was cancelled",
  skipped: "⏭️ Cursor agent was not started",
  budget_exceeded: "⛔ Cursor agent went over its budget",
};

/** A gate refused the run (not a skip): it failed without the agent ever starting. */
export const REFUSED_HEADLINE = "❌ Cursor agent was not started";

/** The progress comment while the agent runs. */
export const WORKING_HEADLINE = "⏳ Cursor agent is working";

/** A headline as the markdown's title: `### …`. */
export function headline(text: string): string {
  return `### ${text}`;
}

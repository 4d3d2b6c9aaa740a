/**
 * The limits this run keeps while it runs (model/budgets.ts): `max-tool-calls`, and the check that the CLI
 * continues the chat the action asked for (`resume`).
 */
import { type Budget, resumeCheck, toolCallBudget } from "../model/budgets.js";
import type { Settings } from "../settings/settings.js";

export function runBudgets(settings: Settings, warning: (message: string) => void): Budget[] {
  const budgets: Budget[] = [];
  if (settings.maxToolCalls !== undefined) budgets.push(toolCallBudget(settings.maxToolCalls));
  const asked = settings.resume;
  if (asked) {
    budgets.push(
      resumeCheck(asked, settings.requireResume, (got) =>
        warning(
          `The CLI did not continue chat ${asked}: it started a new one (${got}), as it does when it does not have the chat asked for. The \`resumed\` output is false${settings.requireResume ? "; require-resume stops the run" : ""}.`,
        ),
      ),
    );
  }
  return budgets;
}

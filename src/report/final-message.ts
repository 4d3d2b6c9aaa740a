/** The agent's final message as the report shows it, and its rendering done ahead of the report. */
import type { Redact } from "../base/redact.js";
import type { RunModel } from "../model/run-model.js";
import { agentMarkdown } from "../render/agent-markdown.js";
import { withoutContract } from "../structured/contract.js";

/**
 * Renders ahead the final message that the report will show (its markdown is kept by text, so the report
 * finds it done). Called when the result arrives, while the agent exits and before the end of the run's git
 * work: lexing a long message is most of a report's time (~20 ms for 64 KiB).
 */
export function warmFinalMessage(model: RunModel, contract: boolean, redact: Redact): void {
  const shown = finalMessage(model, contract, redact);
  if (shown) agentMarkdown(shown);
}

/** The final message as the report shows it (redacted, cut, without a contract block), before rendering. */
export function finalMessage(model: RunModel, contract: boolean, redact: Redact): string | undefined {
  const plan = model.finalPlan;
  // Else the last segment; `result` joins every segment, narration included.
  const final = plan ?? { text: model.lastSegment || model.result?.text || "", cut: model.lastSegmentCut };
  const text = contract && !final.cut ? withoutContract(final.text) : final.text;
  if (!text) return undefined;
  return shown(text, final.cut, model, redact);
}

/**
 * The `result` output: the plan when it is the run's final message (plan mode: `result` holds only the
 * narration around it), else the text of the `result` event; redacted, and a cut plan's margin dropped.
 */
export function resultText(model: RunModel, redact: Redact): string {
  const plan = model.finalPlan;
  return plan ? shown(plan.text, plan.cut, model, redact) : redact(model.result?.text ?? "");
}

/** Kept text redacted; when it was cut, the margin the model kept past the cut dropped after redaction. */
function shown(text: string, cut: boolean, model: RunModel, redact: Redact): string {
  // Dropped after redaction, so the cut never halves a secret.
  const redacted = redact(text);
  return cut ? redacted.slice(0, Math.max(0, redacted.length - model.lastSegmentMargin)) : redacted;
}

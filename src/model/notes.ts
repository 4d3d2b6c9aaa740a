/**
 * What the log says of the stream's own events that are not the agent's work: retries and interaction
 * queries (docs/stream-format.md "Reconnects, retries and replays", "Interaction queries"). Words only:
 * never an id or a payload, which are the agent's and may hold anything.
 */
import type { RetryEvent } from "../stream/events.js";
import { type InteractionEvent, queryName } from "../stream/interaction.js";

/** A resume is the retry under way going on from a checkpoint, not a retry of its own. */
export function isResume(e: RetryEvent): boolean {
  return e.phase === "resuming" || e.isResume === true;
}

export function retryNote(e: RetryEvent): string {
  if (isResume(e)) {
    const turns = e.checkpointTurns !== undefined ? ` (turn ${e.checkpointTurns})` : "";
    return `Resuming the retry from a checkpoint${turns}`;
  }
  return `Retrying the request${e.attempt ? ` (attempt ${e.attempt})` : ""}`;
}

export function interactionNote(e: InteractionEvent): string {
  const what = queryName(e.queryType);
  return e.phase === "request"
    ? `Interaction: the agent asks for ${what}`
    : `Interaction: the request for ${what} was answered`;
}

/**
 * A plan arrived: said by its size, never its text (the report shows it when it is the final message:
 * always in plan mode, else when the agent says nothing after it).
 */
export function planNote(lines: number, planMode: boolean): string {
  const made = `Plan made (${lines} line${lines === 1 ? "" : "s"})`;
  return planMode ? `${made} — it is the run's final message` : made;
}

/** Lines of a text, a last line break not starting another. */
export function lineCount(text: string): number {
  let n = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < text.length - 1; at = text.indexOf("\n", at + 1)) n++;
  return n;
}

/**
 * Conversation mode's inputs (src/conversation/, docs/conversation.md): `trigger-phrase`, `assignee-trigger`
 * and `label-trigger`, and which events are conversations. On those events the `prompt` is optional: with
 * none, the action decides itself whether it was asked (src/conversation/decide.ts).
 */
import { InputError } from "../base/errors.js";
import { oneLine } from "../base/format.js";

/** The events a person causes by writing to an issue or a pull request: where the action can be asked. */
export const CONVERSATION_EVENTS: ReadonlySet<string> = new Set([
  "issue_comment",
  "pull_request_review_comment",
  "pull_request_review",
  "issues",
]);

export interface ConversationSettings {
  /** The phrase that asks (default `@cursor`), matched as a word, case-insensitively, outside code. */
  triggerPhrase: string;
  /** Assigning an issue to this login asks (empty: off). */
  assigneeTrigger?: string;
  /** Labelling an issue with this label asks (empty: off). */
  labelTrigger?: string;
}

export type ConversationInput = "trigger-phrase" | "assignee-trigger" | "label-trigger";

export function readConversationInputs(get: (n: ConversationInput) => string): ConversationSettings {
  const phrase = get("trigger-phrase");
  // A phrase with a space or none at all could never be told from ordinary words.
  if (!/^\S{2,64}$/.test(phrase)) {
    throw new InputError(
      "trigger-phrase",
      `'${oneLine(phrase)}' is not a phrase of 2 to 64 characters without spaces`,
    );
  }
  return {
    triggerPhrase: phrase,
    assigneeTrigger: get("assignee-trigger").replace(/^@/, "") || undefined,
    labelTrigger: get("label-trigger") || undefined,
  };
}

/**
 * Conversation mode's decision: was the action asked? Pure, from the event alone, and before admission (a
 * request by someone the gate refuses is refused there, as any run). Without a `prompt` the event must
 * ask: the trigger phrase in what was written, or the issue assigned to `assignee-trigger`, or labelled
 * `label-trigger`. With one the workflow has asked (its `on:` and `if:` chose the event), and the request
 * is added to its instructions.
 */
import type { ConversationEvent } from "../github/conversation-event.js";
import type { ConversationSettings } from "../settings/conversation.js";
import { clean } from "./clean.js";
import { requestAfter } from "./phrase.js";

export type Decision =
  /** `request`: the words of the request, cleaned (empty: the thread itself is the request). */
  { kind: "asked"; request: string; how: string } | { kind: "not-asked"; reason: string };

/** The actions that write something new: an edit asks again, a deletion never does. */
const WRITING_ACTIONS: Record<string, readonly string[]> = {
  issue_comment: ["created", "edited"],
  pull_request_review_comment: ["created", "edited"],
  pull_request_review: ["submitted", "edited"],
  issues: ["opened", "edited"],
};

export function decide(
  eventName: string,
  event: ConversationEvent | undefined,
  s: ConversationSettings,
  prompted: boolean,
): Decision {
  if (!event) return notAsked(`this ${eventName} event names no issue or pull request`);
  const written = eventName === "issues" ? issueText(event.subject) : (event.written?.body ?? "");
  const found = requestIn(written, s.triggerPhrase);
  if (prompted) return { kind: "asked", request: found ?? clean(written), how: "the workflow's prompt" };
  if (eventName === "issues") {
    const by = issueTrigger(event, s);
    if (by) return { kind: "asked", request: "", how: by };
  }
  if (!(WRITING_ACTIONS[eventName] ?? []).includes(event.action)) {
    return notAsked(`a ${eventName} event of action '${event.action || "none"}' does not ask the agent`);
  }
  if (found === undefined)
    return notAsked(`the ${written === "" ? "event has no text" : "text does not name"} ${s.triggerPhrase}`);
  // An edit asks only when it brings the phrase: a typo fixed or a box ticked must not run the agent again.
  if (event.action === "edited" && event.before && askedBefore(eventName, event, s.triggerPhrase)) {
    return notAsked(`the text asked before this edit too`);
  }
  return { kind: "asked", request: found, how: `${s.triggerPhrase} in the ${whereWritten(eventName)}` };
}

function notAsked(why: string): Decision {
  return { kind: "not-asked", reason: `Conversation mode: not asked (${why}); the agent was not started.` };
}

/** Whether the text as it was before an edit had the phrase. */
function askedBefore(eventName: string, event: ConversationEvent, phrase: string): boolean {
  const before = event.before ?? {};
  const body = before.body ?? (eventName === "issues" ? event.subject.body : (event.written?.body ?? ""));
  const text = eventName === "issues" ? `${before.title ?? event.subject.title}\n\n${body}` : body;
  return requestIn(text, phrase) !== undefined;
}

/** The request a text written on GitHub makes (cleaned: hidden markup never asks), or undefined. */
export function requestIn(text: string, phrase: string): string | undefined {
  return requestAfter(clean(text), phrase);
}

/** An issue's title, then its body: the phrase may be in either. */
export function issueText(subject: { title: string; body: string }): string {
  return `${subject.title}\n\n${subject.body}`;
}

function issueTrigger(event: ConversationEvent, s: ConversationSettings): string | undefined {
  const same = (a: string | undefined, b: string | undefined) =>
    a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
  if (event.action === "assigned" && same(event.assignee, s.assigneeTrigger))
    return `the issue assigned to ${s.assigneeTrigger}`;
  if (event.action === "labeled" && same(event.label, s.labelTrigger)) return `the label ${s.labelTrigger}`;
  return undefined;
}

function whereWritten(eventName: string): string {
  if (eventName === "pull_request_review_comment") return "review comment";
  if (eventName === "pull_request_review") return "review";
  if (eventName === "issues") return "issue";
  return "comment";
}

/**
 * The requests of a conversation no answer has answered yet (docs/conversation.md "No request lost").
 * GitHub keeps one pending run per concurrency group: a request written while one run works and another
 * waits replaces the waiting one, and its request would never be answered. So each run takes up, besides
 * its own, every earlier request of its conversation that no answer of ours names. Pure: the listings in,
 * the requests out; who may be heard is asked of GitHub by the caller (the trigger gate's rules).
 *
 * Trust boundary: an answer's record of what it answered (../github/marker.ts) is plain text, and anyone
 * who can comment can paste one. It counts only on a comment the action wrote (../github/identity.ts).
 */
import { CONVERSATION_PENDING_HOURS } from "../base/limits.js";
import type { Author } from "../github/api.js";
import { writtenByUs } from "../github/identity.js";
import { answeredIn, carriesMarker, type RequestRef } from "../github/marker.js";
import { requestIn } from "./decide.js";

/** One thing written in the conversation: a comment, a review comment, a review or the issue itself. */
export interface ThreadItem {
  ref: RequestRef;
  /** What the phrase is looked for in (an issue: its title, then its body). */
  body: string;
  user?: Author | null;
  /** Its page on GitHub, and when it was written (GitHub's timestamps, ISO 8601 in UTC). */
  url?: string;
  at?: string;
}

/** A request taken up: what was written, and its words after the phrase (cleaned). */
export interface Pending {
  item: ThreadItem;
  request: string;
}

/** GitHub's time as an instant (NaN when unknown: then nothing compares as before). */
const instant = (at: string | undefined): number => Date.parse(at ?? "");

export const refKey = (r: RequestRef): string => `${r.kind}:${r.id}`;

/** An answer of ours from before answers named their requests: its marker's key ends in `/answer`. */
const LEGACY_ANSWER = /^<!-- cursor-agent-action comment-key="[^"\n]*\/answer" -->/;

/**
 * What our answers have answered: the requests they name, and the time of the latest answer that names
 * none (an answer written before they did: it answered whatever came before it).
 */
export function answeredSoFar(
  items: readonly ThreadItem[],
  me: string | undefined,
): { named: Set<string>; legacyUntil?: string } {
  const named = new Set<string>();
  let legacyUntil: string | undefined;
  for (const item of items) {
    if (!writtenByUs(item, me)) continue;
    const refs = answeredIn(item.body);
    if (refs) for (const r of refs) named.add(refKey(r));
    else if (LEGACY_ANSWER.test(item.body) && item.at && !(instant(item.at) <= instant(legacyUntil)))
      legacyUntil = item.at;
  }
  return { named, legacyUntil };
}

/** Whether `a` was written before `b`: by time, and by id within one kind (GitHub's ids only grow). */
export function before(a: ThreadItem, b: { ref: RequestRef; at?: string }): boolean {
  if (a.ref.kind === b.ref.kind && a.ref.kind !== "issue") return a.ref.id < b.ref.id;
  return instant(a.at) < instant(b.at);
}

/**
 * The requests written before `current` that no answer of ours names, oldest first: by the same rules as
 * the decision (the phrase as a word in the cleaned text; the action's own comments and anything carrying
 * its marker never ask, as the trigger gate's loop guard has it). Only what came before: a newer request
 * has a run of its own waiting (the last one pending is never replaced), which would answer it again; and
 * at most CONVERSATION_PENDING_HOURS before it (older mentions of the phrase, from before the action
 * answered here, are not taken up when it is installed). Who wrote each is not judged here.
 */
export function unanswered(
  items: readonly ThreadItem[],
  o: { phrase: string; me: string | undefined; current: { ref: RequestRef; at?: string } },
): Pending[] {
  const { named, legacyUntil } = answeredSoFar(items, o.me);
  const since = instant(o.current.at) - CONVERSATION_PENDING_HOURS * 3_600_000;
  const out: Pending[] = [];
  for (const item of items) {
    if (named.has(refKey(item.ref)) || !before(item, o.current)) continue;
    if (instant(item.at) < since) continue;
    if (writtenByUs(item, o.me) || carriesMarker(item.body)) continue;
    if (instant(item.at) <= instant(legacyUntil)) continue;
    const request = requestIn(item.body, o.phrase);
    if (request !== undefined) out.push({ item, request });
  }
  // Oldest first, when GitHub said when each was written (a stable sort: ties keep the listing's order).
  if (out.some((p) => Number.isNaN(instant(p.item.at)))) return out;
  return out.sort((a, b) => instant(a.item.at) - instant(b.item.at));
}

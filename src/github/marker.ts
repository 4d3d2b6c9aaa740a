/** The hidden marker that makes a comment ours: its start is also what the loop guard looks for. */
export const MARKER_PREFIX = "<!-- cursor-agent-action comment-key=";

/** Whether a comment carries our marker: the action's own (a report, an answer), never a request. */
export function carriesMarker(body: string): boolean {
  return body.includes(MARKER_PREFIX);
}

export function marker(key: string): string {
  // The key is the workflow's text, but it must not end the HTML comment early.
  const safe = key.replace(/--+>?|[<>"\r\n]/g, "_");
  return `${MARKER_PREFIX}"${safe}" -->`;
}

/** What a request was written as: a comment, a review comment, a review, or the issue itself (its number). */
export type RequestKind = "issue" | "issue-comment" | "review-comment" | "review";

export interface RequestRef {
  kind: RequestKind;
  id: number;
}

const ANSWERED_PREFIX = "<!-- cursor-agent-action answered=";
const REQUEST_KINDS: ReadonlySet<string> = new Set(["issue", "issue-comment", "review-comment", "review"]);
/** Our own marker, and at most this much of it read: a pasted one cannot make the scan long. */
const ANSWERED = /<!-- cursor-agent-action answered="([a-z\d: -]{0,4000})" -->/g;

/**
 * The hidden record of which requests an answer answered: kinds (ours) and ids (GitHub's digits) only,
 * never a word the agent or anyone else wrote. Trusted only on a comment the action wrote (./identity.ts).
 */
export function answeredMarker(refs: readonly RequestRef[]): string {
  const ids = refs.map((r) => `${r.kind}:${Math.trunc(r.id)}`).join(" ");
  return `${ANSWERED_PREFIX}"${ids}" -->`;
}

/** The requests a body's answered-markers name (undefined: it has none). */
export function answeredIn(body: string): RequestRef[] | undefined {
  if (!body.includes(ANSWERED_PREFIX)) return undefined;
  const out: RequestRef[] = [];
  for (const m of body.matchAll(ANSWERED)) {
    for (const token of (m[1] ?? "").split(" ")) {
      const t = /^([a-z-]+):(\d{1,16})$/.exec(token);
      if (t && REQUEST_KINDS.has(t[1] as string)) out.push({ kind: t[1] as RequestKind, id: Number(t[2]) });
    }
  }
  return out;
}

/**
 * Conversation mode's answer, where the question was asked: a review comment is answered by a reply in its
 * thread, an issue or pull request comment (or a review, or the issue itself) by a comment on that issue
 * or pull request. The body is the agent's final message rendered as the report renders it (inert:
 * ../render/agent-markdown.ts), with the run's link, behind the hidden marker that makes the loop guard
 * ignore it (an answer that names the trigger phrase must not ask again). One that cannot be written is a
 * warning, never a failed step.
 */
import { COMMENT_MARKER_ROOM, GITHUB_BODY_CHARS } from "../base/limits.js";
import type { Redact } from "../base/redact.js";
import type { IssueRef } from "../github/context.js";
import { answeredMarker, marker, type RequestRef } from "../github/marker.js";
import type { RunModel } from "../model/run-model.js";
import type { Verdict } from "../model/verdict.js";
import { agentMarkdown } from "../render/agent-markdown.js";
import { capMarkdown } from "../render/cap-markdown.js";
import { HEADLINE } from "../render/headlines.js";
import { finalMessage } from "../report/final-message.js";
import { apiProblem, clientWithin, type GitHubDeps } from "./to-github.js";

/** Where the answer goes: the thread, and the review comment replied to when it was one. */
export interface AnswerPlace {
  thread: IssueRef;
  replyTo?: number;
  /** The comment that asked, as the event had it: looked at again before answering. */
  asked?: { kind: "issue-comment" | "review-comment"; id: number; body: string };
  /** The requests answered, oldest first (the run's own last), with their pages on GitHub. */
  answers?: { ref: RequestRef; url?: string }[];
  /** Requests not answered yet beyond the cap, left for a later run. */
  waiting?: number;
}

/** What the answer says first when the comment that asked changed while the agent worked. */
export const CHANGED_NOTE = {
  deleted: "_The comment that asked was deleted while the agent worked: this answers what it said then._",
  edited:
    "_The comment that asked was edited while the agent worked: this answers it as it was when the run started._",
} as const;

export interface Answered {
  model: RunModel;
  verdict: Verdict;
  contract: boolean;
  runUrl?: string;
}

/** The answer's body: the final message, or what became of the run when there is none; the run's link. */
export function answerBody(
  a: Answered,
  key: string,
  redact: Redact,
  note = "",
  place: Pick<AnswerPlace, "answers" | "waiting"> = {},
): string {
  const shown = finalMessage(a.model, a.contract, redact);
  const ending = a.verdict.conclusion === "success" ? "" : `${HEADLINE[a.verdict.conclusion]}. `;
  const link = linkTo(a.runUrl, "The run");
  const footer = `<sub>${ending}${link} has the log and the report.${answersLine(place)}</sub>`;
  const answers = place.answers ?? [];
  const mark = `${marker(`${key}/answer`)}${answers.length ? `\n${answeredMarker(answers.map((x) => x.ref))}` : ""}`;
  const room = GITHUB_BODY_CHARS - mark.length - COMMENT_MARKER_ROOM - footer.length - note.length - 6;
  const text = shown
    ? capMarkdown(agentMarkdown(shown), room, "_(the answer was cut: the run has all of it)_")
    : "_The agent ended without a final message._";
  return `${mark}\n${note ? `${note}\n\n` : ""}${text}\n\n${footer}`;
}

/** A link to one of GitHub's pages (a URL GitHub gave, checked: never a word the agent wrote), else plain. */
function linkTo(url: string | undefined, text: string): string {
  return url && /^https:\/\/[^\s()<>[\]]+$/.test(url) ? `[${text}](${url})` : text;
}

const KIND_WORDS: Record<RequestRef["kind"], string> = {
  issue: "the issue",
  "issue-comment": "comment",
  "review-comment": "review comment",
  review: "review",
};

/** Which requests the answer answers, when it answers more than the one it is posted for. */
function answersLine(p: Pick<AnswerPlace, "answers" | "waiting">): string {
  const answers = p.answers ?? [];
  const waiting = p.waiting ? ` ${p.waiting} more wait for a later run.` : "";
  if (answers.length < 2) return waiting;
  const each = answers.map((x) => linkTo(x.url, `${KIND_WORDS[x.ref.kind]} ${x.ref.id}`));
  return `<br>This answers ${answers.length} requests: ${each.join(", ")}.${waiting}`;
}

/**
 * The answer written where it was asked; its URL, or undefined (and a warning). The comment that asked is
 * read again first: deleted or edited meanwhile, the answer says so (`body(note)`), and a deleted thread's
 * first comment can take no reply: the answer goes on the pull request instead.
 */
export async function writeAnswerWithin(
  body: (note: string) => string,
  place: AnswerPlace,
  token: string,
  deps: GitHubDeps,
  deadlines: [number, number],
): Promise<string | undefined> {
  try {
    const written = await clientWithin(token, deps, deadlines, async (client) => {
      const { asked, thread, replyTo } = place;
      // Not known (an error): taken as unchanged; the answer is what matters.
      const now = asked && (await client.commentNow(thread, asked.kind, asked.id).catch(() => asked.body));
      const change = !asked || now === asked.body ? undefined : now === undefined ? "deleted" : "edited";
      const text = body(change ? CHANGED_NOTE[change] : "");
      const noThread = replyTo === undefined || (change === "deleted" && replyTo === asked?.id);
      return noThread ? client.create(thread, text) : client.reply(thread, replyTo, text);
    });
    return written.html_url;
  } catch (e) {
    deps.warning(apiProblem("answer where the agent was asked", e));
    return undefined;
  }
}

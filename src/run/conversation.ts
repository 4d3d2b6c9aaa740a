/**
 * Conversation mode in the run (docs/conversation.md): whether the action was asked (decided before
 * admission, src/conversation/decide.ts); once admitted, the 👀 on what asked and the thread read for the
 * task, both started at once and in the background while the CLI is made ready; then where the answer
 * goes. Reading the thread asks GitHub who may be heard in it: comments by people without write access
 * are left out (an outsider's text must not steer the agent), and counted.
 */

import { type Decision, decide } from "../conversation/decide.js";
import type { Pending } from "../conversation/pending.js";
import { type CarriedRequest, composeTask } from "../conversation/task.js";
import type { ConversationClient, ReactionTarget } from "../github/api.js";
import type { IssueRef, RunContext } from "../github/context.js";
import type { ConversationEvent, Written } from "../github/conversation-event.js";
import type { RequestRef } from "../github/marker.js";
import type { AnswerPlace } from "../publish/answer.js";
import type { LogWriter } from "../render/log-writer.js";
import type { Settings } from "../settings/settings.js";
import { type Heard, readConversation } from "./conversation-thread.js";

/** Changed files listed at most (GitHub lists up to 3,000). */
const FILES_READ = 3_000;

export type Asked = Extract<Decision, { kind: "asked" }>;

/**
 * Conversation mode in the run, or undefined outside it: a skip when not asked; else what starts once
 * admitted, gives the prompt its task and says where the answer goes.
 */
export function conversationMode(
  given: Settings,
  context: RunContext,
  deps: ConversationDeps,
  log: LogWriter,
): { kind: "skipped"; reason: string; notice: true } | ConversationPhase | undefined {
  if (!given.conversation) return undefined;
  const d = decide(context.eventName, context.conversation, given.conversation, given.prompt !== "");
  if (d.kind === "not-asked") return { kind: "skipped", reason: d.reason, notice: true };
  return new ConversationPhase(given, context, d, deps, log);
}

export class ConversationPhase {
  readonly kind = "asked";
  private started: Conversation | undefined;

  constructor(
    private readonly given: Settings,
    private readonly context: RunContext,
    private readonly asked: Asked,
    private readonly deps: ConversationDeps,
    private readonly log: LogWriter,
  ) {}

  /** Once admitted, before anything slow: the 👀 and the thread, in the background. */
  readonly admitted = (): void => {
    this.started = new Conversation(this.given, this.context, this.asked, this.deps, this.log);
  };

  /** The settings with the task as their prompt (once the thread is read and the 👀 is given). */
  async withTask(given: Settings): Promise<Settings> {
    if (!this.started) return given;
    const prompt = await this.started.prompt;
    await this.started.settled();
    return { ...given, prompt };
  }

  answerPlace(): AnswerPlace | undefined {
    return this.started?.answerPlace();
  }
}

export interface ConversationDeps {
  github: (token: string, apiUrl?: string) => Promise<ConversationClient>;
  env: NodeJS.ProcessEnv;
}

/** Started once admitted: the reaction and the task, each in the background. */
class Conversation {
  /** The prompt: the workflow's instructions, if any, with the task. */
  readonly prompt: Promise<string>;
  private readonly reacted: Promise<void>;
  /** The conversation as read for the task (the requests taken up among it). */
  private heard: Heard | undefined;

  constructor(
    private readonly given: Settings,
    private readonly context: RunContext,
    asked: Asked,
    deps: ConversationDeps,
    private readonly log: LogWriter,
  ) {
    const client = given.githubToken
      ? deps.github(given.githubToken, deps.env.GITHUB_API_URL)
      : Promise.reject(new Error("no github-token"));
    // Neither may end the run: a failure is a line, and what it would have given is left out (and said).
    client.catch(() => {});
    this.reacted = this.react(client);
    this.prompt = this.task(client, asked);
  }

  /** Where the answer goes (undefined: nowhere to write it). */
  answerPlace(): AnswerPlace | undefined {
    const thread = this.context.thread;
    if (!thread) return undefined;
    const w = this.context.conversation?.written;
    // GitHub takes no reply to a reply: the thread's first comment is the one replied to.
    const first = w?.kind === "review-comment" ? (w.inReplyTo ?? w.id) : undefined;
    const asked =
      w && w.kind !== "review" && w.id !== undefined ? { kind: w.kind, id: w.id, body: w.body } : undefined;
    return {
      thread,
      ...(first === undefined ? {} : { replyTo: first }),
      ...(asked ? { asked } : {}),
      answers: this.answers(thread),
      waiting: this.heard?.more ?? 0,
    };
  }

  /** What the answer answers, oldest first: the requests taken up, then the run's own. */
  private answers(thread: IssueRef): AnswerPlace["answers"] {
    const event = this.context.conversation;
    const taken = (this.heard?.pending ?? []).map((p) => ({ ref: p.item.ref, url: p.item.url }));
    const own = event && ownRequest(event, thread);
    const url = event?.written ? event.written.url : event?.subject.url;
    return own ? [...taken, { ref: own.ref, url }] : taken;
  }

  /** The reaction is waited for only so that the log has its line before the agent's. */
  async settled(): Promise<void> {
    await this.reacted;
  }

  private async react(client: Promise<ConversationClient>, ref?: RequestRef): Promise<void> {
    const { repository, conversation, thread } = this.context;
    const on = ref ? refTarget(ref) : reactionTarget(conversation?.written, thread?.issue);
    if (!repository || !on) return;
    try {
      await (await client).react(repository, on, "eyes");
    } catch (e) {
      this.log.annotate("debug", `Conversation mode: no 👀 reaction (${short(e)}).`);
    }
  }

  private async task(client: Promise<ConversationClient>, asked: Asked): Promise<string> {
    const { context } = this;
    const thread = context.thread;
    const event = context.conversation;
    if (!thread || !event) return this.given.prompt;
    const [heard, files] = await Promise.all([
      this.read(client, thread, event).catch((e: unknown): Heard => {
        this.log.text(`Conversation mode: the thread's comments could not be read (${short(e)}).`);
        return { comments: [], leftOut: 0, pending: [], more: 0 };
      }),
      event.subject.isPull ? this.files(client) : undefined,
    ]);
    this.heard = heard;
    // The requests taken up get their 👀 too: they are being answered now.
    await Promise.all(heard.pending.map((p) => this.react(client, p.item.ref)));
    const task = composeTask({
      prompt: this.given.prompt,
      request: asked.request,
      how: asked.how,
      where: { repository: `${thread.owner}/${thread.repo}`, number: thread.issue, ...event.subject },
      written: event.written,
      earlier: heard.comments,
      leftOut: heard.leftOut,
      pending: heard.pending.map(carried),
      more: heard.more,
      files,
    });
    const left = heard.leftOut;
    const also = heard.pending.length;
    this.log.text(
      `Conversation mode: asked by ${asked.how}${also ? `; ${also} earlier request(s) not answered yet taken up` : ""}; ${heard.comments.length} earlier comment(s) in the task${left ? `, ${left} by people without write access left out` : ""}.`,
    );
    this.log.flush();
    return task;
  }

  private async read(client: Promise<ConversationClient>, thread: IssueRef, event: ConversationEvent) {
    const gh = await client;
    // With the workflow's prompt, the workflow chose what asks: no other request is taken up.
    const current = this.given.prompt === "" ? ownRequest(event, thread) : undefined;
    const { repository } = this.context;
    return readConversation({ gh, thread, repository, event, current, given: this.given });
  }

  /** The pull request's changed files' names, or undefined (and a line) when they cannot be read. */
  private async files(client: Promise<ConversationClient>): Promise<string[] | undefined> {
    const thread = this.context.thread;
    if (!thread) return undefined;
    try {
      const names: string[] = [];
      for await (const f of (await client).pullFiles(thread)) {
        names.push(f.filename);
        if (names.length >= FILES_READ) break;
      }
      return names;
    } catch (e) {
      this.log.text(`Conversation mode: the pull request's files could not be read (${short(e)}).`);
      return undefined;
    }
  }
}

/** The run's own request: what was written, or the issue itself. */
function ownRequest(
  event: ConversationEvent,
  thread: IssueRef,
): { ref: RequestRef; at?: string } | undefined {
  const w = event.written;
  if (!w) return { ref: { kind: "issue", id: thread.issue }, at: event.subject.at };
  return w.id === undefined ? undefined : { ref: { kind: w.kind, id: w.id }, at: w.at };
}

/** A request taken up, as the task quotes it. */
function carried(p: Pending): CarriedRequest {
  return { request: p.request, author: p.item.user?.login ?? "", kind: p.item.ref.kind };
}

function reactionTarget(w: Written | undefined, issue: number | undefined): ReactionTarget | undefined {
  if (!w) return issue === undefined ? undefined : { kind: "issue", issue };
  // A review has no reactions API.
  if (w.kind === "review" || w.id === undefined) return undefined;
  return { kind: w.kind, id: w.id };
}

/** What a request taken up is, as a reaction's target (a review has none). */
function refTarget(ref: RequestRef): ReactionTarget | undefined {
  if (ref.kind === "issue") return { kind: "issue", issue: ref.id };
  return ref.kind === "review" ? undefined : { kind: ref.kind, id: ref.id };
}

function short(e: unknown): string {
  const status = (e as { status?: number })?.status;
  const message = ((e as Error)?.message ?? String(e)).split("\n")[0]?.slice(0, 200);
  return status ? `HTTP ${status}: ${message}` : (message ?? "");
}

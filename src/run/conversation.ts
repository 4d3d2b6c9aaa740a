/**
 * Conversation mode in the run (docs/conversation.md): whether the action was asked (decided before
 * admission, src/conversation/decide.ts); once admitted, the 👀 on what asked and the thread read for the
 * task, both started at once and in the background while the CLI is made ready; then where the answer
 * goes. Reading the thread asks GitHub who may be heard in it: comments by people without write access
 * are left out (an outsider's text must not steer the agent), and counted.
 */

import { CONVERSATION_COMMENTS } from "../base/limits.js";
import { type Decision, decide } from "../conversation/decide.js";
import { composeTask, type EarlierComment } from "../conversation/task.js";
import { botAllowed, userAllowed, writes } from "../gates/trigger.js";
import type { ConversationClient, IssueComment, ReactionTarget } from "../github/api.js";
import type { IssueRef, RunContext } from "../github/context.js";
import type { Written } from "../github/conversation-event.js";
import { MARKER_PREFIX } from "../github/marker.js";
import type { AnswerPlace } from "../publish/answer.js";
import type { LogWriter } from "../render/log-writer.js";
import type { Settings } from "../settings/settings.js";

/** Earlier comments looked at (the latest): who wrote each is asked of GitHub once per author. */
const COMMENTS_LOOKED_AT = 2 * CONVERSATION_COMMENTS;
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
    return { thread, ...(first === undefined ? {} : { replyTo: first }), ...(asked ? { asked } : {}) };
  }

  /** The reaction is waited for only so that the log has its line before the agent's. */
  async settled(): Promise<void> {
    await this.reacted;
  }

  private async react(client: Promise<ConversationClient>): Promise<void> {
    const { repository, conversation, thread } = this.context;
    const on = reactionTarget(conversation?.written, thread?.issue);
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
      this.earlier(client, event.written).catch((e: unknown) => {
        this.log.text(`Conversation mode: the thread's comments could not be read (${short(e)}).`);
        return { comments: [], leftOut: 0 };
      }),
      event.subject.isPull ? this.files(client) : undefined,
    ]);
    const task = composeTask({
      prompt: this.given.prompt,
      request: asked.request,
      how: asked.how,
      where: { repository: `${thread.owner}/${thread.repo}`, number: thread.issue, ...event.subject },
      written: event.written,
      earlier: heard.comments,
      leftOut: heard.leftOut,
      files,
    });
    const left = heard.leftOut;
    this.log.text(
      `Conversation mode: asked by ${asked.how}; ${heard.comments.length} earlier comment(s) in the task${left ? `, ${left} by people without write access left out` : ""}.`,
    );
    this.log.flush();
    return task;
  }

  /**
   * The thread's earlier comments by people with write access, and how many by others were left out: a
   * review comment's thread is its own (its first comment and the replies to it), else the issue's or
   * pull request's comments.
   */
  private async earlier(
    client: Promise<ConversationClient>,
    written: Written | undefined,
  ): Promise<{ comments: EarlierComment[]; leftOut: number }> {
    const gh = await client;
    const thread = this.context.thread;
    if (!thread) return { comments: [], leftOut: 0 };
    // A review's id is not in the comments' number space: everything listed came before it.
    const before = written?.kind === "review" ? undefined : written?.id;
    const all: Said[] = [];
    for await (const c of said(gh, thread, written)) {
      // Only what came before what asked; the action's own comments are its reports and answers.
      if (before !== undefined && c.id !== undefined && c.id >= before) continue;
      if (c.body?.includes(MARKER_PREFIX)) continue;
      all.push(c);
    }
    const looked = all.slice(-COMMENTS_LOOKED_AT);
    const trusted = await this.trustedAmong(gh, looked);
    const comments = looked
      .filter((c) => trusted.has(c.user?.login ?? ""))
      .map((c) => ({ author: c.user?.login ?? "", body: c.body ?? "" }));
    return { comments, leftOut: looked.length - comments.length };
  }

  /** The authors who may be heard: write, maintain or admin, or listed in allowed-users / allowed-bots. */
  private async trustedAmong(gh: ConversationClient, comments: Said[]): Promise<Set<string>> {
    const repository = this.context.repository;
    const logins = [...new Set(comments.map((c) => c.user?.login ?? "").filter(Boolean))];
    // The trigger gate's rules (gates/trigger.ts), for each author.
    const verdicts = await Promise.all(
      logins.map(async (login) => {
        const bot = comments.find((c) => c.user?.login === login)?.user?.type === "Bot";
        if (bot) return botAllowed(login, this.given);
        if (userAllowed(login, this.given)) return true;
        if (!repository) return false;
        return writes(await gh.permission(repository.owner, repository.repo, login).catch(() => undefined));
      }),
    );
    return new Set(logins.filter((_, i) => verdicts[i]));
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

/** A comment of the thread, whichever listing it comes from. */
type Said = Pick<IssueComment, "body" | "user"> & { id?: number };

/** The comments of the thread `written` belongs to, oldest first. */
async function* said(
  gh: ConversationClient,
  thread: IssueRef,
  written: Written | undefined,
): AsyncIterable<Said> {
  if (written?.kind !== "review-comment") {
    yield* gh.comments(thread);
    return;
  }
  const root = written.inReplyTo ?? written.id;
  for await (const c of gh.reviewComments(thread)) {
    if (root !== undefined && (c.id === root || c.in_reply_to_id === root))
      yield { ...c, body: c.body ?? "" };
  }
}

function reactionTarget(w: Written | undefined, issue: number | undefined): ReactionTarget | undefined {
  if (!w) return issue === undefined ? undefined : { kind: "issue", issue };
  // A review has no reactions API.
  if (w.kind === "review" || w.id === undefined) return undefined;
  return { kind: w.kind, id: w.id };
}

function short(e: unknown): string {
  const status = (e as { status?: number })?.status;
  const message = ((e as Error)?.message ?? String(e)).split("\n")[0]?.slice(0, 200);
  return status ? `HTTP ${status}: ${message}` : (message ?? "");
}

/**
 * Every wait the action allows itself, in one place. Two sets: a run's own, and the cancel budget. After a
 * cancel the runner sends SIGINT, then SIGTERM 7.5 s later and SIGKILL 2.5 s after that
 * (docs/runner.md "Cancellation and signals"): everything the action still does after a SIGINT (stop the
 * agent, read what it left, read the changes, write the report) is chained, so the parts of
 * {@link CANCEL_DEADLINES} add up, and a test holds their sum under {@link RUNNER_CANCEL_GRACE_MS} with room to
 * render and exit. A cancel can come at any moment after the agent has started: each wait after the agent
 * then ends at its share at the latest, counted from the cancel, even one already running ({@link waitEnd}).
 */
import { formatDuration } from "./format.js";

/** SIGINT → SIGTERM on a cancelled step. */
export const RUNNER_CANCEL_GRACE_MS = 7_500;

/**
 * The chained waits after a cancel, in the order they happen. 7 s in all, 0.5 s left to render and exit.
 * Making room for the end of the agent's user (0.75 s) took 0.5 s from the agent's SIGTERM → SIGKILL (the
 * CLI answers SIGTERM by exiting at once: the rest was waiting on a process that is gone) and 0.25 s from
 * reading what it left (a backlog past that stays in the transcript file, and the log says how much); the
 * GitHub writes, whose requests are round trips to the API, and the changes kept theirs.
 */
export const CANCEL_DEADLINES = {
  /** The agent's process group: SIGTERM, then SIGKILL after this. */
  agentKillMs: 1_500,
  /** After its exit: what it wrote and we have not read, and its last stderr lines (side by side). */
  drainMs: 750,
  /**
   * Saving the pull request's chat (`session: pull-request`), once the agent is gone: what is left. Small
   * enough that a large chat is often not saved after a cancel (a notice says so; the last saved one stays).
   */
  sessionSaveMs: 250,
  /**
   * The end of the agent's own user (security/agent-user.ts, {@link RUN_DEADLINES.agentUserEndMs}), all
   * of it: its last processes killed until none is left, then its files in the shared temporary directories
   * removed. One kill and one search of what it could reach: tens of milliseconds in practice.
   */
  agentUserEndMs: 750,
  /** A progress-comment update still in flight settles (it is aborted, not waited for). */
  progressMs: 250,
  /** The working tree's changes: the git cross-check and the diffs. */
  changesMs: 1_000,
  /** Posting the review (review mode). */
  reviewMs: 1_250,
  /** Writing the PR comment. */
  commentMs: 1_250,
} as const;

/** What the cancel budget's parts add up to. */
export const CANCEL_BUDGET_TOTAL_MS = Object.values(CANCEL_DEADLINES).reduce((a, b) => a + b, 0);

/** A run's own waits, when nothing was cancelled. */
export const RUN_DEADLINES = {
  /** How long the agent may linger after its result or its stdout closing (the CLI can hang there). */
  hangAfterResultMs: 5_000,
  /** SIGTERM → SIGKILL on a timeout or a hang. */
  agentKillMs: 5_000,
  /** After the agent exits, how long its last stderr lines are waited for (a shell it left may hold the pipe). */
  stderrMs: 2_000,
  /**
   * After the agent exits, how long what it wrote and we have not read may still be read: a backlog (or a
   * hole truncated into its stdout file, which reads as endless zeros) must not hold the step.
   */
  drainMs: 30_000,
  /** The same after a timeout. */
  timeoutDrainMs: 5_000,
  /** The working tree's changes at the end of the run. */
  changesMs: 30_000,
  /** A progress-comment update in flight, waited for so that the report lands last. */
  progressFinishMs: 10_000,
  /** The progress comment's own "failed" write, when the action itself fails. */
  progressFailMs: 5_000,
  /**
   * The last resort's undo (the file commands, the credential, the protected configuration, the agent's
   * user): local work, whose file commands go first and synchronously; the rest is not waited for past this.
   */
  undoMs: 2_000,
  /** The review, and the PR comment, each: an unreachable API must not hold the job (retries included). */
  reviewMs: 60_000,
  commentMs: 60_000,
  /**
   * A delivery, all of it (src/deliver/): its writes are paced a second apart by octokit, and it makes at
   * most 100 blobs (base/limits.ts), a tree, a commit and a ref or two, and a pull request, each retried
   * on a server error; a push may be tried three times on a branch that moves. It has no share of the
   * cancel budget: a cancelled run delivers nothing, and a cancel heard while one is under way stops it at
   * once (what it made by then, blobs, a tree, a commit no branch points to, is left unused; a branch made
   * without its pull request is named in the line that says it stopped).
   */
  deliverMs: 180_000,
  /**
   * One request to GitHub's API (each attempt of it), the body read included: GitHub ends a request it has
   * not answered within 10 s, the rest is room for the transfer. Aborted then, and not retried (a write
   * GitHub took but did not answer may have landed). Every request has it: the gates' before the agent, the
   * progress comment's, the identity lookup, the review's and the comment's.
   */
  requestMs: 20_000,
  /** One git call. */
  gitMs: 20_000,
  /** The pull request's chat from the Actions cache, before the agent starts; and saved after it. */
  sessionRestoreMs: 30_000,
  sessionSaveMs: 30_000,
  /**
   * The end of the agent's own user (security/agent-user.ts), after its process group is gone, in two
   * parts bounded by this each: its last processes killed until none is left, then its files in the shared
   * temporary directories found and removed. One kill of "every process of the user" ends them all at once
   * (the kernel lets no fork slip out of it), so the first is reached only by a process that outlives
   * SIGKILL (stuck in the kernel): then the user is kept, not removed, with a warning. The same after a
   * cancel, where the two come out of the room the cancel budget leaves to render and exit (in practice
   * tens of milliseconds: one kill, one search of what the agent could reach). 2 s, not less: on a busy
   * machine (the suite's, 250 ms) a round of kill and /proc scan took long enough that the deadline came
   * with the agent's processes already gone, and its files were left as if one had outlived it.
   */
  agentUserEndMs: 2_000,
  /**
   * Without the agent's own view: taking its ACL grants back and giving the workspace's files back to their
   * owner, each recursive, ~30 µs a file (BENCHMARKS.md): 5 minutes is ten million files. Past it (or past
   * the cancel's share) the uid stays held, so that nobody else gets what is left of its grants.
   */
  aclUndoMs: 300_000,
  /**
   * The agent's own view's set-up (security/held-view.ts), from its plan to "ready": python3, started as
   * root with the strategy, sets the namespaces up. Tens of milliseconds; past this the workspace is shared
   * by ACL.
   */
  viewProbeMs: 5_000,
} as const;

/**
 * The API work after the agent's end, at most (without a cancel): the progress update in flight waited for
 * ({@link RUN_DEADLINES.progressFinishMs}), then aborted ({@link CANCEL_DEADLINES.progressMs}), the review, then
 * the PR comment, or instead of it the progress comment's "failed" write when the action itself fails. Each
 * aborts its requests at its deadline, and no retry or rate-limit wait outlives it, so whatever GitHub does
 * the process is done with it by then: 130.25 s with a review, 70.25 s without, 180 s more with a delivery.
 * After a cancel the same parts are the cancel budget's (2.75 s of it; a delivery has none).
 */
export const API_AFTER_AGENT_MS =
  RUN_DEADLINES.deliverMs +
  RUN_DEADLINES.progressFinishMs +
  CANCEL_DEADLINES.progressMs +
  RUN_DEADLINES.reviewMs +
  Math.max(RUN_DEADLINES.commentMs, RUN_DEADLINES.progressFailMs);

/** The end of one wait: see {@link waitEnd}. */
export interface WaitEnd {
  /** Aborted at the end, with why (an Error). */
  readonly signal: AbortSignal;
  /** How long the wait had: its own time, or its share of the cancel budget once a cancel brought it forward. */
  readonly limitMs: number;
  /** The wait is over: its timer goes (it holds the process until then). */
  dispose(): void;
  /** `p`, or the end, whichever comes first (then `p` is left to itself); disposes of the end. */
  race<T>(p: Promise<T>): Promise<T | undefined>;
}

/**
 * A wait's end: `ms` from now, or `cancelMs` after the runner's cancel (`cancelled` aborted) when that is
 * sooner, whether the cancel came before the wait began or while it runs: a cancel only ever hurries a wait.
 */
export function waitEnd(ms: number, cancelMs: number, cancelled?: AbortSignal): WaitEnd {
  const control = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let endsAt = Number.POSITIVE_INFINITY;
  const end = {
    signal: control.signal,
    limitMs: ms,
    dispose: () => {
      clearTimeout(timer);
      cancelled?.removeEventListener("abort", onCancel);
    },
    race: <T>(p: Promise<T>) => {
      const over = new Promise<undefined>((resolve) =>
        control.signal.addEventListener("abort", () => resolve(undefined), { once: true }),
      );
      return Promise.race([p, over]).finally(end.dispose);
    },
  };
  const endIn = (after: number, why: string) => {
    clearTimeout(timer);
    endsAt = Date.now() + after;
    end.limitMs = after;
    timer = setTimeout(() => control.abort(new Error(`no end within ${formatDuration(after)}${why}`)), after);
  };
  function onCancel() {
    if (Date.now() + cancelMs < endsAt) endIn(cancelMs, " of the cancel");
  }
  if (Number.isFinite(ms)) endIn(ms, "");
  if (cancelled?.aborted) onCancel();
  else cancelled?.addEventListener("abort", onCancel, { once: true });
  return end;
}

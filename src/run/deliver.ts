/**
 * The delivery phase (input `deliver`, docs/delivery.md): after the patch (the agent and all its processes
 * are gone, what was set aside is back) and before publishing. Whether anything goes (the verdict, the
 * changes, the protected paths, the limits: deliver/gate.ts) and where (deliver/target.ts) is decided
 * without a request; then the commit is made through GitHub's API within {@link RUN_DEADLINES.deliverMs}.
 * Its result is one line (the log, the job summary) and the four outputs; a refusal or a failure fails the
 * step at the end, as a failed run does (unless `fail-on-error: false`). Nothing here touches the patch or
 * the report.
 */
import { RUN_DEADLINES, waitEnd } from "../base/deadlines.js";
import { GITHUB_BODY_CHARS } from "../base/limits.js";
import type { Redact } from "../base/redact.js";
import { runAttemptUrl } from "../base/runner.js";
import { parseProtectedPaths } from "../changes/protected-paths.js";
import { gate } from "../deliver/gate.js";
import type { RunFacts } from "../deliver/message.js";
import { type Delivered, notDelivered, outcomeOf } from "../deliver/outcome.js";
import { problem } from "../deliver/problems.js";
import { chooseTarget } from "../deliver/target.js";
import type { RunContext } from "../github/context.js";
import type { GitData } from "../github/git-data.js";
import type { LogWriter } from "../render/log-writer.js";
import type { Deps } from "./deps.js";
import type { Judged } from "./judge.js";
import type { Observed } from "./observe.js";
import type { PatchMade } from "./patch-file.js";
import type { RunSettings } from "./resolve.js";

export type { Delivered };

export interface DeliverInput {
  settings: RunSettings;
  context: RunContext;
  /** The patch and the entries (undefined base: a replay, or no repository). */
  patch: PatchMade;
  /** A live agent ran (a transcript replay never delivers). */
  live: boolean;
  observed: Pick<Observed, "cancelled" | "model" | "changes">;
  judged: Pick<Judged, "verdict">;
  wallMs: number;
}

export interface DeliverWorld {
  deps: Deps;
  log: LogWriter;
  redact: Redact;
}

const not = notDelivered;

/** Undefined when `deliver` is `none`. */
export async function deliverPhase(input: DeliverInput, world: DeliverWorld): Promise<Delivered | undefined> {
  const d = await decide(input, world.deps, world.redact);
  if (d) {
    world.log.text(world.redact(d.line));
    world.log.flush();
  }
  return d;
}

async function decide(input: DeliverInput, deps: Deps, redact: Redact): Promise<Delivered | undefined> {
  const s = input.settings.deliver;
  if (s.mode === "none") return undefined;
  if (!input.live) return not("a transcript replay delivers nothing", false);
  if (input.observed.cancelled) return not("the run was cancelled", false);
  if (!input.patch.base) return not("the workspace has no commit checked out to deliver changes of", true);
  const gated = gate({
    succeeded: input.judged.verdict.conclusion === "success",
    onFailure: s.onFailure,
    entries: input.patch.entries,
    patterns: parseProtectedPaths(s.protectedPaths),
  });
  if (gated.kind === "held") return not(gated.why, gated.failed);
  const repository = input.context.repository;
  const token = input.settings.githubToken;
  const base = input.patch.base;
  if (!repository || !token) {
    return not(!repository ? "the run names no repository (GITHUB_REPOSITORY)" : "no github-token", true);
  }
  const run: RunFacts = {
    workflow: deps.env.GITHUB_WORKFLOW,
    runNumber: deps.env.GITHUB_RUN_NUMBER,
    runUrl: runAttemptUrl(deps.env),
    actor: input.context.actor,
  };
  const [{ deliver }, { createGitData }, words, { renderReport }, { finalMessage }] = await Promise.all([
    import("../deliver/deliver.js"),
    import("../github/git-data.js"),
    import("../deliver/message.js"),
    import("../report/report.js"),
    import("../report/final-message.js"),
  ]);
  const report = renderReport(
    {
      model: input.observed.model,
      verdict: input.judged.verdict,
      changes: input.observed.changes,
      wallMs: input.wallMs,
      runUrl: run.runUrl,
      redact,
    },
    { maxChars: GITHUB_BODY_CHARS - 1024 },
  );
  // A cancel stops it at once: it has no share of the cancel budget (RUN_DEADLINES.deliverMs).
  const end = waitEnd(RUN_DEADLINES.deliverMs, 0, deps.cancelled);
  try {
    const gh = createGitData(token, repository, deps.env.GITHUB_API_URL, {
      signal: end.signal,
      until: Date.now() + end.limitMs,
    });
    const context = await withPullHead(input.context, gh).catch((e: unknown) => problem("read", e));
    if (typeof context === "string") return not(context, true);
    const targeted = chooseTarget(s, context);
    if (targeted.kind === "refused") return not(targeted.why, true);
    const done = await deliver(gh, {
      target: targeted.target,
      base,
      entries: gated.entries,
      newBranch: s.branch,
      allowDefaultBranch: s.allowDefaultBranch,
      message: words.commitMessage(run, finalMessage(input.observed.model, false, redact)),
      title: words.headline(run),
      body: words.pullBody(run, report),
    });
    if (done.kind === "failed" && end.signal.aborted) {
      return not(`${(end.signal.reason as Error).message} (${done.why})`, true);
    }
    return outcomeOf(done);
  } finally {
    end.dispose();
  }
}

/**
 * A comment on a pull request (`issue_comment`) does not say where its head is: GitHub is asked, so that a
 * fix asked for in a comment goes onto the pull request's branch (and never to a fork's), as on a pull
 * request's own events.
 */
async function withPullHead(context: RunContext, gh: GitData): Promise<RunContext> {
  const pr = context.pullRequest;
  if (!pr?.headUnknown) return context;
  const head = await gh.pullHead(pr.issue);
  return {
    ...context,
    pullRequest: {
      ...pr,
      headUnknown: false,
      fromFork: head.fromFork,
      head: { ref: head.ref, sha: head.sha },
    },
  };
}

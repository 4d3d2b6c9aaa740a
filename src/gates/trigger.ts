/**
 * Who may start the agent. On events that anyone who can comment or open an issue can cause, the
 * actor must have write, maintain or admin permission on the repository (asked of GitHub), or be
 * listed in `allowed-users`; bots are refused unless listed in `allowed-bots`. The action's own report
 * comment never starts another run.
 */
import type { PermissionClient } from "../github/api.js";
import type { RunContext } from "../github/context.js";
import { carriesMarker } from "../github/marker.js";

/**
 * Events a stranger can cause (a comment, a review, an issue), and `pull_request_target`, where a fork's
 * pull request runs in the base repository's context, secrets included.
 */
const GATED_EVENTS = new Set([
  "issue_comment",
  "pull_request_review_comment",
  "pull_request_review",
  "issues",
  "pull_request_target",
]);
const WRITE_ROLES: ReadonlySet<string> = new Set(["admin", "maintain", "write"]);

export type TriggerVerdict =
  | { kind: "allow"; reason: string }
  | { kind: "refuse"; reason: string }
  /**
   * Not a refusal: nothing to do (the action's own comment), or nobody who could act on a red check (a bot
   * not allowed in): the step stays green and `notice` says why and what to change.
   */
  | { kind: "skip"; reason: string; notice?: boolean };

export interface TriggerSettings {
  allowedUsers: string[];
  allowedBots: string[];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A bot listed in `allowed-bots` (`*`: all), by its login with or without `[bot]`. */
export function botAllowed(login: string, s: Pick<TriggerSettings, "allowedBots">): boolean {
  const bare = login.replace(/\[bot\]$/, "");
  return s.allowedBots.some((b) => b === "*" || same(b, login) || same(b, bare));
}

/** A user listed in `allowed-users` (case-insensitively, as GitHub's logins are). */
export function userAllowed(login: string, s: Pick<TriggerSettings, "allowedUsers">): boolean {
  return s.allowedUsers.some((u) => same(u, login));
}

/** GitHub's answer for a collaborator means write access: write, maintain or admin (by role or permission). */
export function writes(p: { permission?: string; role?: string } | undefined): boolean {
  return [p?.role, p?.permission].some((r) => r !== undefined && WRITE_ROLES.has(r));
}

export async function checkTrigger(
  ctx: RunContext,
  s: TriggerSettings,
  client: () => Promise<PermissionClient>,
): Promise<TriggerVerdict> {
  const event = ctx.eventName;
  if (!GATED_EVENTS.has(event)) return { kind: "allow", reason: `${event || "this"} event is not gated` };
  // Loop guard: our report carries its marker; a run it triggered (with a PAT, say) has nothing to do.
  if (ctx.comment && carriesMarker(ctx.comment.body)) {
    return {
      kind: "skip",
      reason: "The comment that triggered this run is this action's own report: nothing to do.",
    };
  }
  // On pull_request_target the pull request's code and text come from its author, whoever sent the event.
  const who = event === "pull_request_target" ? (ctx.pullRequest?.author ?? ctx.actor) : ctx.actor;
  const login = who.login ?? "";
  if (!login)
    return {
      kind: "refuse",
      reason: `Cannot tell who triggered this ${event} event; the agent was not started.`,
    };
  if (who.isBot) {
    if (botAllowed(login, s)) {
      return { kind: "allow", reason: `${login} is listed in allowed-bots` };
    }
    // A red check here helps nobody (a bot cannot act on it): skipped, with the fix in a notice.
    return {
      kind: "skip",
      notice: true,
      reason: `${login} is a bot; list it in allowed-bots to let it start the agent.`,
    };
  }
  if (userAllowed(login, s)) return { kind: "allow", reason: `${login} is listed in allowed-users` };
  if (!ctx.repository)
    return { kind: "refuse", reason: "GITHUB_REPOSITORY is not set; cannot check the actor's permission." };
  const { owner, repo } = ctx.repository;
  let p: { permission?: string; role?: string } | undefined;
  try {
    p = await (await client()).permission(owner, repo, login);
  } catch (e) {
    const status = (e as { status?: number }).status;
    return {
      kind: "refuse",
      reason: `Could not check ${login}'s permission on ${owner}/${repo}${status ? ` (HTTP ${status})` : ""}; the agent was not started. List trusted users in allowed-users, or give the token access.`,
    };
  }
  const level = p?.role ?? p?.permission;
  if (level && writes(p)) {
    return { kind: "allow", reason: `${login} has ${level} permission` };
  }
  return {
    kind: "refuse",
    reason: `${login} has ${level ?? "no"} permission on ${owner}/${repo}; the agent runs only for users with write, maintain or admin permission, or those listed in allowed-users.`,
  };
}

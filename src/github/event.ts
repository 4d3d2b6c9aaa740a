/**
 * Which pull request (if any) this run belongs to, from the event payload the runner wrote. Pure apart
 * from reading that one file.
 */
import { readFileSync } from "node:fs";

export interface Target {
  owner: string;
  repo: string;
  /** The PR's number (an issue number to the comments API). */
  issue: number;
}

/** Events whose payload names a pull request. */
const PR_EVENTS = new Set([
  "pull_request",
  "pull_request_target",
  "pull_request_review",
  "pull_request_review_comment",
]);

export function pullRequestTarget(env: NodeJS.ProcessEnv): Target | undefined {
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
  const name = env.GITHUB_EVENT_NAME ?? "";
  if (!owner || !repo || !env.GITHUB_EVENT_PATH) return undefined;
  const payload = readPayload(env.GITHUB_EVENT_PATH) as {
    pull_request?: { number?: unknown };
    issue?: { number?: unknown; pull_request?: unknown };
  };
  let n: unknown;
  if (PR_EVENTS.has(name)) n = payload.pull_request?.number;
  // A comment on a pull request arrives as an issue_comment whose issue has a `pull_request` key.
  else if (name === "issue_comment" && payload.issue?.pull_request) n = payload.issue.number;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? { owner, repo, issue: n } : undefined;
}

/** The event payload the runner wrote; `{}` when there is none or it does not parse. Read once. */
export function readPayload(file: string | undefined): unknown {
  if (!file) return {};
  let payload = payloads.get(file);
  if (payload === undefined) {
    try {
      payload = JSON.parse(readFileSync(file, "utf8")) as unknown;
    } catch {
      payload = {};
    }
    payloads.set(file, payload);
  }
  return payload;
}

/** The gates and the comment each need the payload: the runner writes it once, before the step. */
const payloads = new Map<string, unknown>();

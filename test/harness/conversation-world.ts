/**
 * What the conversation e2e tests share (test/e2e/conversation*.test.ts): GitHub's own webhook payloads
 * (@octokit/webhooks-examples), and one run of the bundle against the fake agent and a GitHub stand-in
 * seeded with a thread (comments, review comments, collaborators' permissions, a pull request's files).
 */
import { createRequire } from "node:module";
import { type GitHubApi, type SeedComment, startGitHubApi } from "./github-api.js";
import { type ActionResult, type RunActionOptions, runAction } from "./run-action.js";

export const KEY = "key_0123456789abcdef0123456789abcdef";
export const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const webhooks = createRequire(import.meta.url)("@octokit/webhooks-examples") as {
  name: string;
  examples: { action?: string }[];
}[];

/** The fields of GitHub's example payloads these tests set or read (each event has its own of them). */
export interface Payload extends Record<string, unknown> {
  issue: { number: number; title?: string; body?: string | null; pull_request?: unknown };
  comment: {
    id: number;
    body: string;
    path: string;
    line: number;
    diff_hunk: string;
    html_url: string;
    start_line?: number | null;
    in_reply_to_id?: number;
  };
  sender: { login: string };
  pull_request: { number: number; title?: string; body?: string | null };
  review: { body: string | null };
}

export function example(event: string, action: string, index = 0): Payload {
  const found = webhooks.find((e) => e.name === event)?.examples.filter((x) => x.action === action)[index];
  if (!found) throw new Error(`no example payload for ${event} ${action}`);
  return structuredClone(found) as Payload;
}

export const PERMISSIONS = { Codertocat: "admin", alice: "write", reader: "read" } as const;

export interface Run {
  r: ActionResult;
  api: GitHubApi;
}

export interface ConverseOptions {
  comments?: SeedComment[];
  pulls?: number[];
  files?: Record<number, { filename: string }[]>;
  /** What the stand-in holds besides (a review thread). */
  setup?: (api: GitHubApi) => void;
  /** The run's own options over the defaults (inputs, env, scenario). */
  run?: Partial<RunActionOptions>;
}

export async function converse(
  eventName: string,
  payload: Record<string, unknown>,
  opts: ConverseOptions = {},
): Promise<Run> {
  const api = await startGitHubApi({
    token: TOKEN,
    permissions: { ...PERMISSIONS },
    comments: opts.comments,
    pullRequests: opts.pulls,
    pullFiles: opts.files,
  });
  opts.setup?.(api);
  try {
    const r = await runAction({
      scenario: {},
      eventName,
      eventPayload: payload,
      apiUrl: api.url,
      githubToken: TOKEN,
      ...opts.run,
      inputs: { "protect-config": "false", comment: "false", ...opts.run?.inputs },
      env: { CURSOR_API_KEY: KEY, ...opts.run?.env },
    });
    return { r, api };
  } finally {
    await api.close();
  }
}

/** The answers the action wrote on an issue or pull request (its hidden answer marker first). */
export const answersOn = (api: GitHubApi, issue: number) =>
  api
    .commentsOn(issue)
    .filter((c) => /^<!-- cursor-agent-action comment-key="[^"]*\/answer" -->/.test(c.body));

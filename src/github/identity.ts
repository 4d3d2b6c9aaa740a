/**
 * Which comments, reviews and review comments the action itself wrote: one rule, for the sticky comment
 * (./comment.ts: the one it edits) and for the review's fingerprints (../review/post.ts: the findings it
 * leaves out as posted before).
 *
 * Trust boundary: our hidden markers are plain text, and anyone who can comment on the pull request (its
 * author among them) can paste one. So the marker alone never makes an item ours: its author must be the
 * identity the action writes as. A personal token can say who it is (`GET /user`): then only that account's
 * items are ours. An installation token (`GITHUB_TOKEN`, a GitHub App's) cannot (GitHub answers 403), and
 * writes as a bot whose login we cannot know (`github-actions[bot]`, `my-app[bot]`): then a bot's items are
 * ours, a person's (a `User` account) never.
 */
import { createHash } from "node:crypto";
import type { Author } from "./api.js";

/**
 * Written by the identity the action writes as. `me` is the token's login when `GET /user` told it (a
 * personal token), undefined when it could not (an installation token).
 */
export function writtenByUs(item: { user?: Author | null }, me: string | undefined): boolean {
  return me !== undefined ? item.user?.login === me : item.user?.type === "Bot";
}

/** An answer of `GET /user`: `final` when asking again would get the same one. */
interface Answer {
  login: string | undefined;
  final: boolean;
}

/** By token and API: the clients of one run (the review's, the report's, the progress comment's) share it. */
const answers = new Map<string, Promise<Answer>>();

/**
 * The token's login (`ask`: `GET /user`), undefined when GitHub will not say (an installation token's 403) or
 * the request failed. Asked once per token for the run, not once per client: the review, the report and the
 * progress comment each make their own client (the progress comment's is best-effort, with a signal of its
 * own), all with the same token, and the answer is the token's, not the client's.
 *
 * Only a final answer is kept: a login (200), or a refusal (401; a 403 that is not a rate limit). A failure
 * that another request might not meet (an abort, a network error, a 5xx, a rate limit: the best-effort client
 * neither retries nor waits) answers undefined to that caller alone, as before, and the next one asks again;
 * kept, it would take a personal token for a bot's for the rest of the run.
 */
export async function whoAmIOnce(
  token: string,
  apiUrl: string | undefined,
  ask: () => Promise<string>,
): Promise<string | undefined> {
  // A digest, not the token itself, as the key: no other copy of the secret is kept.
  const key = createHash("sha256")
    .update(`${apiUrl ?? ""}\n${token}`)
    .digest("hex");
  const known = answers.get(key);
  if (known) {
    const a = await known;
    if (a.final) return a.login;
  }
  const asking = ask().then(
    (login): Answer => ({ login, final: true }),
    (e: unknown): Answer => ({ login: undefined, final: refused(e) }),
  );
  answers.set(key, asking);
  const a = await asking;
  if (!a.final && answers.get(key) === asking) answers.delete(key);
  return a.login;
}

/** GitHub refused the token this (401, or a 403 that is no rate limit): it would again. */
function refused(e: unknown): boolean {
  const { status, message, response } = e as {
    status?: number;
    message?: string;
    response?: { headers?: Record<string, string | undefined> };
  };
  if (status === 401) return true;
  if (status !== 403) return false;
  const headers = response?.headers ?? {};
  const limited =
    headers["retry-after"] !== undefined ||
    headers["x-ratelimit-remaining"] === "0" ||
    /rate limit/i.test(message ?? "");
  return !limited;
}

/**
 * The sticky PR comment: one per key, found by a hidden marker and its author, updated in place.
 * Pure but for the client handed in (src/github/client.ts, or a test's).
 *
 * Whose comment is ours: the marker is not enough (anyone can paste it), its author must be the action's
 * identity (./identity.ts): a personal token's own comments, else a bot's. A comment by a person (a `User`
 * account) is never edited without a personal token of that person.
 */
import type { CommentClient, IssueComment } from "./api.js";
import type { IssueRef } from "./context.js";
import { writtenByUs } from "./identity.js";
import { marker } from "./marker.js";

export interface CommentResult {
  id: number;
  url: string;
  action: "created" | "updated";
}

export async function upsertComment(
  client: CommentClient,
  t: IssueRef,
  key: string,
  body: string,
): Promise<CommentResult> {
  const mark = marker(key);
  const me = await client.whoAmI();
  const ours = (c: IssueComment) => c.body?.startsWith(mark) === true && writtenByUs(c, me);
  const full = `${mark}\n${body}`;
  for await (const c of client.comments(t)) {
    if (!ours(c)) continue;
    try {
      const updated = await client.update(t, c.id, full);
      return { id: updated.id, url: updated.html_url, action: "updated" };
    } catch (e) {
      // Another app's bot wrote this one (its token may not edit it): look on, then write our own.
      const status = (e as { status?: number }).status;
      if (status !== 403 && status !== 404) throw e;
    }
  }
  const created = await client.create(t, full);
  return { id: created.id, url: created.html_url, action: "created" };
}

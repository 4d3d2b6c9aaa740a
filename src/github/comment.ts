/**
 * The sticky PR comment: one per key, found by a hidden marker and its author, updated in place.
 * Pure but for the client handed in (src/github/client.ts, or a test's).
 */
import type { CommentClient } from "./api.js";
import type { IssueRef } from "./context.js";
import { marker } from "./marker.js";

export interface CommentResult {
  url: string;
  action: "created" | "updated";
}

/** A GITHUB_TOKEN (an app installation token) cannot ask who it is: its comments are this bot's. */
const DEFAULT_AUTHOR = "github-actions[bot]";

export async function upsertComment(
  client: CommentClient,
  t: IssueRef,
  key: string,
  body: string,
): Promise<CommentResult> {
  const mark = marker(key);
  const author = (await client.whoAmI()) ?? DEFAULT_AUTHOR;
  const full = `${mark}\n${body}`;
  for await (const c of client.comments(t)) {
    // Marker and author both: anyone can paste our marker into a comment of their own.
    if (c.body?.startsWith(mark) && c.user?.login === author) {
      const updated = await client.update(t, c.id, full);
      return { url: updated.html_url, action: "updated" };
    }
  }
  const created = await client.create(t, full);
  return { url: created.html_url, action: "created" };
}

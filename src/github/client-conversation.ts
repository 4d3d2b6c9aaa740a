/**
 * The client's requests for conversation mode (src/run/conversation.ts, src/publish/answer.ts): the 👀, a
 * comment read again, a reply in a review comment's thread. Part of ./client.ts's client.
 */
import type { getOctokit } from "@actions/github";
import type { GitHubClient } from "./api.js";

export function conversationMethods(
  octokit: ReturnType<typeof getOctokit>,
): Pick<GitHubClient, "react" | "commentNow" | "reply"> {
  return {
    async react(r, on, content) {
      const { owner, repo } = r;
      if (on.kind === "issue") {
        await octokit.rest.reactions.createForIssue({ owner, repo, issue_number: on.issue, content });
      } else if (on.kind === "issue-comment") {
        await octokit.rest.reactions.createForIssueComment({ owner, repo, comment_id: on.id, content });
      } else {
        await octokit.rest.reactions.createForPullRequestReviewComment({
          owner,
          repo,
          comment_id: on.id,
          content,
        });
      }
    },
    async commentNow(r, kind, id) {
      const { owner, repo } = r;
      try {
        const { data } =
          kind === "issue-comment"
            ? await octokit.rest.issues.getComment({ owner, repo, comment_id: id })
            : await octokit.rest.pulls.getReviewComment({ owner, repo, comment_id: id });
        return data.body ?? "";
      } catch (e) {
        if ((e as { status?: number }).status === 404) return undefined;
        throw e;
      }
    },
    async reply(t, commentId, body) {
      const { data } = await octokit.rest.pulls.createReplyForReviewComment({
        owner: t.owner,
        repo: t.repo,
        pull_number: t.issue,
        comment_id: commentId,
        body,
      });
      return data;
    },
  };
}

/**
 * The GitHub REST client: octokit with the retry plugin (5xx and rate limits are retried; 4xx are not).
 * Loaded with a dynamic import only when it is needed: octokit is most of the bundle's start-up cost.
 */
import { getOctokit } from "@actions/github";
import { retry } from "@octokit/plugin-retry";
import type { GitHubClient } from "./api.js";

export function createGitHubClient(token: string, apiUrl?: string): GitHubClient {
  const octokit = getOctokit(
    token,
    { baseUrl: apiUrl, retry: { doNotRetry: [400, 401, 403, 404, 422] } },
    retry,
  );
  return {
    async permission(owner, repo, username) {
      try {
        const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username });
        return { permission: data.permission, role: data.role_name };
      } catch (e) {
        if ((e as { status?: number }).status === 404) return undefined;
        throw e;
      }
    },
    async pullBase(owner, repo, n) {
      const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: n });
      return data.base.sha;
    },
    async whoAmI() {
      try {
        const { data } = await octokit.rest.users.getAuthenticated();
        return data.login;
      } catch {
        return undefined;
      }
    },
    async *comments(t) {
      const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
        owner: t.owner,
        repo: t.repo,
        issue_number: t.issue,
        per_page: 100,
      });
      for await (const page of pages) yield* page.data;
    },
    async create(t, body) {
      const { data } = await octokit.rest.issues.createComment({
        owner: t.owner,
        repo: t.repo,
        issue_number: t.issue,
        body,
      });
      return data;
    },
    async update(t, id, body) {
      const { data } = await octokit.rest.issues.updateComment({
        owner: t.owner,
        repo: t.repo,
        comment_id: id,
        body,
      });
      return data;
    },
  };
}

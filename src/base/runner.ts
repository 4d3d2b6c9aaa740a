/** What the runner's own variables say about this run (GitHub's default environment variables). */

/** The link to this run's attempt, when the runner says where it is. */
export function runAttemptUrl(env: NodeJS.ProcessEnv): string | undefined {
  const {
    GITHUB_SERVER_URL: server,
    GITHUB_REPOSITORY: repo,
    GITHUB_RUN_ID: id,
    GITHUB_RUN_ATTEMPT: attempt,
  } = env;
  if (!server || !repo || !id) return undefined;
  return `${server}/${repo}/actions/runs/${id}${attempt ? `/attempts/${attempt}` : ""}`;
}

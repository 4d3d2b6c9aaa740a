/**
 * A failed request of a delivery as one line, with the fix where there is one: the permission a 403 says
 * is missing (GitHub names it in `x-accepted-github-permissions`), and the repository setting that keeps
 * the Actions token from opening pull requests.
 */

/** What the delivery was doing: the permission it needs, by GitHub's and the workflow's names. */
export type Step = "read" | "write" | "pull";

const PERMISSION: Record<Step, string> = {
  read: "contents: read",
  write: "contents: write",
  pull: "pull-requests: write",
};

/** GitHub's answer when "Allow GitHub Actions to create and approve pull requests" is off. */
const ACTIONS_MAY_NOT_OPEN = /GitHub Actions is not permitted to create or approve pull requests/i;

interface ApiError {
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | undefined> };
}

export function problem(step: Step, e: unknown): string {
  const err = (e ?? {}) as ApiError;
  // octokit ends GitHub's message with " - <documentation url>": the message is GitHub's words alone.
  const first = String(err.message ?? e).split("\n")[0] ?? "";
  const message = first.replace(/ - https:\/\/\S+$/, "").slice(0, 300);
  const said = `${err.status ? `HTTP ${err.status}: ` : ""}${message}`;
  if (ACTIONS_MAY_NOT_OPEN.test(String(err.message ?? ""))) {
    return `GitHub refused to open the pull request (${said}): turn on the repository's setting "Allow GitHub Actions to create and approve pull requests" (Settings → Actions → General), or give a token that may`;
  }
  if (err.status === 403 || err.status === 404) {
    const accepted = err.response?.headers?.["x-accepted-github-permissions"];
    const named = accepted ? namedPermission(accepted) : PERMISSION[step];
    return `GitHub refused the delivery (${said}): give the job \`permissions: ${named}\` (for a pull request also \`pull-requests: write\`), or a github-token that has it`;
  }
  if (err.status === 401) return `GitHub refused the delivery (${said}): check github-token`;
  return `the delivery failed (${said})`;
}

/** `contents=write` → `contents: write`; `pull_requests=write` → `pull-requests: write`. */
function namedPermission(header: string): string {
  const first = header.split(/[,;]/)[0]?.trim() ?? "";
  const [name = "", level = "write"] = first.split("=");
  return `${name.replace(/_/g, "-")}: ${level}`;
}

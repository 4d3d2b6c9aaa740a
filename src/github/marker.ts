/** The hidden marker that makes a comment ours: its start is also what the loop guard looks for. */
export const MARKER_PREFIX = "<!-- cursor-agent-action comment-key=";

export function marker(key: string): string {
  // The key is the workflow's text, but it must not end the HTML comment early.
  const safe = key.replace(/--+>?|[<>"\r\n]/g, "_");
  return `${MARKER_PREFIX}"${safe}" -->`;
}

/**
 * Trust boundary: nothing that leaves the runner (job summary, PR comment, outputs meant for them) may
 * carry a secret. The runner's masks only cover the log (docs/runner.md "Masks"), so we redact ourselves,
 * before any truncation, so that a cut can never leave half a secret behind.
 */

/** Token shapes worth redacting even when nobody told us they were secret. */
const TOKEN_SHAPES = [
  // No word boundaries around the distinctive prefixes: a token glued to other text (`Dghp_…`,
  // `ghp_…_x`) is still a token (the fuzzer found the first).
  /gh[pousr]_[A-Za-z0-9]{30,}/g, // GitHub tokens: personal, OAuth, user-to-server, server-to-server, refresh
  /github_pat_[A-Za-z0-9_]{30,}/g, // fine-grained personal access tokens
  /key_[A-Fa-f0-9]{32,}/g, // Cursor API keys
  /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}\b/g, // OpenAI / Anthropic style keys
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key ids
  /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/g, // Slack tokens
];

export const REDACTED = "***";

export type Redact = (text: string) => string;

export function createRedactor(secrets: (string | undefined)[]): Redact {
  // Longest first, so a secret that contains another is replaced whole.
  const known = [
    ...new Set(secrets.filter((s): s is string => typeof s === "string" && s.trim().length >= 4)),
  ]
    .flatMap((s) => [s, ...s.split(/\r?\n/).filter((l) => l.trim().length >= 4)])
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const s of known) if (out.includes(s)) out = out.replaceAll(s, REDACTED);
    for (const re of TOKEN_SHAPES) out = out.replace(re, REDACTED);
    return out;
  };
}

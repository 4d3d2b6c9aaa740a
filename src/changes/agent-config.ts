/**
 * The agent's own configuration: every file the Cursor CLI reads from the workspace as its permissions,
 * instructions, servers or hooks (docs/stream-format.md "What the CLI reads from the workspace"). Two
 * guards read this one list: protect-config (gates/protect-config.ts: a pull request must not change it
 * before the agent starts) and a delivery's default protected paths (changes/protected-paths.ts: the
 * agent must not deliver a change to it).
 */

import { escapeRegExp } from "../base/regexp.js";

export interface ConfigPath {
  /** Repository-relative, and counted at any depth: the CLI reads nested rules; the rest is guarded wherever it lies. */
  path: string;
  /** Everything under it too (a directory the CLI reads), and a file of that name. */
  tree: boolean;
  why: string;
}

export const AGENT_CONFIG: readonly ConfigPath[] = [
  {
    path: ".cursor",
    tree: true,
    why: "rules, cli.json permissions, sandbox.json, mcp.json, hooks.json, skills, worktrees.json",
  },
  { path: "AGENTS.md", tree: false, why: "rules" },
  { path: "CLAUDE.md", tree: false, why: "rules" },
  { path: ".cursorrules", tree: false, why: "rules" },
  { path: ".cursorignore", tree: false, why: "what the agent may read" },
  { path: ".mcp.json", tree: false, why: "MCP servers" },
  { path: ".claude", tree: true, why: "Claude Code hooks (settings.json, settings.local.json) and skills" },
  { path: ".agents/skills", tree: true, why: "skills" },
  { path: ".codex/skills", tree: true, why: "skills" },
  { path: ".envrc", tree: false, why: "loaded by the agent's shell through direnv" },
];

// Exact bytes, as git lists them: protect-config restores what the CLI reads on the runner's own file system.
const MATCHERS = AGENT_CONFIG.map((e) => new RegExp(`(^|/)${escapeRegExp(e.path)}${e.tree ? "(/|$)" : "$"}`));

/** Whether a repository-relative, `/`-separated path is agent configuration (case-sensitive). */
export function isAgentConfig(p: string): boolean {
  return MATCHERS.some((re) => re.test(p));
}

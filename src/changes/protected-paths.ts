/**
 * Input `protected-paths`: the paths a delivery never carries (src/deliver/). A minimal version of the
 * interface, kept until the `protected` brief's own lands (it replaces this file whole).
 */
import { InputError } from "../base/errors.js";

/** What the literal line `default` stands for: the workflows, the agent's own configuration, CODEOWNERS. */
const DEFAULT_PATTERNS: readonly string[] = [
  ".github/workflows/**",
  "**/.cursor/**",
  "**/AGENTS.md",
  "**/CLAUDE.md",
  "**/.cursorrules",
  "**/.cursorignore",
  "**/.mcp.json",
  "**/.claude/**",
  "**/.envrc",
  "CODEOWNERS",
  ".github/CODEOWNERS",
  "docs/CODEOWNERS",
];

/** The input's text as glob patterns, one a line; `default` expands; "" → [] (the guard off). */
export function parseProtectedPaths(input: string): readonly string[] {
  const out: string[] = [];
  for (const raw of input.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    if (line === "default") out.push(...DEFAULT_PATTERNS);
    else if (line.includes("\0")) throw new InputError("protected-paths", "a pattern holds a NUL byte");
    else out.push(line.replace(/^\/+/, ""));
  }
  return out;
}

/** The changed paths that a pattern matches. */
export function protectedAmong(paths: readonly string[], patterns: readonly string[]): string[] {
  const res = patterns.map(globToRegExp);
  return paths.filter((p) => res.some((re) => re.test(p)));
}

/** `**` any run of directories, `*` and `?` within one part of the path. */
function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*" && glob[i + 1] === "*") {
      const slash = glob[i + 2] === "/";
      re += slash ? "(?:.*/)?" : ".*";
      i += slash ? 2 : 1;
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`, "s");
}

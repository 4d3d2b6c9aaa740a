/**
 * The ACL grants that let the agent's user reach what it needs. With its own view (agent-view.ts) they are
 * a few: passage (x) through the directories above the workspace, its home and its install that no cover
 * hides and that others may not pass already. Without one, as before: the install readable, and the whole
 * workspace writable with a default ACL for what it creates, each recursive, so ~30 µs a file.
 */
import { statSync } from "node:fs";
import path from "node:path";

export interface Grant {
  grant: string[];
  revoke: string[];
  why: string;
}

export interface GrantInput {
  workspace: string;
  /** The agent's uid and gid (as numbers: with its own view it has no account). */
  user: string;
  group: string;
  installDir: string | undefined;
  /** With the agent's own view: the directories a cover hides need no passage, nothing needs more. */
  viewed?: { hidden: (dir: string) => boolean };
}

/**
 * In this order, later grants winning: passage through the directories above, then the agent's install
 * readable, then the workspace writable (the install may hold the workspace, or the other way round).
 */
export function grantsFor({ workspace, user, group, installDir, viewed }: GrantInput): Grant[] {
  const u = `u:${user}`;
  const out: Grant[] = [];
  for (const dir of new Set([...ancestors(workspace), ...(installDir ? ancestors(installDir) : [])])) {
    if (viewed && (viewed.hidden(dir) || passable(dir))) continue;
    out.push({
      grant: ["-m", `${u}:x`, dir],
      revoke: ["-x", u, dir],
      why: "let it reach the workspace and the agent",
    });
  }
  if (viewed) return out;
  // The install is the whole directory (a launcher, a bundled node, its modules): readable, passable.
  if (installDir) {
    out.push({
      grant: ["-R", "-m", `${u}:rX`, installDir],
      revoke: ["-R", "-x", u, installDir],
      why: "let it run the agent",
    });
  }
  // Taken back with the entries the agent may have added for its own group on its own files.
  const g = `g:${group}`;
  out.push({
    grant: ["-R", "-m", `${u}:rwX`, "-m", `d:${u}:rwX`, workspace],
    revoke: ["-R", "-x", u, "-x", `d:${u}`, "-x", g, "-x", `d:${g}`, workspace],
    why: "make the workspace writable to it",
  });
  return out;
}

/** Others may pass it already (its mode's o+x): an ACL entry would add nothing. */
function passable(dir: string): boolean {
  try {
    return (statSync(dir).mode & 0o001) !== 0;
  } catch {
    return false;
  }
}

/** The directories above `p`, from its parent up to the root. */
export function ancestors(p: string): string[] {
  const out: string[] = [];
  for (let d = path.dirname(p); d !== path.dirname(d); d = path.dirname(d)) out.push(d);
  return out;
}

/**
 * The working tree's changes as git sees them, under the workspace: `status` (untracked files included)
 * and `diff --numstat` against HEAD. Both can run the repository's filters and diff drivers, so each
 * gets them switched off, read anew ({@link Repo.drivers}).
 */
import { LIST_MAX_BYTES, type Repo } from "./repo.js";

/**
 * A gitlink (a submodule, or a nested repository the agent entered in the index) is not looked into: git
 * would start a child git in it, which reads the nested repository's own config (its filters) and none of
 * our overrides of them. Its changes are not the workspace's files anyway.
 */
const IGNORE_SUBMODULES = "--ignore-submodules=all";

/** One `git status --porcelain=v1` entry; `path` relative to the workspace. */
export interface StatusEntry {
  path: string;
  /** The two-letter XY code: ` M`, `??`, ` D`, `A `, … */
  code: string;
}

/**
 * Whether git has the entry at HEAD's side of the index: all but an untracked file (`??`). The status is
 * asked without `--ignored`, so no entry is an ignored one.
 */
export function isTracked(e: StatusEntry): boolean {
  return e.code !== "??";
}

/** One `git diff --numstat HEAD` entry; `path` relative to the workspace. */
export interface NumstatEntry {
  path: string;
  added: number;
  removed: number;
  binary: boolean;
}

export async function workTreeStatus(repo: Repo): Promise<StatusEntry[]> {
  // The drivers first, and status without waiting for where the workspace sits: before the agent starts
  // (the snapshot) this is the chain the agent waits on, and the prefix is needed only to read the output.
  const config = repo.drivers();
  const prefix = repo.prefix();
  // Read once status is done; never an unhandled rejection meanwhile.
  prefix.catch(() => undefined);
  const r = await repo.git(
    ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", IGNORE_SUBMODULES, "--", "."],
    {
      maxBytes: LIST_MAX_BYTES,
      config: await config,
    },
  );
  if ((await prefix) === undefined || r.code !== 0 || r.truncated) return [];
  const rel = await repo.underWorkspace();
  const out: StatusEntry[] = [];
  for (const rec of r.stdout.toString("utf8").split("\0")) {
    if (rec.length < 4) continue;
    const p = rel(rec.slice(3));
    if (p !== undefined) out.push({ code: rec.slice(0, 2), path: p });
  }
  return out;
}

/**
 * Past this many paths (or bytes of them) the whole workspace is diffed instead: one argument list stays
 * far below the system's limit, and git lists the same counts either way.
 */
const MAX_NAMED_PATHS = 500;
const MAX_NAMED_BYTES = 128 * 1024;
/** Git's pathspec magic for a name taken as written. */
const LITERAL = ":(literal)";

export async function workTreeNumstat(repo: Repo, relPaths?: string[]): Promise<NumstatEntry[]> {
  const [prefix, config] = await Promise.all([repo.prefix(), repo.drivers()]);
  if (prefix === undefined) return [];
  const r = await repo.git(
    [
      "diff",
      "--numstat",
      "-z",
      "--no-renames",
      "--no-ext-diff",
      "--no-textconv",
      IGNORE_SUBMODULES,
      "HEAD",
      "--",
      ...pathspecs(relPaths),
    ],
    { maxBytes: LIST_MAX_BYTES, config },
  );
  // No HEAD yet (a repository without commits) fails here: every change is then a new file.
  if (r.code !== 0 || r.truncated) return [];
  const rel = await repo.underWorkspace();
  const out: NumstatEntry[] = [];
  for (const rec of r.stdout.toString("utf8").split("\0")) {
    const m = /^(-|\d+)\t(-|\d+)\t(.+)$/s.exec(rec);
    if (!m) continue;
    const p = rel(m[3]!);
    if (p === undefined) continue;
    const binary = m[1] === "-" || m[2] === "-";
    out.push({ path: p, added: binary ? 0 : Number(m[1]), removed: binary ? 0 : Number(m[2]), binary });
  }
  return out;
}

/**
 * The workspace (`.`), or each path named literally: a name is the agent's, and `*`, `?`, `[` or a leading
 * `:` in it must not widen or change what git looks at.
 */
function pathspecs(relPaths: string[] | undefined): string[] {
  if (relPaths === undefined) return ["."];
  const named = relPaths.map((p) => `${LITERAL}${p}`);
  const bytes = named.reduce((n, p) => n + Buffer.byteLength(p) + 1, 0);
  return named.length > MAX_NAMED_PATHS || bytes > MAX_NAMED_BYTES ? ["."] : named;
}

/**
 * Where a thread's chat lives: its cache keys, and the CLI's own place for it on disk.
 *
 * Keys: `cursor-agent-chat/<owner>/<repo>/<number>/<run>-<attempt>`. Each run saves a new entry (an entry
 * is never overwritten), and the next run restores the newest whose key starts with the thread's prefix.
 * The prefix ends with `/`, a character no owner, repository name or number holds, so no thread's prefix
 * is the start of another's: `…/12/` is not a prefix of `…/123/`, nor `o/x/` of `o/x-pr/`.
 *
 * On disk (docs/session.md): the CLI keeps each chat in `<config dir>/chats/<md5 of the workspace path>/<chat
 * id>/` (a SQLite `store.db` with its `-wal` and `-shm`), the config dir being `$CURSOR_CONFIG_DIR`, else
 * `$XDG_CONFIG_HOME/cursor`, else `~/.cursor`; `--resume <id>` looks for the chat there.
 */
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import path from "node:path";

/** A pull request's or an issue's thread (one number space on GitHub). */
export interface Thread {
  owner: string;
  repo: string;
  number: number;
}

const KEY_ROOT = "cursor-agent-chat";
/** GitHub's owner and repository names: letters, digits, `.`, `_`, `-`. */
const NAME = /^[A-Za-z0-9._-]{1,100}$/;

/** The prefix every entry of this thread's chat starts with, and no other thread's does. */
export function threadPrefix(t: Thread): string {
  if (!NAME.test(t.owner) || !NAME.test(t.repo) || !Number.isSafeInteger(t.number) || t.number <= 0) {
    throw new Error(`not a thread: ${t.owner}/${t.repo}#${t.number}`);
  }
  return `${KEY_ROOT}/${t.owner}/${t.repo}/${t.number}/`;
}

/** This run's own key: a new entry per run and attempt (GitHub never overwrites one). */
export function runKey(t: Thread, env: NodeJS.ProcessEnv, now: number): string {
  const run = [env.GITHUB_RUN_ID, env.GITHUB_RUN_ATTEMPT].filter((s) => s && /^\d+$/.test(s)).join("-");
  // Without a run id (a local run), the time tells runs apart.
  return `${threadPrefix(t)}${run || "local"}-${now}`;
}

/**
 * A chat id as the CLI gives it (a UUID): it becomes an argument (`--resume`) and a directory name, so
 * anything else (a path, an option, a name that is not one) is refused.
 */
export function isChatId(id: unknown): id is string {
  return typeof id === "string" && /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/.test(id);
}

/** The CLI's config dir, as the agent's environment makes it. */
function configDir(agentEnv: NodeJS.ProcessEnv): string {
  const own = agentEnv.CURSOR_CONFIG_DIR?.trim();
  if (own) return own;
  const xdg = agentEnv.XDG_CONFIG_HOME?.trim();
  if (xdg) return path.join(xdg, "cursor");
  return path.join(agentEnv.HOME ?? "", ".cursor");
}

/** The directory of the workspace's chats: the CLI names it by the md5 of the workspace's real path. */
export function workspaceChats(agentEnv: NodeJS.ProcessEnv, workspace: string): string {
  let real = workspace;
  try {
    real = realpathSync(workspace);
  } catch {
    // A workspace that cannot be resolved is named as given, as the CLI would.
  }
  const hash = createHash("md5").update(real).digest("hex");
  return path.join(configDir(agentEnv), "chats", hash);
}

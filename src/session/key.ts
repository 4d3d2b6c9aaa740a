/**
 * Where a thread's chat lives: its cache keys, and the CLI's own place for it on disk.
 *
 * Keys: `cursor-agent-chat/<owner>/<repo>/<number>/<run>-<attempt>`. Each run saves a new entry (an entry
 * is never overwritten), and the next run restores the newest whose key starts with the thread's prefix.
 * The prefix ends with `/`, a character no owner, repository name or number holds, so no thread's prefix
 * is the start of another's: `…/12/` is not a prefix of `…/123/`, nor `o/x/` of `o/x-pr/`.
 *
 * On disk (docs/session.md): the CLI keeps each chat in `<state dir>/chats/<md5 of the workspace path>/<chat
 * id>/` (a SQLite `store.db` with its `-wal` and `-shm`), and `--resume <id>` looks for it there. Which
 * directory is the state dir differs between builds (older ones: `~/.cursor` always; newer ones read
 * `CURSOR_CONFIG_DIR`, `CURSOR_DATA_DIR` and `XDG_CONFIG_HOME`, in an order nobody has pinned down), so
 * every place a build may use is a candidate.
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

/**
 * Every state dir a build of the CLI may use under the agent's environment, without repeats, in the order
 * a tie between two copies of a chat is settled: `$CURSOR_CONFIG_DIR`, `$CURSOR_DATA_DIR`,
 * `$XDG_CONFIG_HOME/cursor`, `~/.cursor` (`$HOME`'s: the CLI's homedir() reads it first). A blank variable
 * is unset; a relative one is the agent's working directory's (the workspace), as the CLI's own fs would
 * take it. Without a HOME, no `~/.cursor` can be named.
 */
export function statePlaces(agentEnv: NodeJS.ProcessEnv, cwd: string): string[] {
  const set = (v: string | undefined) => (v?.trim() ? v : undefined);
  const xdg = set(agentEnv.XDG_CONFIG_HOME);
  const home = set(agentEnv.HOME);
  const places = [
    set(agentEnv.CURSOR_CONFIG_DIR),
    set(agentEnv.CURSOR_DATA_DIR),
    xdg && path.join(xdg, "cursor"),
    home && path.join(home, ".cursor"),
  ];
  return [...new Set(places.filter((p) => p !== undefined).map((p) => path.resolve(cwd, p)))];
}

/** The workspace's name among a state dir's chats: the md5 of its real path, as the CLI names it. */
function workspaceName(workspace: string): string {
  let real = workspace;
  try {
    real = realpathSync(workspace);
  } catch {
    // A workspace that cannot be resolved is named as given, as the CLI would.
  }
  return createHash("md5").update(real).digest("hex");
}

/** Where a state dir keeps a chat of the workspace (the md5 of the workspace's real path names it). */
export function chatIn(stateDir: string, workspace: string, id: string): string {
  return path.join(stateDir, "chats", workspaceName(workspace), id);
}

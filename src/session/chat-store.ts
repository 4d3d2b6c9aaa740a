/**
 * A chat's files between the CLI's store and the action's staging directory (what the cache saves and
 * restores). The store is the agent's: under `unprivileged-user` it is in the agent's own home, which only
 * that user can reach, and whatever is in it was written by the agent. So each side of a copy runs as the
 * user who owns it: `tar` reads the chat as the agent's user and writes it as the agent's user, and the
 * action's `tar` only ever reads and writes the staging directory. A link the agent left to a file of the
 * action's is then read, if at all, with the agent's own rights; and the staging tree is checked before it
 * is saved or handed back: directories and regular files only, within bounds.
 */
import { type StdioOptions, spawn } from "node:child_process";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";

/** A chat's store: a SQLite database and its journal, some MB; far more is not a chat. */
const MAX_CHAT_BYTES = 256 * 1024 * 1024;
const MAX_CHAT_ENTRIES = 1_000;

/** Whose side a copy's end is on: the agent's user (unprivileged-user), or the action's own. */
export interface Side {
  /** The agent's user, when it is not the action's. */
  user?: string;
  /** The action's effective uid: root switches user with setpriv, anyone else with sudo. */
  uid: number;
  PATH?: string;
}

/** Why `dir` is not a chat to keep (a link, a device, too much), or undefined. */
export async function checkTree(dir: string): Promise<string | undefined> {
  let entries = 0;
  let bytes = 0;
  const walk = async (d: string): Promise<string | undefined> => {
    const top = await lstat(d);
    if (!top.isDirectory()) return `${path.basename(d)} is not a directory`;
    for (const name of await readdir(d)) {
      const p = path.join(d, name);
      const s = await lstat(p);
      if (++entries > MAX_CHAT_ENTRIES) return `more than ${MAX_CHAT_ENTRIES} entries`;
      if (s.isDirectory()) {
        const why = await walk(p);
        if (why) return why;
      } else if (s.isFile()) {
        bytes += s.size;
        if (bytes > MAX_CHAT_BYTES) return `more than ${MAX_CHAT_BYTES / 1024 ** 2} MiB`;
      } else {
        return `${path.relative(dir, p)} is not a regular file nor a directory`;
      }
    }
    return undefined;
  };
  try {
    return await walk(dir);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  }
}

/**
 * Copies the directory `from` to `to` (replaced): `tar -c` as `reader`, piped to `tar -x` as `writer`.
 * Modes come from the writer's umask (077): the chat is its owner's alone. Rejects with tar's last words.
 */
export async function copyTree(from: string, reader: Side, to: string, writer: Side): Promise<void> {
  const env = { PATH: reader.PATH ?? process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" };
  const script =
    'umask 077 && rm -rf -- "$1" && mkdir -p -- "$1" && exec tar -x -f - --no-same-owner --no-same-permissions -C "$1"';
  const read = spawnAs(reader, ["tar", "-c", "-f", "-", "-C", from, "."], env, ["ignore", "pipe", "pipe"]);
  const write = spawnAs(writer, ["sh", "-c", script, "sh", to], env, ["pipe", "ignore", "pipe"]);
  read.child.stdout?.pipe(write.child.stdin as NodeJS.WritableStream);
  // The writer gone early (refused, failed): the reader's pipe breaks, which its exit says.
  write.child.stdin?.on("error", () => undefined);
  const [r, w] = await Promise.all([read.done, write.done]);
  if (w) throw new Error(`writing ${to}: ${w}`);
  if (r) throw new Error(`reading ${from}: ${r}`);
}

function spawnAs(side: Side, argv: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions) {
  const full = !side.user
    ? argv
    : side.uid === 0
      ? ["setpriv", `--reuid=${side.user}`, `--regid=${side.user}`, "--init-groups", "--", ...argv]
      : ["sudo", "-n", "-u", side.user, "--", ...argv];
  const [file, ...args] = full as [string, ...string[]];
  const child = spawn(file, args, { env, stdio });
  let err = "";
  child.stderr?.on("data", (d: Buffer) => {
    if (err.length < 4096) err += d.toString("utf8");
  });
  const done = new Promise<string | undefined>((resolve) => {
    child.on("error", (e) => resolve(e.message));
    child.on("close", (code, signal) => {
      if (code === 0) resolve(undefined);
      else resolve(err.trim().split("\n").pop() || `${file} exited ${signal ?? code}`);
    });
  });
  return { child, done };
}

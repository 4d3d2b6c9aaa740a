/**
 * A chat's files between the CLI's store and the action's staging directory (what the cache saves and
 * restores). The store is the agent's: under `unprivileged-user` it is in the agent's own home, which only
 * that user can reach, and whatever is in it was written by the agent. So each side of a copy runs as the
 * user who owns it: `tar` reads the chat as the agent's user and writes it as the agent's user, and the
 * action's `tar` only ever reads and writes the staging directory. A link the agent left to a file of the
 * action's is then read, if at all, with the agent's own rights; and the staging tree is checked before it
 * is saved or handed back: directories and regular files only, within bounds.
 *
 * Each copy is bounded before anything is checked (the checks come after it): tar's stream is counted as
 * it passes, and the copy ends once it holds more than a chat may (a 2 GiB sparse file is read as 2 GiB
 * of zeros: it is cut after the limit, not read whole), and by a deadline (`signal`), at which both tars
 * are killed and the copy given up without waiting for them: a process of the agent's user may stop
 * (SIGSTOP) the tar that reads as that user, which then never ends by itself.
 */

import { type StdioOptions, spawn } from "node:child_process";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { SYSTEM_PATH } from "../base/system-dirs.js";

/** A chat's store: a SQLite database and its journal, some MB; far more is not a chat. */
export const MAX_CHAT_BYTES = 256 * 1024 * 1024;
export const MAX_CHAT_ENTRIES = 1_000;
/** What tar adds to a chat's bytes: a header and padding a member, the end blocks, a record's padding. */
const MAX_TAR_OVERHEAD = (MAX_CHAT_ENTRIES + 1) * 2 * 512 + 20 * 512;
/**
 * A saved chat's cache entry at most, as downloaded before it is unpacked: the chat's bytes, what tar adds
 * (twice the above: the client's archives are pax, an extended header a member at most), and what
 * compression adds to bytes that do not compress (zstd's bound: a 256th; gzip's is less), with room for
 * `chat.json` and the compressor's own headers. More is not an entry the action saved: it is not read.
 */
export const MAX_CHAT_ENTRY_BYTES =
  MAX_CHAT_BYTES + 2 * MAX_TAR_OVERHEAD + Math.ceil(MAX_CHAT_BYTES / 256) + 64 * 1024;

/** Whose side a copy's end is on: the agent's user (unprivileged-user), or the action's own. */
export interface Side {
  /** The agent's user's uid and gid, when it is not the action's (by number: it may have no account). */
  user?: readonly [uid: number, gid: number];
  /** The action's effective uid: root switches user with setpriv, anyone else with sudo. */
  uid: number;
}

/** What a copy of a chat holds, as far as keeping it goes. */
export interface Survey {
  /** Why it is not a chat to keep (a link, a device, too much), or undefined. */
  refused?: string;
  /** Its latest modification, of a file or a directory (ms): tar keeps them, so a copy shows its source's. */
  newestMs: number;
}

/** Walks `dir` without following links: what it holds and when it last changed. */
export async function surveyTree(dir: string): Promise<Survey> {
  let entries = 0;
  let bytes = 0;
  let newestMs = 0;
  const walk = async (d: string): Promise<string | undefined> => {
    const top = await lstat(d);
    if (!top.isDirectory()) return `${path.basename(d)} is not a directory`;
    newestMs = Math.max(newestMs, top.mtimeMs);
    for (const name of await readdir(d)) {
      const p = path.join(d, name);
      const s = await lstat(p);
      if (++entries > MAX_CHAT_ENTRIES) return `more than ${MAX_CHAT_ENTRIES} entries`;
      if (s.isDirectory()) {
        const why = await walk(p);
        if (why) return why;
      } else if (s.isFile()) {
        bytes += s.size;
        newestMs = Math.max(newestMs, s.mtimeMs);
        if (bytes > MAX_CHAT_BYTES) return `more than ${MAX_CHAT_BYTES / 1024 ** 2} MiB`;
      } else {
        return `${path.relative(dir, p)} is not a regular file nor a directory`;
      }
    }
    return undefined;
  };
  try {
    const refused = await walk(dir);
    return refused ? { refused, newestMs } : { newestMs };
  } catch (e) {
    return { refused: (e as NodeJS.ErrnoException).code ?? (e as Error).message, newestMs };
  }
}

/** Why `dir` is not a chat to keep (a link, a device, too much), or undefined. */
export async function checkTree(dir: string): Promise<string | undefined> {
  return (await surveyTree(dir)).refused;
}

/**
 * Which of `dirs` are directories, as `side` sees them, and each one's physical path (`pwd -P`: two names of
 * one directory, through a link, are one). Asked as the side's own user, like the copies: the action never
 * follows the agent's links with its own rights. What `pwd` prints is the agent's to choose, so it serves
 * only to tell places apart, never as a path to use. Rejects when the probe itself fails.
 */
export async function realDirs(
  side: Side,
  dirs: readonly string[],
  signal: AbortSignal,
): Promise<(string | undefined)[]> {
  const script = `for d; do p=$(cd -- "$d" 2>/dev/null && pwd -P) && printf '%s' "$p"; printf '\\0'; done`;
  const probe = spawnAs(side, ["sh", "-c", script, "sh", ...dirs], ["ignore", "pipe", "pipe"], signal);
  const chunks: Buffer[] = [];
  probe.child.stdout?.on("data", (d: Buffer) => chunks.push(d));
  const failed = await probe.done;
  if (failed) throw new Error(`looking for the chat: ${failed}`);
  const found = Buffer.concat(chunks).toString("utf8").split("\0").slice(0, dirs.length);
  if (found.length !== dirs.length) throw new Error("looking for the chat: the answer was cut short");
  return found.map((p) => p || undefined);
}

/**
 * Copies the directory `from` to `to` (replaced): `tar -c` as `reader`, piped to `tar -x` as `writer`,
 * through the action, which counts it. Modes come from the writer's umask (077): the chat is its owner's
 * alone. Rejects with tar's last words, with "more than … MiB", or at `signal`.
 */
export async function copyTree(
  from: string,
  reader: Side,
  to: string,
  writer: Side,
  signal: AbortSignal,
): Promise<void> {
  const script =
    'umask 077 && rm -rf -- "$1" && mkdir -p -- "$1" && exec tar -x -f - --no-same-owner --no-same-permissions -C "$1"';
  const cut = new AbortController();
  const both = AbortSignal.any([signal, cut.signal]);
  // pax: file times to the nanosecond (the default format keeps whole seconds), so that of a chat's copies the
  // one the CLI wrote is the newest even when it wrote within the second the others were restored in (found.ts).
  const read = spawnAs(
    reader,
    ["tar", "-c", "--format=pax", "-f", "-", "-C", from, "."],
    ["ignore", "pipe", "pipe"],
    both,
  );
  const write = spawnAs(writer, ["sh", "-c", script, "sh", to], ["pipe", "ignore", "pipe"], both);
  let bytes = 0;
  const tooMuch = `more than ${MAX_CHAT_BYTES / 1024 ** 2} MiB`;
  read.child.stdout?.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_CHAT_BYTES + MAX_TAR_OVERHEAD) cut.abort(new Error(tooMuch));
  });
  read.child.stdout?.pipe(write.child.stdin as NodeJS.WritableStream);
  // The writer gone early (refused, failed): the reader's pipe breaks, which its exit says.
  write.child.stdin?.on("error", () => undefined);
  const [r, w] = await Promise.all([read.done, write.done]);
  if (cut.signal.aborted) throw new Error(tooMuch);
  if (w) throw new Error(`writing ${to}: ${w}`);
  if (r) throw new Error(`reading ${from}: ${r}`);
}

/**
 * `argv` as `side`'s user. At `signal` the child is killed (SIGKILL: a stopped one too) and its end not
 * waited for: under sudo the program is sudo's child, which a kill of sudo does not reach, and a pipe it
 * holds would keep the child's streams open (what is left of the agent's user is ended with it).
 */
function spawnAs(side: Side, argv: string[], stdio: StdioOptions, signal: AbortSignal) {
  const drop = side.user && [
    "setpriv",
    `--reuid=${side.user[0]}`,
    `--regid=${side.user[1]}`,
    "--clear-groups",
    "--",
  ];
  const full = !drop ? argv : side.uid === 0 ? [...drop, ...argv] : ["sudo", "-n", ...drop, ...argv];
  const [file, ...args] = full as [string, ...string[]];
  const child = spawn(file, args, { env: { PATH: SYSTEM_PATH, LC_ALL: "C" }, stdio });
  let err = "";
  child.stderr?.on("data", (d: Buffer) => {
    if (err.length < 4096) err += d.toString("utf8");
  });
  const done = new Promise<string | undefined>((resolve) => {
    const stop = () => {
      child.kill("SIGKILL");
      for (const s of [child.stdin, child.stdout, child.stderr]) s?.destroy();
      resolve(`stopped: ${(signal.reason as Error | undefined)?.message ?? "deadline"}`);
    };
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    child.on("close", () => signal.removeEventListener("abort", stop));
    child.on("error", (e) => resolve(e.message));
    child.on("close", (code, killed) => {
      if (code === 0) resolve(undefined);
      else resolve(err.trim().split("\n").pop() || `${file} exited ${killed ?? code}`);
    });
  });
  return { child, done };
}

/**
 * This step's file commands are the action's alone. The agent does not get their paths, but it can find
 * them (`$RUNNER_TEMP/_runner_file_commands`, its ancestors' environment) and append forged outputs, an
 * environment for later steps (`BASH_ENV=…`), a PATH entry or a summary. So their state is noted before
 * the agent starts and put back once its process group is gone, before the action writes to them; a
 * warning names each file that was tampered with, never its content.
 *
 * Limit: a process that escaped the agent's group (a `setsid` daemon) can still write after this check;
 * the `unprivileged-user` safety strategy is the defence against that.
 */
import { constants } from "node:fs";
import { lstat, open, rm, writeFile } from "node:fs/promises";
import { FILE_COMMANDS, type FileCommand } from "../base/withheld.js";

/** What a file held before the agent started; the runner starts each step with small or empty files. */
const MAX_KEPT = 4 * 1024 * 1024;

interface Noted {
  name: FileCommand;
  file: string;
  /** undefined: the file did not exist. */
  state?: { dev: number; ino: number; content: Buffer };
}

export interface FileCommandsSnapshot {
  noted: Noted[];
}

export async function noteFileCommands(env: NodeJS.ProcessEnv): Promise<FileCommandsSnapshot> {
  const noted: Noted[] = [];
  for (const name of FILE_COMMANDS) {
    const file = env[name];
    if (!file) continue;
    noted.push({ name, file, state: await readState(file) });
  }
  return { noted };
}

/**
 * Puts each file back as it was noted. Returns one warning per tampered file. Never throws: a file that
 * cannot be restored is named in its warning.
 */
export async function restoreFileCommands(snapshot: FileCommandsSnapshot): Promise<string[]> {
  const warnings: string[] = [];
  for (const n of snapshot.noted) {
    const what = await tampering(n);
    if (!what) continue;
    try {
      // Replaced (a new file or a symlink) or changed: the path gets the noted bytes back, as a regular file.
      await rm(n.file, { force: true });
      if (n.state) await writeFile(n.file, n.state.content, { flag: "wx" });
      warnings.push(
        `${n.name} was ${what} while the agent ran: put back as it was before the agent started.`,
      );
    } catch (e) {
      warnings.push(
        `${n.name} was ${what} while the agent ran and could not be put back (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`,
      );
    }
  }
  return warnings;
}

/** How the file differs from what was noted, or undefined when it does not. */
async function tampering(n: Noted): Promise<string | undefined> {
  let st: Awaited<ReturnType<typeof lstat>>;
  try {
    st = await lstat(n.file);
  } catch {
    return n.state ? "removed" : undefined;
  }
  if (!n.state) return "created";
  if (!st.isFile()) return "replaced";
  if (st.dev !== n.state.dev || st.ino !== n.state.ino) return "replaced";
  if (st.size !== n.state.content.length)
    return st.size > n.state.content.length ? "written to" : "cut short";
  const now = await readState(n.file);
  return now?.content.equals(n.state.content) ? undefined : "written to";
}

async function readState(file: string): Promise<Noted["state"]> {
  let fh: Awaited<ReturnType<typeof open>> | undefined;
  try {
    // O_NOFOLLOW: the path itself must be the file the runner made, not a link to another.
    fh = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    const st = await fh.stat();
    if (!st.isFile()) return undefined;
    const size = Math.min(st.size, MAX_KEPT);
    const content = Buffer.alloc(size);
    let n = 0;
    while (n < size) {
      const { bytesRead } = await fh.read(content, n, size - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    return { dev: st.dev, ino: st.ino, content: content.subarray(0, n) };
  } catch {
    return undefined;
  } finally {
    await fh?.close().catch(() => {});
  }
}

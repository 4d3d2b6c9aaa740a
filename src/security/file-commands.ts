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
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  rmSync,
  type Stats,
  writeFileSync,
} from "node:fs";
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

/**
 * The runner starts each step with these files small or empty: they are read and put back with the file
 * system's synchronous calls (each promise round trip left the action idle at its start and its end,
 * ~1 ms each time, BENCHMARKS.md).
 */
export function noteFileCommands(env: NodeJS.ProcessEnv): FileCommandsSnapshot {
  const noted: Noted[] = [];
  for (const name of FILE_COMMANDS) {
    const file = env[name];
    if (!file) continue;
    noted.push({ name, file, state: readState(file) });
  }
  return { noted };
}

/**
 * Puts each file back as it was noted. Returns one warning per tampered file. Never throws: a file that
 * cannot be restored is named in its warning.
 */
export function restoreFileCommands(snapshot: FileCommandsSnapshot): string[] {
  const warnings: string[] = [];
  for (const n of snapshot.noted) {
    const what = tampering(n);
    if (!what) continue;
    try {
      // Replaced (a new file or a symlink) or changed: the path gets the noted bytes back, as a regular file.
      rmSync(n.file, { force: true });
      if (n.state) writeFileSync(n.file, n.state.content, { flag: "wx" });
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
function tampering(n: Noted): string | undefined {
  let st: Stats;
  try {
    st = lstatSync(n.file);
  } catch {
    return n.state ? "removed" : undefined;
  }
  if (!n.state) return "created";
  if (!st.isFile()) return "replaced";
  if (st.dev !== n.state.dev || st.ino !== n.state.ino) return "replaced";
  if (st.size !== n.state.content.length)
    return st.size > n.state.content.length ? "written to" : "cut short";
  const now = readState(n.file);
  return now?.content.equals(n.state.content) ? undefined : "written to";
}

function readState(file: string): Noted["state"] {
  let fd: number | undefined;
  try {
    // O_NOFOLLOW: the path itself must be the file the runner made, not a link to another; O_NONBLOCK: a
    // FIFO put at its path must not hang the action (it is no regular file, and is not read).
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined;
    const size = Math.min(st.size, MAX_KEPT);
    const content = Buffer.alloc(size);
    let n = 0;
    while (n < size) {
      const bytesRead = readSync(fd, content, n, size - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    return { dev: st.dev, ino: st.ino, content: content.subarray(0, n) };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // gone either way
      }
    }
  }
}

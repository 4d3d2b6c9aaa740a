/**
 * Reading a file the agent named, inside the workspace only, proven after opening.
 *
 * Trust boundary: the path is the agent's, and so is every directory on the way (it can swap one for a
 * symlink between our check and our open: O_NOFOLLOW guards only the last component). So the path is
 * checked first (relative, no `..`, nothing under `.git/`, real path inside the workspace), then opened
 * without following a final symlink, and then the *opened* file is proven: on Linux its path as the
 * kernel knows it (`/proc/self/fd/N`) must be inside the real workspace; everywhere its device and inode
 * must be those of the checked path; and a file with more than one link is refused (a hard link inside the
 * workspace to a file outside passes every path check).
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
} from "node:fs";
import path from "node:path";
import { isRepoData } from "../model/paths.js";

export type FileRead =
  | { kind: "text"; text: string }
  /** Not there (not on disk; not in HEAD). */
  | { kind: "absent" }
  /** Larger than the caller's limit: not read. */
  | { kind: "too-large"; bytes?: number }
  | { kind: "binary" }
  /** Not read on purpose (leaves the workspace, not a regular file) or it could not be read. */
  | { kind: "refused"; reason: string };

/** Bytes inspected for a NUL to call a file binary (what git itself looks at). */
const BINARY_SNIFF = 8000;

/** Why `relPath` may not be looked up, or undefined when it may. */
export function checkRelative(relPath: string): string | undefined {
  if (relPath === "" || relPath === ".") return "not a file path";
  if (relPath.includes("\0")) return "path has a NUL";
  if (path.isAbsolute(relPath) || path.win32.isAbsolute(relPath) || /^[A-Za-z]:/.test(relPath)) {
    return "absolute path";
  }
  if (relPath.split(/[\\/]/).some((s) => s === "..")) return "path leaves the workspace";
  if (isRepoData(relPath)) return "under .git/: the repository's own data is never read";
  return undefined;
}

function insideDir(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel !== "" && !rel.startsWith(`..${path.sep}`) && rel !== ".." && !path.isAbsolute(rel);
}

/**
 * Reads `relPath` below the (real) workspace root `root`, refusing anything that leaves it, anything
 * that is not a regular file with one link, and anything larger than `maxBytes`.
 */
export async function readInside(root: string, relPath: string, maxBytes: number): Promise<FileRead> {
  return readInsideSync(root, relPath, maxBytes);
}

/**
 * {@link readInside}, with the file system's synchronous calls: the end of a run reads thousands of files
 * and has nothing else to do meanwhile; seven promise round trips a file were most of its time
 * (BENCHMARKS.md). Each file is at most `maxBytes` (8 MiB), so no call blocks for long.
 */
function readInsideSync(root: string, relPath: string, maxBytes: number): FileRead {
  const bad = checkRelative(relPath);
  if (bad) return { kind: "refused", reason: bad };
  const lexical = path.resolve(root, relPath);
  if (!insideDir(root, lexical)) return { kind: "refused", reason: "path leaves the workspace" };
  return (
    (process.platform === "linux" && provenRead(root, lexical, maxBytes)) ||
    resolvedRead(root, lexical, maxBytes)
  );
}

/** Not following a final symlink, and never hanging on a FIFO. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Linux: the path opened as it is, the file then proven inside the workspace by the path the kernel gives
 * its descriptor, whatever the directories on the way are (a symlink among them is followed, and the
 * proof is of where it led). Resolving the path first cost a run's end ~8 `lstat` calls a file, most of
 * the time to read 2,000 files (BENCHMARKS.md). Undefined, and the descriptor closed, for anything this
 * does not settle (an error, a final symlink, no /proc, a file outside): {@link resolvedRead} decides
 * those as it always has, with its own reasons.
 */
function provenRead(root: string, lexical: string, maxBytes: number): FileRead | undefined {
  let fd: number;
  try {
    fd = openSync(lexical, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const opened = openedPath(fd);
    return opened !== undefined && insideDir(root, opened) ? readOpened(fd, maxBytes) : undefined;
  } catch {
    return undefined;
  } finally {
    closeQuietly(fd);
  }
}

/** Every other platform, and what {@link provenRead} leaves: the real path checked, then opened and proven. */
function resolvedRead(root: string, lexical: string, maxBytes: number): FileRead {
  let real: string;
  try {
    real = realpathSync(lexical);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "absent" };
    return { kind: "refused", reason: `cannot resolve: ${code ?? "error"}` };
  }
  if (!insideDir(root, real)) return { kind: "refused", reason: "a symlink leads outside the workspace" };
  // O_NOFOLLOW: the real path must not have become a symlink since; O_NONBLOCK: a FIFO must not hang us.
  let fd: number | undefined;
  try {
    const checked = lstatSync(real);
    fd = openSync(real, OPEN_FLAGS);
    const st = fstatSync(fd);
    // Proven after opening: a directory on the way swapped for a symlink since the check lands elsewhere.
    if (st.dev !== checked.dev || st.ino !== checked.ino) {
      return { kind: "refused", reason: "the file changed while it was opened" };
    }
    const opened = openedPath(fd);
    if (opened !== undefined && !insideDir(root, opened)) {
      return { kind: "refused", reason: "the opened file is outside the workspace" };
    }
    return readOpened(fd, maxBytes, st);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "absent" };
    return { kind: "refused", reason: `cannot read: ${code ?? "error"}` };
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

/** An opened file proven inside the workspace: a regular file with one link, within `maxBytes`, read. */
function readOpened(fd: number, maxBytes: number, st = fstatSync(fd)): FileRead {
  if (!st.isFile()) return { kind: "refused", reason: "not a regular file" };
  if (st.nlink > 1)
    return { kind: "refused", reason: "a hard link (it may be a file outside the workspace)" };
  if (st.size > maxBytes) return { kind: "too-large", bytes: st.size };
  const buf = Buffer.allocUnsafe(st.size);
  let n = 0;
  while (n < st.size) {
    const bytesRead = readSync(fd, buf, n, st.size - n, n);
    if (bytesRead === 0) break;
    n += bytesRead;
  }
  return decode(buf.subarray(0, n));
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Nothing to do: the descriptor is gone either way.
  }
}

/** The opened file's path as the kernel knows it (Linux); undefined where that cannot be asked. */
function openedPath(fd: number): string | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

export function decode(buf: Buffer): FileRead {
  if (buf.subarray(0, BINARY_SNIFF).includes(0)) return { kind: "binary" };
  return { kind: "text", text: buf.toString("utf8") };
}

/**
 * Relating the agent's paths to the workspace. The agent reports paths in its own OS's style: POSIX on
 * Linux/macOS, `D:\...` on Windows, sometimes `D:/...` in args and `D:\...` in results of one run
 * (docs/stream-format.md "Paths"). Nothing here touches the file system: these are strings from the agent.
 */
import path from "node:path";
import { RootedMemo } from "../base/memo.js";

export interface RelatedPath {
  /** The path relative to the root, with `/` separators; the normalised absolute path when outside. */
  display: string;
  /** True when the path is the root or below it. */
  inside: boolean;
}

const WINDOWS_ABS = /^[A-Za-z]:[\\/]|^\\\\/;

export function isWindowsPath(p: string): boolean {
  return WINDOWS_ABS.test(p);
}

/**
 * The same few paths come back on every call to them (start, completion, change tracking). By root, then
 * by path: a key joined from the two was a new string to copy and hash on every call (~10 ms of the
 * edit-heavy run's 64 MiB).
 */
const related = new RootedMemo<RelatedPath>(16, 4096);

/** Relates `p` (relative to `root`, or absolute) to `root`, in whichever OS style `root` is in. */
export function relatePath(p: string, root: string | undefined): RelatedPath {
  const hit = related.get(root ?? "", p);
  if (hit) return hit;
  const r = relateUncached(p, root);
  related.set(root ?? "", p, r);
  return r;
}

function relateUncached(p: string, root: string | undefined): RelatedPath {
  if (!root) return { display: p.replaceAll("\\", "/"), inside: !isAbsoluteAny(p) };
  if (isWindowsPath(root) || isWindowsPath(p)) {
    const w = path.win32;
    const abs = w.resolve(root, p);
    // Windows paths are case-insensitive: compare folded, show the agent's spelling.
    const rel = w.relative(root.toLowerCase(), abs.toLowerCase());
    const inside = rel === "" || (!rel.startsWith("..") && !w.isAbsolute(rel));
    if (!inside) return { display: abs.replaceAll("\\", "/"), inside: false };
    const relExact = abs.slice(abs.length - rel.length);
    return { display: relExact.replaceAll("\\", "/") || ".", inside: true };
  }
  const x = path.posix;
  const abs = x.resolve(root, p);
  const rel = x.relative(root, abs);
  const inside = rel === "" || (!rel.startsWith("../") && rel !== ".." && !x.isAbsolute(rel));
  return inside ? { display: rel || ".", inside } : { display: abs, inside };
}

export function isAbsoluteAny(p: string): boolean {
  return p.startsWith("/") || isWindowsPath(p);
}

/** Any component `.git`, in any case (macOS and Windows file systems fold it). */
const REPO_DATA = /(^|[\\/])\.git([\\/]|$)/i;

/**
 * A path under a `.git` directory (or a `.git` file): the repository's own data. `actions/checkout` keeps
 * the token there (`extraheader`, base64), so nothing of such a file is read, diffed or shown.
 */
export function isRepoData(p: string): boolean {
  return REPO_DATA.test(p);
}

/**
 * Relating the agent's paths to the workspace. The agent reports paths in its own OS's style: POSIX on
 * Linux/macOS, `D:\...` on Windows, sometimes `D:/...` in args and `D:\...` in results of one run
 * (docs/stream-format.md "Paths"). Nothing here touches the file system: these are strings from the agent.
 */
import path from "node:path";

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
 * The same few paths come back on every call to them (start, completion, change tracking), by root: a
 * key joined from the two was a new string to copy and hash on every call (~10 ms of the edit-heavy
 * run's 64 MiB).
 */
const cache = new Map<string, Map<string, RelatedPath>>();
/** Paths kept per root; roots kept (a run has one or two: the init's cwd, the workspace). */
const CACHE_MAX = 4096;
const ROOTS_MAX = 16;

/** Relates `p` (relative to `root`, or absolute) to `root`, in whichever OS style `root` is in. */
export function relatePath(p: string, root: string | undefined): RelatedPath {
  let paths = cache.get(root ?? "");
  if (!paths) {
    if (cache.size >= ROOTS_MAX) cache.clear();
    paths = new Map();
    cache.set(root ?? "", paths);
  }
  const hit = paths.get(p);
  if (hit) return hit;
  const related = relateUncached(p, root);
  if (paths.size >= CACHE_MAX) paths.clear();
  paths.set(p, related);
  return related;
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

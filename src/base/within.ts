/**
 * Whether a path is a directory or below it: by the path's own text (resolved against nothing, following
 * no link), for paths of this platform.
 */
import path from "node:path";

/** `p` is `dir` itself or below it. */
export function within(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** A call's main argument as shown: a path, or each of several, related to the workspace. */
import type { MainArg } from "../tools/index.js";
import { type RelatedPath, relatePath } from "./paths.js";

/** `value`, the value of `arg`, for display: inside the workspace unless a path of it is outside. */
export function shownTarget(value: string, arg: MainArg, root: string | undefined): RelatedPath {
  if (arg.paths) {
    const related = arg.paths.map((p) => relatePath(p, root));
    return { display: related.map((r) => r.display).join(", "), inside: related.every((r) => r.inside) };
  }
  return arg.isPath ? relatePath(value, root) : { display: value, inside: true };
}

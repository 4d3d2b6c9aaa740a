/**
 * The action outputs a change set gives: `files-changed` (a JSON array of paths relative to the workspace),
 * and the line totals. Files outside the workspace are not part of the repository, so not listed.
 */
import type { ChangeSet } from "./types.js";

export function changeOutputs(set: ChangeSet): {
  "files-changed": string;
  "lines-added": string;
  "lines-removed": string;
} {
  const paths = set.files.filter((f) => f.status !== "outside").map((f) => f.path);
  return {
    "files-changed": JSON.stringify(paths),
    "lines-added": String(set.added),
    "lines-removed": String(set.removed),
  };
}

/**
 * The working tree's state before the run, as `path → status and counts`, so that changes a checkout, an
 * earlier step or `protect-config` made are not reported as the agent's commands.
 */
import { lstatSync } from "node:fs";
import path from "node:path";
import type { GitReader } from "../git/reader.js";

export async function snapshotWorkingTree(git: GitReader, workspace: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  try {
    // `git status` alone (plus a stat of each entry) keeps this to one status process before the agent starts.
    for (const e of await git.status()) out.set(e.path, entrySignature(workspace, e.code, e.path));
  } catch {
    // No snapshot: every working-tree change is then attributed to the run, as without one.
  }
  return out;
}

/** A changed entry's state: its status code, size and modification time (no content is read). */
export function entrySignature(workspace: string, code: string, rel: string): string {
  try {
    // Synchronous: a stat each, before the agent starts, rather than a thread-pool round trip each (and
    // no `node:fs/promises` to load before the spawn, BENCHMARKS.md).
    const st = lstatSync(path.join(workspace, rel));
    return `${code} ${st.size} ${st.mtimeMs}`;
  } catch {
    return `${code} -`;
  }
}

/**
 * Output `patch-file` for a live run: the commit checked out before the agent, read then (the agent may
 * commit or move HEAD), and the patch of what it left against it, made once the PR's own configuration and
 * this step's file commands are back (changes/patch.ts). With a delivery to follow, the same changes as
 * its entries (changes/entries.ts).
 */
import { tmpdir } from "node:os";
import type { EntriesResult } from "../changes/entries.js";
import { writePatch } from "../changes/patch.js";
import { isCommitId, openRepo } from "../git/repo.js";

/** HEAD's commit id before the agent; undefined where there is no repository or no commit. */
export async function checkedOut(workspace: string): Promise<string | undefined> {
  const r = await openRepo(workspace).git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
  const id = r.stdout.toString("utf8").trim();
  return r.code === 0 && isCommitId(id) ? id : undefined;
}

export interface PatchMade {
  /** The patch's path, or "" (nothing changed, or why not is said in the log). */
  file: string;
  /** The commit it is against (undefined: no repository, or a replay). */
  base?: string;
  /** Asked for: the changes as a delivery carries them; undefined when nothing changed. */
  entries?: EntriesResult;
}

export async function patchFile(
  workspace: string,
  base: string | undefined,
  env: NodeJS.ProcessEnv,
  say: (line: string) => void,
  entries = false,
): Promise<PatchMade> {
  if (!base) return { file: "" };
  const name = `${env.GITHUB_RUN_ID ?? "local"}-${env.GITHUB_RUN_ATTEMPT ?? "1"}`;
  try {
    const r = await writePatch(openRepo(workspace), base, {
      dir: env.RUNNER_TEMP || tmpdir(),
      name,
      entries,
    });
    if (r.kind === "skipped") {
      say(`No patch-file: ${r.why}.`);
      return { file: "", base, entries: { kind: "refused", why: `the changes could not be read: ${r.why}` } };
    }
    return r.kind === "patch" ? { file: r.file, base, entries: r.entries } : { file: "", base };
  } catch (e) {
    say(`No patch-file: ${(e as Error).message}.`);
    return {
      file: "",
      base,
      entries: { kind: "refused", why: `the changes could not be read: ${(e as Error).message}` },
    };
  }
}

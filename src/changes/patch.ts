/**
 * The agent's changes as one git patch against the commit checked out before it (output `patch-file`):
 * new files, deletions, binary files and mode changes, with `--binary --full-index`, so that `git apply
 * --binary --index` reproduces them on a fresh checkout of that commit. The delivery reads it too.
 *
 * Made with a temporary index of our own (GIT_INDEX_FILE): the base commit read into it, the work tree
 * added to it (`add -A`, which keeps to what git would commit: nothing ignored, nothing outside the
 * repository), then the index diffed against the base. The repository's index is never touched, and the
 * repository's own drivers are switched off (the runner's safe config, and every filter and diff driver
 * the repository declares now: `add` would run a clean filter).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MAX_PATCH_BYTES } from "../base/limits.js";
import type { Repo } from "../git/repo.js";

export type PatchResult =
  | { kind: "patch"; file: string; bytes: number }
  | { kind: "none" }
  | { kind: "skipped"; why: string };

export interface PatchPlace {
  /** Where the patch is written (`RUNNER_TEMP`: later steps of the job read it). */
  dir: string;
  /** Its file name's distinguishing part (the run's id and attempt). */
  name: string;
}

/** The repository's changes since `base` (a commit id), written as a patch; none when nothing changed. */
export async function writePatch(repo: Repo, base: string, place: PatchPlace): Promise<PatchResult> {
  if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(base))
    return { kind: "skipped", why: "the checked-out commit is unknown" };
  const scratch = mkdtempSync(path.join(place.dir, "cursor-agent-index-"));
  try {
    const env = { GIT_INDEX_FILE: path.join(scratch, "index") };
    const config = await repo.drivers();
    const step = async (args: string[], what: string) => {
      const r = await repo.git(args, { env, config, maxBytes: 1024 * 1024 });
      return r.code === 0 ? undefined : `${what} failed (git exit ${r.code ?? "killed"})`;
    };
    const failed =
      (await step(["read-tree", base], "reading the checked-out commit")) ??
      (await step(["add", "-A", "--", ":/"], "adding the work tree"));
    if (failed) return { kind: "skipped", why: failed };
    const diff = await repo.git(
      [
        "diff",
        "--cached",
        "--binary",
        "--full-index",
        "--no-renames",
        "--no-color",
        "--no-ext-diff",
        "--no-textconv",
        base,
        "--",
      ],
      { env, config, maxBytes: MAX_PATCH_BYTES },
    );
    if (diff.truncated)
      return { kind: "skipped", why: `the changes come to more than ${MAX_PATCH_BYTES / 1024 / 1024} MiB` };
    if (diff.code !== 0)
      return { kind: "skipped", why: `the diff failed (git exit ${diff.code ?? "killed"})` };
    if (diff.stdout.length === 0) return { kind: "none" };
    const file = path.join(place.dir, `cursor-agent-${place.name}.patch`);
    writeFileSync(file, diff.stdout, { mode: 0o644 });
    return { kind: "patch", file, bytes: diff.stdout.length };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

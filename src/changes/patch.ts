/**
 * The agent's changes as one git patch against the commit checked out before it (output `patch-file`):
 * new files, deletions, binary files and mode changes, with `--binary --full-index`, so that `git apply
 * --binary --index` reproduces them on a fresh checkout of that commit. The delivery's entries are read
 * from the same index, when asked for (./entries.ts), so that the two always agree.
 *
 * Made with a temporary index of our own (GIT_INDEX_FILE), so the repository's is never touched: the work
 * tree added to it (`add -A`, which keeps to what git would commit: nothing ignored, nothing outside the
 * repository), then diffed against the base. The repository's own drivers are off (the runner's safe
 * config, and every filter and diff driver the repository declares now: `add` would run a clean filter).
 *
 * Cost: the temporary index starts as a copy of the repository's, whose recorded file times spare `add`
 * from reading every file again (hashing a 200,000-file checkout took seconds). The agent may have written
 * that index: an entry whose times match a file but whose content does not would put content in the
 * patch that the work tree, and so the report, does not have. So every path the patch touches is read
 * again from the work tree, with an entry of its own, before the diff: whatever the patch holds is the
 * work tree's. (A forged entry can only hide a change, from the patch and from the report's `git status`
 * alike.) Where the index is not a plain file, the base commit is read into an empty one instead.
 */
import { copyFileSync, lstatSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MAX_PATCH_BYTES } from "../base/limits.js";
import { isCommitId, type Repo } from "../git/repo.js";
import { type EntriesResult, readEntries } from "./entries.js";

export type PatchResult =
  /** `entries`: the same changes as a delivery carries them, when the place asked for them. */
  | { kind: "patch"; file: string; bytes: number; entries?: EntriesResult }
  | { kind: "none" }
  | { kind: "skipped"; why: string };

export interface PatchPlace {
  /** Where the patch is written (`RUNNER_TEMP`: later steps of the job read it). */
  dir: string;
  /** Its file name's distinguishing part (the run's id and attempt). */
  name: string;
  /** The changes as entries too (a delivery follows). */
  entries?: boolean;
}

/** The most git's listings here may print: every changed path, NUL-separated. */
const LIST_BYTES = 64 * 1024 * 1024;

/** The repository's changes since `base` (a commit id), written as a patch; none when nothing changed. */
export async function writePatch(repo: Repo, base: string, place: PatchPlace): Promise<PatchResult> {
  if (!isCommitId(base)) return { kind: "skipped", why: "the checked-out commit is unknown" };
  const scratch = mkdtempSync(path.join(place.dir, "cursor-agent-index-"));
  try {
    const index = path.join(scratch, "index");
    const env = { GIT_INDEX_FILE: index };
    const config = await repo.drivers();
    const git = (args: string[], input?: string, maxBytes = 1024 * 1024) =>
      repo.git(args, { env, config, input, maxBytes });
    const step = async (args: string[], what: string, input?: string) => {
      const r = await git(args, input);
      return r.code === 0 ? undefined : `${what} failed (git exit ${r.code ?? "killed"})`;
    };
    const top = await topOf(repo);
    const seeded = top !== undefined && seedIndex(top, index);
    const failed =
      (seeded ? undefined : await step(["read-tree", base], "reading the checked-out commit")) ??
      (await step(["add", "-A"], "adding the work tree"));
    if (failed) return { kind: "skipped", why: failed };
    // Every path the patch would touch, read again from the work tree (see the header).
    const listed = await git(
      ["diff", "--cached", "--name-only", "-z", "--no-renames", base, "--"],
      undefined,
      LIST_BYTES,
    );
    if (listed.code !== 0 || listed.truncated) return { kind: "skipped", why: "listing the changes failed" };
    const listedPaths = listed.stdout.toString("utf8").split("\0").filter(Boolean);
    if (listedPaths.length === 0) return { kind: "none" };
    // From the top of the work tree, each a literal path (the workspace may be below the top); a deleted
    // one is only taken out, the others read again.
    const spec = (ps: string[]) => ps.map((p) => `:(top,literal)${p}`).join("\0");
    const present = top === undefined ? listedPaths : listedPaths.filter((p) => exists(path.join(top, p)));
    const fromFile = ["--pathspec-from-file=-", "--pathspec-file-nul"];
    const what = "reading the changes again";
    const again =
      (await step(["rm", "--cached", "-q", "--ignore-unmatch", ...fromFile], what, spec(listedPaths))) ??
      (present.length > 0 ? await step(["add", "-A", ...fromFile], what, spec(present)) : undefined);
    if (again) return { kind: "skipped", why: again };
    const diff = await git(
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
      undefined,
      MAX_PATCH_BYTES,
    );
    if (diff.truncated)
      return { kind: "skipped", why: `the changes come to more than ${MAX_PATCH_BYTES / 1024 / 1024} MiB` };
    if (diff.code !== 0)
      return { kind: "skipped", why: `the diff failed (git exit ${diff.code ?? "killed"})` };
    if (diff.stdout.length === 0) return { kind: "none" };
    const file = path.join(place.dir, `cursor-agent-${place.name}.patch`);
    writeFileSync(file, diff.stdout, { mode: 0o644 });
    const entries = place.entries ? await readEntries(git, base) : undefined;
    return { kind: "patch", file, bytes: diff.stdout.length, ...(entries && { entries }) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The top of the work tree, where git says it is. */
async function topOf(repo: Repo): Promise<string | undefined> {
  const top = await repo.git(["rev-parse", "--show-toplevel"]);
  const dir = top.code === 0 ? top.stdout.toString("utf8").replace(/\n$/, "") : "";
  return path.isAbsolute(dir) ? dir : undefined;
}

const exists = (p: string) => {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
};

/**
 * The repository's index copied to `to`, with its times (git trusts an entry's recorded times only when
 * they are older than the index file's own); false where there is none to copy: no plain `.git/index` in
 * the work tree's top (a gitfile may name a directory anywhere: nothing is read through it).
 */
function seedIndex(top: string, to: string): boolean {
  try {
    if (!lstatSync(path.join(top, ".git")).isDirectory()) return false;
    const from = path.join(top, ".git", "index");
    const st = lstatSync(from);
    if (!st.isFile()) return false;
    copyFileSync(from, to);
    utimesSync(to, st.atime, st.mtime);
    return true;
  } catch {
    return false;
  }
}

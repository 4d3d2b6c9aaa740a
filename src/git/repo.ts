/**
 * The workspace's repository as the reader sees it: the git runner for the workspace, where the
 * workspace sits in the work tree, and the repository's filter and diff drivers switched off.
 */
import { driverOverrides, type Git, gitIn } from "./run.js";

/** `status`/`numstat`/`ls-tree` output cap: a generator can touch very many files, but not this many bytes' worth. */
export const LIST_MAX_BYTES = 32 * 1024 * 1024;

export interface Repo {
  git: Git;
  /** The workspace's path below the top of the work tree (`sub/dir/`, or `` at the top); undefined: no work tree. */
  prefix(): Promise<string | undefined>;
  /** Repository paths (from the top of the work tree) to workspace paths; undefined if not below it. */
  underWorkspace(): Promise<(p: string) => string | undefined>;
  /** `-c` overrides switching off every filter and diff driver the repository declares now. */
  drivers(): Promise<string[]>;
}

/** A commit's full object name, as git prints it: SHA-1 (40 hex digits) or SHA-256 (64). */
export const isCommitId = (s: string): boolean => /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(s);

export function openRepo(workspace: string): Repo {
  const git = gitIn(workspace);
  let prefix: Promise<string | undefined> | undefined;
  const repoPrefix = () => {
    prefix ??= git(["rev-parse", "--is-inside-work-tree", "--show-prefix"]).then((r) => {
      if (r.code !== 0) return undefined;
      const [inside, pre = ""] = r.stdout.toString("utf8").split("\n");
      return inside === "true" ? pre : undefined;
    });
    return prefix;
  };
  /**
   * The repository's filter and diff drivers, switched off: read anew for every call that can run one
   * (the agent may have declared a driver since the last reading, however little time ago: a reading kept
   * for a second let a run that ended within it have its driver run by the end's status). Only calls made
   * while a reading is under way share it.
   */
  let reading: Promise<string[]> | undefined;
  const drivers = () => {
    if (reading) return reading;
    const now = driverOverrides(git);
    reading = now;
    const done = () => {
      if (reading === now) reading = undefined;
    };
    now.then(done, done);
    return now;
  };
  return {
    git,
    prefix: repoPrefix,
    drivers,
    async underWorkspace() {
      const pre = (await repoPrefix()) ?? "";
      return (p) => (p.startsWith(pre) && p.length > pre.length ? p.slice(pre.length) : undefined);
    },
  };
}

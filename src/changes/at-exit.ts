/**
 * What the end of the run asks git the moment the agent has exited and its process group is gone (the
 * working tree is then final): the status, and where the files it lists are at HEAD. Both run while the
 * rest of the agent's output is read, so that the change summary does not wait for them (BENCHMARKS.md).
 * Kept light: this module is part of the action's start-up bundle.
 */
import type { GitReader, HeadEntry, StatusEntry } from "../git/reader.js";

/**
 * The most files looked up at the exit: one `ls-tree` of a few hundred paths takes a few ms even in a
 * large repository. A status longer than that (a formatter, a line-ending change) is mostly files no tool
 * call touched: the end looks up only those it needs, as without this.
 */
export const EXIT_LOOKUP_MAX = 256;

export interface TreeAtExit {
  /** The working tree's status; a status that fails is none (the change summary's fallback). */
  status: Promise<StatusEntry[]>;
  /** Where its tracked files are at HEAD (ids and sizes, never content); undefined when not looked up. */
  heads: Promise<Map<string, HeadEntry> | undefined>;
}

export function treeAtExit(git: GitReader): TreeAtExit {
  const status = git.status().catch((): StatusEntry[] => []);
  const heads = status
    .then((entries) => {
      // An untracked file has no HEAD side to look up (an `npm install` leaves tens of thousands).
      const tracked = entries.filter((e) => e.code !== "??" && e.code !== "!!").map((e) => e.path);
      if (tracked.length === 0 || tracked.length > EXIT_LOOKUP_MAX || !git.heads) return undefined;
      return git.heads(tracked);
    })
    .catch(() => undefined);
  return { status, heads };
}

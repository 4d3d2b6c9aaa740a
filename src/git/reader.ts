/**
 * What the change tracker reads of the repository: HEAD contents, the working tree's status and counts,
 * and working-tree files, through {@link GitReader} (a small interface, so tests can hand in a fake or a
 * spy). Every path here comes from the agent: git gets the same checks as the file reader before
 * `HEAD:./path` is looked up, and nothing under `.git/` is ever asked for.
 *
 * Cost: every git process has a timeout and a cap on what it may print (src/git/run.ts). Nothing here
 * throws: failures read as "absent", "refused" or an empty list. HEAD's side is head.ts, the working
 * tree's changes status.ts, the working tree's files workspace-files.ts.
 */
import { promises as fsp } from "node:fs";
import {
  type BlobReader,
  type BlobRef,
  type HeadEntry,
  headEntries,
  openBlobReader,
  readBlobs,
  showAtHead,
} from "./head.js";
import { openRepo } from "./repo.js";
import { type NumstatEntry, type StatusEntry, workTreeNumstat, workTreeStatus } from "./status.js";
import { type FileRead, readInside } from "./workspace-files.js";

export type { BlobReader, BlobRef, HeadEntry } from "./head.js";
export type { NumstatEntry, StatusEntry } from "./status.js";
export { isTracked } from "./status.js";
export type { FileRead } from "./workspace-files.js";

export interface GitReader {
  /** The workspace is inside a git work tree (and git runs). */
  isRepo(): Promise<boolean>;
  /** The file at `HEAD` (`absent` when HEAD has no such file, or there is no HEAD yet). */
  show(relPath: string, maxBytes: number): Promise<FileRead>;
  /**
   * Many files at `HEAD`: {@link heads} then {@link blobs}, two git processes for all of them (spawning
   * is ~2 ms of the main thread each, BENCHMARKS.md). Optional for fakes.
   */
  showMany?(relPaths: string[], maxBytes: number): Promise<Map<string, FileRead>>;
  /**
   * What `HEAD` has at each path: a blob's id and size, or why there is no content (`absent`: no file
   * there; `refused`). Paths are looked up in their trees with `ls-tree`, once per process for all
   * of them (`cat-file HEAD:./path` reads the trees again for each name: quadratic in a directory).
   */
  heads?(relPaths: string[]): Promise<Map<string, HeadEntry>>;
  /** Blobs by id, in one git process: each decoded, or `too-large` past `maxBytes`. */
  blobs?(ids: BlobRef[], maxBytes: number): Promise<Map<string, FileRead>>;
  /** {@link blobs} for batch after batch from one git process, until closed. */
  openBlobs?(): BlobReader;
  /** The working tree's changes against HEAD, under the workspace, untracked files included. */
  status(): Promise<StatusEntry[]>;
  /**
   * Line counts of tracked files changed against HEAD, under the workspace: of `relPaths` only when
   * given (git diffs every file it is asked about).
   */
  numstat(relPaths?: string[]): Promise<NumstatEntry[]>;
  /** The file in the working tree, under the trust rules above. */
  read(relPath: string, maxBytes: number): Promise<FileRead>;
}

/** For runs whose paths do not belong to this disk (a saved transcript from another machine). */
export const noGit: GitReader = {
  isRepo: async () => false,
  show: async () => ({ kind: "refused", reason: "no repository" }),
  status: async () => [],
  numstat: async () => [],
  read: async () => ({ kind: "refused", reason: "no workspace" }),
};

export function createGitReader(workspace: string): GitReader {
  const repo = openRepo(workspace);
  let realRoot: Promise<string | undefined> | undefined;
  const root = () => {
    realRoot ??= fsp.realpath(workspace).catch(() => undefined);
    return realRoot;
  };
  return {
    isRepo: async () => (await repo.prefix()) !== undefined,
    show: (relPath, maxBytes) => showAtHead(repo, relPath, maxBytes),
    async showMany(relPaths, maxBytes) {
      const out = new Map<string, FileRead>();
      const refs = await this.heads!(relPaths);
      const wanted: BlobRef[] = [];
      for (const [p, h] of refs) {
        if (h.kind !== "blob") out.set(p, h);
        else if (h.size > maxBytes) out.set(p, { kind: "too-large", bytes: h.size });
        else wanted.push(h);
      }
      const blobs = wanted.length ? await this.blobs!(wanted, maxBytes) : new Map<string, FileRead>();
      for (const [p, h] of refs) {
        if (h.kind === "blob" && !out.has(p))
          out.set(p, blobs.get(h.oid) ?? { kind: "refused", reason: "no answer from git" });
      }
      return out;
    },
    heads: (relPaths) => headEntries(repo, relPaths),
    blobs: (ids, maxBytes) => readBlobs(repo.git, ids, maxBytes),
    openBlobs: () => openBlobReader(repo.git),
    status: () => workTreeStatus(repo),
    numstat: (relPaths) => workTreeNumstat(repo, relPaths),
    async read(relPath, maxBytes) {
      const base = await root();
      if (!base) return { kind: "refused", reason: "workspace not found" };
      return readInside(base, relPath, maxBytes);
    },
  };
}

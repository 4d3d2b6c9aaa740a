/**
 * The agent's paths as workspace paths, and one key per file whatever spelling named it. Paths are related
 * to the run's root (the init `cwd`, else the workspace), in the agent's OS style: a transcript from
 * `D:\Repo` still maps to workspace paths. When the root is a local directory nested with the workspace,
 * paths are re-related to the workspace. Strings only: nothing here touches the disk.
 */

import path from "node:path";
import { RootedMemo } from "../base/memo.js";
import { within } from "../base/within.js";
import { isRepoData, isWindowsPath, relatePath } from "../model/paths.js";

export interface Located {
  key: string;
  path: string;
  inside: boolean;
  /** Under `.git/` ({@link isRepoData}): listed as changed, never read, diffed or shown. */
  repoData: boolean;
}

export class Locator {
  /** The directory the agent's paths are relative to: the init `cwd` once the agent said it. */
  root: string;

  constructor(
    private readonly workspace: string,
    /** `process.platform`, passed in: Windows folds case. */
    private readonly platform: NodeJS.Platform,
  ) {
    this.root = workspace;
  }

  /**
   * Answers by root and path: a run names the same few files call after call (the edit-heavy run: 4,680
   * edits of 8 files), and each answer was a relating, a key and two pattern tests again.
   */
  private readonly answers = new RootedMemo<Located | undefined>(2, 4096);

  /** Where `p` is, as a workspace path and a key; undefined for no file (empty, NUL, the root itself). */
  locate(p: string): Located | undefined {
    const root = this.root || this.workspace;
    const known = this.answers.get(root, p);
    if (known !== undefined || this.answers.has(root, p)) return known;
    const found = this.find(p, root);
    this.answers.set(root, p, found);
    return found;
  }

  private find(p: string, root: string): Located | undefined {
    if (p === "" || p.includes("\0")) return undefined;
    let rel = relatePath(p, root);
    if (root !== this.workspace && this.nested(root) && !this.isForeign(p)) {
      rel = relatePath(path.resolve(root, p), this.workspace);
    }
    if (rel.inside && (rel.display === "." || rel.display === "")) return undefined;
    const key = `${rel.inside ? "in" : "out"}:${this.fold() ? rel.display.toLowerCase() : rel.display}`;
    return { key, path: rel.display, inside: rel.inside, repoData: isRepoData(rel.display) };
  }

  /** The last root asked about, and whether it is a local directory nested with the workspace. */
  private nestedRoot: { root: string; nested: boolean } | undefined;

  /** Asked for every path of every call: the answer only changes with the root (path.relative is not free). */
  private nested(root: string): boolean {
    if (this.nestedRoot?.root !== root) {
      const nested = this.isLocalDir(root) && (within(this.workspace, root) || within(root, this.workspace));
      this.nestedRoot = { root, nested };
    }
    return this.nestedRoot.nested;
  }

  /** Git's workspace-relative path under the same key as a tool call's path. */
  gitKey(p: string): string {
    return `in:${this.fold() ? p.toLowerCase() : p}`;
  }

  private fold(): boolean {
    return isWindowsPath(this.root || this.workspace) || this.platform === "win32";
  }

  /** A directory path of this machine's OS (not a foreign transcript's `D:\…` on Linux). */
  private isLocalDir(p: string): boolean {
    return path.isAbsolute(p) && (this.platform === "win32" || !isWindowsPath(p));
  }

  private isForeign(p: string): boolean {
    return this.platform !== "win32" && isWindowsPath(p);
  }
}

/**
 * What the change tracker reads of the repository: HEAD contents, the working tree's status and counts,
 * and working-tree files, through {@link GitReader} (a small interface, so tests can hand in a fake or a
 * spy). Every path here comes from the agent: git gets the same checks as the file reader before
 * `HEAD:./path` is looked up, and nothing under `.git/` is ever asked for.
 *
 * Cost: every git process has a timeout and a cap on what it may print (src/git/run.ts). Nothing here
 * throws: failures read as "absent", "refused" or an empty list.
 */
import { realpath } from "node:fs/promises";
import { driverOverrides, type Git, gitIn } from "./run.js";
import { checkRelative, decode, type FileRead, readInside } from "./workspace-files.js";

export type { FileRead } from "./workspace-files.js";

/** One `git status --porcelain=v1` entry; `path` relative to the workspace. */
export interface StatusEntry {
  path: string;
  /** The two-letter XY code: ` M`, `??`, ` D`, `A `, … */
  code: string;
}

/** One `git diff --numstat HEAD` entry; `path` relative to the workspace. */
export interface NumstatEntry {
  path: string;
  added: number;
  removed: number;
  binary: boolean;
}

export interface GitReader {
  /** The workspace is inside a git work tree (and git runs). */
  isRepo(): Promise<boolean>;
  /** The file at `HEAD` (`absent` when HEAD has no such file, or there is no HEAD yet). */
  show(relPath: string, maxBytes: number): Promise<FileRead>;
  /**
   * Many files at `HEAD` with two git processes in all (sizes, then the blobs that fit), instead of one
   * process per file: spawning is ~2 ms of the main thread each (BENCHMARKS.md). Optional for fakes.
   */
  showMany?(relPaths: string[], maxBytes: number): Promise<Map<string, FileRead>>;
  /** The working tree's changes against HEAD, under the workspace, untracked files included. */
  status(): Promise<StatusEntry[]>;
  /** Line counts of tracked files changed against HEAD, under the workspace. */
  numstat(): Promise<NumstatEntry[]>;
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

/** How long one reading of the repository's drivers serves: the calls of one phase come within it. */
const DRIVERS_FRESH_MS = 1_000;

/** `status`/`numstat` output cap: a generator can touch very many files, but not this many bytes' worth. */
const LIST_MAX_BYTES = 32 * 1024 * 1024;

export function createGitReader(workspace: string): GitReader {
  let realRoot: Promise<string | undefined> | undefined;
  let prefix: Promise<string | undefined> | undefined;
  const git = gitIn(workspace);
  /**
   * The repository's filter and diff drivers, switched off: read again for each phase (the snapshot
   * before the agent, the end after it), shared by the calls of one phase (status and numstat).
   */
  let drivers: { at: number; config: Promise<string[]> } | undefined;
  const overrides = () => {
    if (!drivers || Date.now() - drivers.at > DRIVERS_FRESH_MS)
      drivers = { at: Date.now(), config: driverOverrides(git) };
    return drivers.config;
  };

  const root = () => {
    realRoot ??= realpath(workspace).catch(() => undefined);
    return realRoot;
  };
  /** The workspace's path below the top of the work tree (`sub/dir/`, or `` at the top). */
  const repoPrefix = () => {
    prefix ??= git(["rev-parse", "--is-inside-work-tree", "--show-prefix"]).then((r) => {
      if (r.code !== 0) return undefined;
      const [inside, pre = ""] = r.stdout.toString("utf8").split("\n");
      return inside === "true" ? pre : undefined;
    });
    return prefix;
  };
  /** Repository paths (from the top of the work tree) to workspace paths; undefined if not below it. */
  const underWorkspace = async (): Promise<(p: string) => string | undefined> => {
    const pre = (await repoPrefix()) ?? "";
    return (p) => (p.startsWith(pre) && p.length > pre.length ? p.slice(pre.length) : undefined);
  };

  return {
    isRepo: async () => (await repoPrefix()) !== undefined,

    async show(relPath, maxBytes) {
      const bad = checkRelative(relPath);
      if (bad) return { kind: "refused", reason: bad };
      if ((await repoPrefix()) === undefined) return { kind: "refused", reason: "not a git repository" };
      // `--batch` reads the object name from stdin and prints `<oid> <type> <size>` first, so a large
      // blob is refused from its header without being read. A path with a newline cannot go through it.
      if (/[\r\n]/.test(relPath)) return { kind: "refused", reason: "path has a line break" };
      return catFile(git, `HEAD:./${relPath.replaceAll("\\", "/")}`, maxBytes);
    },

    async showMany(relPaths, maxBytes) {
      const out = new Map<string, FileRead>();
      const asked: string[] = [];
      for (const p of relPaths) {
        const bad = checkRelative(p) ?? (/[\r\n]/.test(p) ? "path has a line break" : undefined);
        if (bad) out.set(p, { kind: "refused", reason: bad });
        else asked.push(p);
      }
      if (asked.length === 0) return out;
      if ((await repoPrefix()) === undefined) {
        for (const p of asked) out.set(p, { kind: "refused", reason: "not a git repository" });
        return out;
      }
      const objects = asked.map((p) => `HEAD:./${p.replaceAll("\\", "/")}`);
      // 1. sizes: a large blob is refused from its header and never transferred.
      const check = await git(["cat-file", "--batch-check"], {
        input: `${objects.join("\n")}\n`,
        maxBytes: LIST_MAX_BYTES,
      });
      const headers = check.stdout.toString("utf8").split("\n");
      const fetch: { path: string; object: string; size: number }[] = [];
      asked.forEach((p, i) => {
        const line = headers[i] ?? "";
        const [, type, sizeText] = line.split(" ");
        const size = Number(sizeText);
        if (check.code !== 0 || line === "") out.set(p, { kind: "refused", reason: "no answer from git" });
        else if (line.endsWith(" missing") || line.endsWith(" ambiguous") || type !== "blob")
          out.set(p, { kind: "absent" });
        else if (!Number.isFinite(size)) out.set(p, { kind: "refused", reason: "unexpected git output" });
        else if (size > maxBytes) out.set(p, { kind: "too-large", bytes: size });
        else fetch.push({ path: p, object: objects[i]!, size });
      });
      if (fetch.length === 0) return out;
      // 2. the blobs that fit, in one stream: `<oid> <type> <size>\n<content>\n` each.
      const total = fetch.reduce((n, f) => n + f.size + 128, 0);
      const r = await git(["cat-file", "--batch"], {
        input: `${fetch.map((f) => f.object).join("\n")}\n`,
        maxBytes: total,
      });
      let at = 0;
      for (const f of fetch) {
        const nl = r.stdout.indexOf(10, at);
        const size = nl < 0 ? Number.NaN : Number(r.stdout.subarray(at, nl).toString("utf8").split(" ")[2]);
        if (nl < 0 || size !== f.size || r.stdout.length < nl + 1 + size) {
          out.set(f.path, { kind: "refused", reason: "git output cut short" });
          continue;
        }
        out.set(f.path, decode(r.stdout.subarray(nl + 1, nl + 1 + size)));
        at = nl + 1 + size + 1;
      }
      return out;
    },

    async status() {
      const [prefix, config] = await Promise.all([repoPrefix(), overrides()]);
      if (prefix === undefined) return [];
      const r = await git(
        ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--", "."],
        { maxBytes: LIST_MAX_BYTES, config },
      );
      if (r.code !== 0 || r.truncated) return [];
      const rel = await underWorkspace();
      const out: StatusEntry[] = [];
      for (const rec of r.stdout.toString("utf8").split("\0")) {
        if (rec.length < 4) continue;
        const p = rel(rec.slice(3));
        if (p !== undefined) out.push({ code: rec.slice(0, 2), path: p });
      }
      return out;
    },

    async numstat() {
      const [prefix, config] = await Promise.all([repoPrefix(), overrides()]);
      if (prefix === undefined) return [];
      const r = await git(
        ["diff", "--numstat", "-z", "--no-renames", "--no-ext-diff", "--no-textconv", "HEAD", "--", "."],
        { maxBytes: LIST_MAX_BYTES, config },
      );
      // No HEAD yet (a repository without commits) fails here: every change is then a new file.
      if (r.code !== 0 || r.truncated) return [];
      const rel = await underWorkspace();
      const out: NumstatEntry[] = [];
      for (const rec of r.stdout.toString("utf8").split("\0")) {
        const m = /^(-|\d+)\t(-|\d+)\t(.+)$/s.exec(rec);
        if (!m) continue;
        const p = rel(m[3]!);
        if (p === undefined) continue;
        const binary = m[1] === "-" || m[2] === "-";
        out.push({ path: p, added: binary ? 0 : Number(m[1]), removed: binary ? 0 : Number(m[2]), binary });
      }
      return out;
    },

    async read(relPath, maxBytes) {
      const base = await root();
      if (!base) return { kind: "refused", reason: "workspace not found" };
      return readInside(base, relPath, maxBytes);
    },
  };
}

async function catFile(git: Git, object: string, maxBytes: number): Promise<FileRead> {
  const header = (buf: Buffer) => {
    const nl = buf.indexOf(10);
    return nl < 0 ? undefined : { line: buf.subarray(0, nl).toString("utf8"), end: nl + 1 };
  };
  const r = await git(["cat-file", "--batch"], {
    input: `${object}\n`,
    maxBytes: maxBytes + 4096,
    // Stop as soon as the header says the blob is too large: it is never transferred in full.
    enough: (buf) => {
      const h = header(buf);
      const size = h ? Number(h.line.split(" ")[2]) : Number.NaN;
      return h !== undefined && Number.isFinite(size) && size > maxBytes;
    },
  });
  const h = header(r.stdout);
  if (!h) return { kind: "refused", reason: r.code === 0 ? "no answer from git" : "git failed" };
  if (h.line.endsWith(" missing") || h.line.endsWith(" ambiguous")) return { kind: "absent" };
  const [, type, sizeText] = h.line.split(" ");
  const size = Number(sizeText);
  // A directory (tree) or a submodule (commit) at that path is no file at HEAD.
  if (type !== "blob") return { kind: "absent" };
  if (!Number.isFinite(size)) return { kind: "refused", reason: "unexpected git output" };
  if (size > maxBytes) return { kind: "too-large", bytes: size };
  if (r.stdout.length < h.end + size) return { kind: "refused", reason: "git output cut short" };
  return decode(r.stdout.subarray(h.end, h.end + size));
}

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

/** A blob at HEAD: its object id and size in bytes. */
export interface BlobRef {
  oid: string;
  size: number;
}

export type HeadEntry = ({ kind: "blob" } & BlobRef) | Extract<FileRead, { kind: "absent" | "refused" }>;

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

/** `status`/`numstat` output cap: a generator can touch very many files, but not this many bytes' worth. */
const LIST_MAX_BYTES = 32 * 1024 * 1024;

export function createGitReader(workspace: string): GitReader {
  let realRoot: Promise<string | undefined> | undefined;
  let prefix: Promise<string | undefined> | undefined;
  const git = gitIn(workspace);
  /**
   * The repository's filter and diff drivers, switched off: read anew for every call that can run one
   * (the agent may have declared a driver since the last reading, however little time ago: a reading kept
   * for a second let a run that ended within it have its driver run by the end's status). Only calls made
   * while a reading is under way share it (status and numstat, started together at the end).
   */
  let drivers: Promise<string[]> | undefined;
  const overrides = () => {
    if (drivers) return drivers;
    const reading = driverOverrides(git);
    drivers = reading;
    const done = () => {
      if (drivers === reading) drivers = undefined;
    };
    reading.then(done, done);
    return reading;
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

    async heads(relPaths) {
      const out = new Map<string, HeadEntry>();
      const asked: string[] = [];
      for (const p of relPaths) {
        const bad = checkRelative(p) ?? (/[\r\n\0]/.test(p) ? "path has a line break" : undefined);
        if (bad) out.set(p, { kind: "refused", reason: bad });
        else asked.push(p);
      }
      if (asked.length === 0) return out;
      if ((await repoPrefix()) === undefined) {
        for (const p of asked) out.set(p, { kind: "refused", reason: "not a git repository" });
        return out;
      }
      for (const chunk of argChunks(asked)) {
        const byName = new Map(chunk.map((p) => [p.replaceAll("\\", "/"), p]));
        // Paths relative to the workspace in and out (ls-tree works like `ls` in its directory); literal
        // pathspecs, so that an agent's `*` or `:(glob)` names one file, not a pattern.
        const r = await git(["--literal-pathspecs", "ls-tree", "-z", "-l", "HEAD", "--", ...byName.keys()], {
          maxBytes: LIST_MAX_BYTES,
        });
        // No HEAD yet (a repository without commits): nothing is at HEAD.
        const failed = r.code !== 0 || r.truncated;
        for (const rec of failed ? [] : r.stdout.toString("utf8").split("\0")) {
          // `<mode> <type> <oid> <size>\t<path>`; the size is `-` for a tree or a submodule.
          const tab = rec.indexOf("\t");
          if (tab < 0) continue;
          const p = byName.get(rec.slice(tab + 1));
          const [, type, oid, size] = rec.slice(0, tab).split(/ +/);
          if (p === undefined || type !== "blob" || !oid || !/^\d+$/.test(size ?? "")) continue;
          out.set(p, { kind: "blob", oid, size: Number(size) });
        }
        for (const p of chunk) if (!out.has(p)) out.set(p, { kind: "absent" });
      }
      return out;
    },

    async blobs(ids, maxBytes) {
      const out = new Map<string, FileRead>();
      const fetch: BlobRef[] = [];
      for (const b of ids) {
        if (b.size > maxBytes) out.set(b.oid, { kind: "too-large", bytes: b.size });
        else if (!/^[0-9a-f]{40,64}$/.test(b.oid))
          out.set(b.oid, { kind: "refused", reason: "not an object id" });
        else fetch.push(b);
      }
      if (fetch.length === 0) return out;
      // One stream of `<oid> <type> <size>\n<content>\n`, in the order asked; `--buffer`: not flushed
      // after each object (a pipe's worth at a time instead).
      const total = fetch.reduce((n, f) => n + f.size + 128, 0);
      const r = await git(["cat-file", "--batch", "--buffer"], {
        input: `${fetch.map((f) => f.oid).join("\n")}\n`,
        maxBytes: total,
      });
      let at = 0;
      for (const f of fetch) {
        const nl = r.stdout.indexOf(10, at);
        const size = nl < 0 ? Number.NaN : Number(r.stdout.subarray(at, nl).toString("utf8").split(" ")[2]);
        if (nl < 0 || size !== f.size || r.stdout.length < nl + 1 + size) {
          out.set(f.oid, { kind: "refused", reason: "git output cut short" });
          continue;
        }
        out.set(f.oid, decode(r.stdout.subarray(nl + 1, nl + 1 + size)));
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

/** Paths in groups small enough for one command line (Linux allows 2 MiB of arguments in all). */
function* argChunks(paths: string[]): Generator<string[]> {
  let chunk: string[] = [];
  let chars = 0;
  for (const p of paths) {
    if (chunk.length >= 1_000 || chars + p.length > 256 * 1024) {
      yield chunk;
      chunk = [];
      chars = 0;
    }
    chunk.push(p);
    chars += p.length + 1;
  }
  if (chunk.length) yield chunk;
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

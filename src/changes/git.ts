/**
 * The only place the change tracker touches the disk or git. A small interface, so tests can hand in a
 * fake (or a spy that records what was read).
 *
 * Trust boundary: every path here comes from the agent. A path is read only when it is relative, has no
 * `..` segment, and its real path (symlinks resolved) is still inside the workspace's real path; the file
 * must be a regular file and no larger than asked. Nothing outside the workspace is ever read because
 * an agent named it. Git gets the same checks before `HEAD:./path` is looked up.
 *
 * Cost: every git process has a timeout and a cap on what it may print; a process that exceeds either is
 * killed. Nothing here throws: failures read as "absent", "refused" or an empty list.
 */
import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { open, realpath } from "node:fs/promises";
import path from "node:path";

export type FileRead =
  | { kind: "text"; text: string }
  /** Not there (not on disk; not in HEAD). */
  | { kind: "absent" }
  /** Larger than the caller's limit: not read. */
  | { kind: "too-large"; bytes?: number }
  | { kind: "binary" }
  /** Not read on purpose (leaves the workspace, not a regular file) or it could not be read. */
  | { kind: "refused"; reason: string };

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

const GIT_TIMEOUT_MS = 20_000;
/** `status`/`numstat` output cap: a generator can touch very many files, but not this many bytes' worth. */
const LIST_MAX_BYTES = 32 * 1024 * 1024;
/** Bytes inspected for a NUL to call a file binary (what git itself looks at). */
const BINARY_SNIFF = 8000;

/**
 * Environment variables not handed to git. Git runs with the repository's own config, which the agent
 * could have rewritten during the run (a `core.fsmonitor` or filter command): it gets no secret of ours.
 */
const SECRET_ENV =
  /^(INPUT_|ACTIONS_RUNTIME_TOKEN$|ACTIONS_ID_TOKEN_REQUEST_|GITHUB_TOKEN$|GH_TOKEN$|CURSOR_API_KEY$)/;

/**
 * Config overrides on every call: no fsmonitor hook, no external diff or textconv programs; with the
 * `--no-ext-diff --no-textconv` flags, the commands we run start no program the repository names.
 */
const GIT_CONFIG = ["-c", "core.fsmonitor=false", "-c", "core.untrackedCache=false", "-c", "diff.external="];

export function createGitReader(workspace: string): GitReader {
  let realRoot: Promise<string | undefined> | undefined;
  let prefix: Promise<string | undefined> | undefined;
  const env = gitEnv();
  const git = (args: string[], opts: RunOptions = {}) =>
    runGit([...GIT_CONFIG, ...args], { cwd: workspace, env, ...opts });

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
      if ((await repoPrefix()) === undefined) return [];
      const r = await git(
        ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--", "."],
        { maxBytes: LIST_MAX_BYTES },
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
      if ((await repoPrefix()) === undefined) return [];
      const r = await git(
        ["diff", "--numstat", "-z", "--no-renames", "--no-ext-diff", "--no-textconv", "HEAD", "--", "."],
        { maxBytes: LIST_MAX_BYTES },
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

/** Why `relPath` may not be looked up, or undefined when it may. */
function checkRelative(relPath: string): string | undefined {
  if (relPath === "" || relPath === ".") return "not a file path";
  if (relPath.includes("\0")) return "path has a NUL";
  if (path.isAbsolute(relPath) || path.win32.isAbsolute(relPath) || /^[A-Za-z]:/.test(relPath)) {
    return "absolute path";
  }
  if (relPath.split(/[\\/]/).some((s) => s === "..")) return "path leaves the workspace";
  return undefined;
}

function insideDir(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel !== "" && !rel.startsWith(`..${path.sep}`) && rel !== ".." && !path.isAbsolute(rel);
}

/**
 * Reads `relPath` below the (real) workspace root `root`, refusing anything that leaves it once symlinks
 * are resolved, anything that is not a regular file, and anything larger than `maxBytes`.
 */
export async function readInside(root: string, relPath: string, maxBytes: number): Promise<FileRead> {
  const bad = checkRelative(relPath);
  if (bad) return { kind: "refused", reason: bad };
  const lexical = path.resolve(root, relPath);
  if (!insideDir(root, lexical)) return { kind: "refused", reason: "path leaves the workspace" };
  let real: string;
  try {
    real = await realpath(lexical);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "absent" };
    return { kind: "refused", reason: `cannot resolve: ${code ?? "error"}` };
  }
  if (!insideDir(root, real)) return { kind: "refused", reason: "a symlink leads outside the workspace" };
  // O_NOFOLLOW: the real path must not have become a symlink since; O_NONBLOCK: a FIFO must not hang us.
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  let fh: Awaited<ReturnType<typeof open>> | undefined;
  try {
    fh = await open(real, flags);
    const st = await fh.stat();
    if (!st.isFile()) return { kind: "refused", reason: "not a regular file" };
    if (st.size > maxBytes) return { kind: "too-large", bytes: st.size };
    const buf = Buffer.alloc(st.size);
    let n = 0;
    while (n < st.size) {
      const { bytesRead } = await fh.read(buf, n, st.size - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    return decode(buf.subarray(0, n));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "absent" };
    return { kind: "refused", reason: `cannot read: ${code ?? "error"}` };
  } finally {
    await fh?.close().catch(() => {});
  }
}

function decode(buf: Buffer): FileRead {
  if (buf.subarray(0, BINARY_SNIFF).includes(0)) return { kind: "binary" };
  return { kind: "text", text: buf.toString("utf8") };
}

function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!SECRET_ENV.test(k)) env[k] = v;
  return {
    ...env,
    // Read-only commands must not take the index lock (a concurrent git in the job would fail on it).
    GIT_OPTIONAL_LOCKS: "0",
    GIT_TERMINAL_PROMPT: "0",
    GIT_PAGER: "cat",
    LC_ALL: "C",
  };
}

interface RunOptions {
  input?: string;
  maxBytes?: number;
  timeoutMs?: number;
  /** Called with stdout so far; returning true stops the process (the caller has what it needs). */
  enough?: (stdout: Buffer) => boolean;
}

interface RunResult {
  code: number | null;
  stdout: Buffer;
  /** Stopped for exceeding `maxBytes`, by `enough`, or by the timeout. */
  truncated: boolean;
}

function runGit(
  args: string[],
  opts: RunOptions & { cwd: string; env: NodeJS.ProcessEnv },
): Promise<RunResult> {
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn("git", args, {
        cwd: opts.cwd,
        env: opts.env,
        stdio: [opts.input === undefined ? "ignore" : "pipe", "pipe", "ignore"],
        windowsHide: true,
      });
    } catch {
      resolve({ code: null, stdout: Buffer.alloc(0), truncated: false });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    let done = false;
    const stop = () => {
      truncated = true;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(stop, opts.timeoutMs ?? GIT_TIMEOUT_MS);
    const finish = (code: number | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(chunks, size), truncated });
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      if (truncated) return;
      if (size + chunk.length > maxBytes) {
        const room = maxBytes - size;
        if (room > 0) {
          chunks.push(chunk.subarray(0, room));
          size += room;
        }
        return stop();
      }
      chunks.push(chunk);
      size += chunk.length;
      // Only the start of the output decides (a header): do not re-join a large output on every chunk.
      if (opts.enough && size <= 64 * 1024 && opts.enough(Buffer.concat(chunks, size))) stop();
    });
    child.on("error", () => finish(null));
    child.on("close", (code) => finish(code));
    if (opts.input !== undefined) {
      child.stdin?.on("error", () => {});
      child.stdin?.end(opts.input);
    }
  });
}

type Git = (args: string[], opts?: RunOptions) => Promise<RunResult>;

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

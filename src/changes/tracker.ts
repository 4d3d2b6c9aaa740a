/**
 * The change tracker: from the run's tool calls to one net change per file.
 *
 * During the run ({@link ChangeTracker.onUpdate}, on the hot path) it only records, per file, the content
 * before the first change (when an event tells it) and the content after the last one; reads and edits
 * are not diffed there. At the end ({@link ChangeTracker.finish}) it takes the baseline from git's HEAD
 * when it can, replays what could not be applied during the run, diffs, and cross-checks the working tree.
 *
 * Trust boundary: the agent names the paths. A path outside the workspace is listed as `outside` and never
 * read; paths inside are read only through {@link GitReader}, which resolves symlinks and refuses anything
 * that leaves the workspace.
 *
 * Cost bounds: memory holds at most two texts per file (before, after), each capped, with a cap over all
 * files; time at the end is bounded per git call, per diff (jsdiff's own timeout) and overall.
 */
import { lstat } from "node:fs/promises";
import path from "node:path";
import { applyPatch } from "diff";
import { isWindowsPath, relatePath } from "../model/paths.js";
import type { ModelUpdate } from "../model/run-model.js";
import { changedPath, type FileOp, fileOps } from "../tools/index.js";
import { applyChunks } from "../tools/patch.js";
import { type Content, countLines, DEFAULT_LIMITS, type DiffLimits, describeChange } from "./diff.js";
import {
  createGitReader,
  type FileRead,
  type GitReader,
  type NumstatEntry,
  type StatusEntry,
} from "./git.js";
import type { ChangeSet, FileChange } from "./types.js";

/** Longest text kept per file side (chars); a longer one keeps only its size and line count. */
export const MAX_KEPT_CHARS = 8 * 1024 * 1024;
/** All texts kept across files (chars): past it, new texts keep only their size and line count. */
export const MAX_TOTAL_KEPT_CHARS = 96 * 1024 * 1024;
/** Of which full reads (baseline candidates for files that may never change) may take this much. */
const MAX_READ_KEPT_CHARS = 32 * 1024 * 1024;
/** Edits waiting to be replayed per file: past it, the file's content is taken from the working tree. */
const MAX_PENDING = 500;
/** Files changed by commands listed one by one; the rest are summed in a note. */
const MAX_SHELL_LISTED = 300;
/** The whole of {@link ChangeTracker.finish}, by default. */
/** How long file paths are collected before one batch of HEAD contents is asked for. */
const PREFETCH_BATCH_MS = 500;
const DEFAULT_BUDGET_MS = 60_000;
const MAX_NOTES = 50;

export interface FinishOptions {
  /** Defaults to git in the workspace ({@link createGitReader}); `noGit` for a transcript from elsewhere. */
  git?: GitReader;
  /** Larger files get counts and a note instead of a diff. Default 1 MB. */
  maxFileBytes?: number;
  /** Time for the whole of `finish`; past it, what is left gets event-based baselines and no diffs. */
  budgetMs?: number;
  /** The working tree's changes before the agent started ({@link snapshotWorkingTree}): not the agent's. */
  before?: Map<string, string>;
}

/**
 * The working tree's state before the run, as `path → status and counts`, so that changes a checkout,
 * an earlier step or `protect-config` made are not reported as the agent's commands.
 */
export async function snapshotWorkingTree(git: GitReader, workspace: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  try {
    // `git status` alone (plus a stat of each entry) keeps this to one status process before the agent starts.
    for (const e of await git.status()) out.set(e.path, await entrySignature(workspace, e.code, e.path));
  } catch {
    // No snapshot: every working-tree change is then attributed to the run, as without one.
  }
  return out;
}

/** A changed entry's state: its status code, size and modification time (no content is read). */
async function entrySignature(workspace: string, code: string, rel: string): Promise<string> {
  try {
    const st = await lstat(path.join(workspace, rel));
    return `${code} ${st.size} ${st.mtimeMs}`;
  } catch {
    return `${code} -`;
  }
}

type PendingOp = Extract<FileOp, { kind: "patch" | "unified" | "replace" }>;

interface FileState {
  path: string;
  inside: boolean;
  /** The first full read before any change (only inside the workspace). */
  read?: Content;
  /** What the first change said the file was before it; `inferred`: an edit that implied a new file. */
  before?: Content;
  beforeInferred?: boolean;
  /** The content after the last full-content change; undefined while only pending edits are known. */
  final?: Content;
  /** Edits since {@link final} (or since the baseline), to replay at the end. */
  pending: PendingOp[];
  edits: number;
}

interface Located {
  key: string;
  path: string;
  inside: boolean;
}

export class ChangeTracker {
  private readonly workspace: string;
  private readonly rootOf: () => string | undefined;
  private readonly files = new Map<string, FileState>();
  /** Full reads of files not (yet) changed: candidates for a baseline. */
  private readonly reads = new Map<string, Content>();
  /** Paths a file-changing call named without succeeding (it may still have changed them). */
  private readonly attempted = new Set<string>();
  private keptChars = 0;
  private readChars = 0;
  private dropped = 0;

  /** Where HEAD contents are fetched ahead, while the agent still runs (none: fetched at the end). */
  private readonly prefetchGit: GitReader | undefined;
  /** HEAD contents asked for during the run, by workspace path. */
  private readonly prefetched = new Map<string, Promise<FileRead | undefined>>();
  private toPrefetch: string[] = [];
  private prefetchTimer: NodeJS.Timeout | undefined;

  constructor(opts: { workspace: string; root: () => string | undefined; prefetch?: GitReader }) {
    this.workspace = opts.workspace;
    this.rootOf = opts.root;
    this.prefetchGit = opts.prefetch;
  }

  /**
   * Asks for a changed file's HEAD content in the background, batched (one `git cat-file` pair per
   * batch), so that the end of the run does not wait for git: its waits were most of the end-of-run
   * time (BENCHMARKS.md). HEAD as it was when the agent first touched the file is the right baseline
   * even if the agent commits later. Read-only, without locks: safe beside the agent's own git.
   */
  private prefetch(path: string): void {
    const git = this.prefetchGit;
    if (!git?.showMany || this.prefetched.has(path) || this.toPrefetch.includes(path)) return;
    this.toPrefetch.push(path);
    this.prefetchTimer ??= setTimeout(() => {
      this.prefetchTimer = undefined;
      const batch = this.toPrefetch;
      this.toPrefetch = [];
      const fetched = git.showMany!(batch, MAX_KEPT_CHARS).catch(() => undefined);
      for (const p of batch)
        this.prefetched.set(
          p,
          fetched.then((m) => m?.get(p)),
        );
    }, PREFETCH_BATCH_MS).unref();
  }

  /** Feed every model update. Non-tool updates return at once; nothing is diffed or read here. */
  onUpdate(u: ModelUpdate): void {
    if (u.type !== "tool-end" && u.type !== "tool-start") return;
    try {
      // A started call may change a file and never report (the run was stopped): remember its path, so a
      // change on disk there is not blamed on a command. Success forgets it again.
      if (u.type === "tool-start" || u.call.status !== "succeeded") {
        const p = changedPath(u.tool);
        const loc = p ? this.locate(p) : undefined;
        if (loc) this.attempted.add(loc.key);
        return;
      }
      if (this.attempted.size > 0) {
        const named = changedPath(u.tool);
        const loc = named ? this.locate(named) : undefined;
        if (loc) this.attempted.delete(loc.key);
      }
      for (const op of fileOps(u.tool)) this.apply(op);
    } catch {
      // A payload we misread must not take the run down; the git cross-check still sees the disk.
    }
  }

  /** At the end: baselines from git, diffs, the cross-check against the working tree. Never throws. */
  async finish(opts: FinishOptions = {}): Promise<ChangeSet> {
    try {
      return await this.summarize(opts);
    } catch (e) {
      return {
        files: [],
        added: 0,
        removed: 0,
        notes: [`The change summary could not be made: ${(e as Error)?.message ?? String(e)}`],
      };
    }
  }

  // ---- during the run ----

  private apply(op: FileOp): void {
    const loc = this.locate(op.path);
    if (!loc) return;
    if (op.kind === "read") {
      // Only a read before any change says what the file was; outside files are never a baseline we need.
      // Reads have a budget of their own, so that reading many files cannot starve the edits' contents.
      if (loc.inside && !this.files.has(loc.key) && !this.reads.has(loc.key)) {
        if (this.readChars + op.text.length > MAX_READ_KEPT_CHARS) return;
        const c = this.keep(op.text);
        if (c.kind === "text") this.readChars += c.text.length;
        this.reads.set(loc.key, c);
      }
      return;
    }
    let s = this.files.get(loc.key);
    const first = s === undefined;
    if (!s) {
      if (loc.inside) this.prefetch(loc.path);
      s = { path: loc.path, inside: loc.inside, pending: [], edits: 0 };
      const read = this.reads.get(loc.key);
      if (read) {
        s.read = read;
        this.reads.delete(loc.key);
      }
      this.files.set(loc.key, s);
    }
    s.edits++;
    this.attempted.delete(loc.key);
    switch (op.kind) {
      case "set":
        if (first && op.before !== undefined) {
          s.before = op.before === null ? { kind: "absent" } : this.keep(op.before);
          s.beforeInferred = op.before === null;
        }
        this.setFinal(s, op.after === undefined ? { kind: "unknown", why: op.why } : this.keep(op.after));
        return;
      case "delete":
        if (first && op.before !== undefined) s.before = this.keep(op.before);
        this.setFinal(s, { kind: "absent" });
        return;
      default:
        // Replayed at the end, on content that may only be known then (HEAD).
        if (s.final?.kind === "unknown") return;
        if (s.pending.length >= MAX_PENDING) {
          this.setFinal(s, { kind: "unknown", why: "too many edits to replay" });
          return;
        }
        s.pending.push(op);
        this.keptChars += pendingSize(op);
    }
  }

  private setFinal(s: FileState, c: Content): void {
    this.release(s.final);
    for (const op of s.pending) this.keptChars -= pendingSize(op);
    s.final = c;
    s.pending = [];
    // The first change's own before-content beats a read: the read is no longer needed.
    if (s.before && !s.beforeInferred && s.read) {
      this.release(s.read);
      s.read = undefined;
    }
  }

  /** Keeps `text` within the caps; past them, only its size and line count (linear, once). */
  private keep(text: string): Content {
    if (text.length > MAX_KEPT_CHARS || this.keptChars + text.length > MAX_TOTAL_KEPT_CHARS) {
      this.dropped++;
      return { kind: "large", lines: countLines(text), bytes: Buffer.byteLength(text) };
    }
    this.keptChars += text.length;
    return { kind: "text", text };
  }

  private release(c: Content | undefined): void {
    if (c?.kind === "text") this.keptChars -= c.text.length;
  }

  /**
   * The agent's path as a workspace path. Paths are related to the run's root (the init `cwd`, else the
   * workspace), in the agent's OS style: a transcript from `D:\Repo` still maps to workspace paths. When
   * the root is a local directory nested with the workspace, paths are re-related to the workspace.
   */
  private locate(p: string): Located | undefined {
    if (p === "" || p.includes("\0")) return undefined;
    const root = this.rootOf() || this.workspace;
    let rel = relatePath(p, root);
    if (root !== this.workspace && isLocalDir(root) && !isForeign(p)) {
      if (within(this.workspace, root) || within(root, this.workspace)) {
        rel = relatePath(path.resolve(root, p), this.workspace);
      }
    }
    if (rel.inside && (rel.display === "." || rel.display === "")) return undefined;
    const fold = isWindowsPath(root) || process.platform === "win32";
    const key = `${rel.inside ? "in" : "out"}:${fold ? rel.display.toLowerCase() : rel.display}`;
    return { key, path: rel.display, inside: rel.inside };
  }

  // ---- at the end ----

  private async summarize(opts: FinishOptions): Promise<ChangeSet> {
    const started = Date.now();
    const budget = opts.budgetMs ?? DEFAULT_BUDGET_MS;
    const timeLeft = () => budget - (Date.now() - started);
    const git = opts.git ?? createGitReader(this.workspace);
    const limits: DiffLimits = {
      ...DEFAULT_LIMITS,
      maxFileBytes: opts.maxFileBytes ?? DEFAULT_LIMITS.maxFileBytes,
    };
    const notes: string[] = [];
    const note = (n: string) => {
      if (notes.length < MAX_NOTES) notes.push(n);
    };
    /** A git call, bounded by what is left of the budget, and never a throw. */
    const ask = <T>(f: () => Promise<T>, fallback: T): Promise<T> => guarded(f, fallback, timeLeft());

    const repo = await ask(() => git.isRepo(), false);
    const inside: FileChange[] = [];
    const outside: FileChange[] = [];
    const explained = new Set<string>();
    let budgetNoted = false;

    const states = [...this.files.entries()].sort((a, b) => cmp(a[1].path, b[1].path));
    const insidePaths = states.filter(([, s]) => s.inside).map(([, s]) => s.path);
    // The working tree's status and counts are asked for now, in parallel with the HEAD contents below:
    // git processes one after another were most of the end of a run (BENCHMARKS.md).
    const statusP = repo ? ask(() => git.status(), []) : Promise.resolve([]);
    const numstatP = repo ? ask(() => git.numstat(), []) : Promise.resolve([]);
    const heads = repo ? await this.headContents(git, insidePaths, ask) : undefined;
    for (const [key, s] of states) {
      if (!s.inside) {
        const ch = this.outsideChange(s, limits, timeLeft());
        if (ch) outside.push(ch);
        continue;
      }
      if (timeLeft() <= 0 && !budgetNoted) {
        budgetNoted = true;
        note("The time for the change summary ran out: later files have no git baseline and no diff.");
      }
      // Baseline: HEAD first; else what the events said.
      let base: Content | undefined;
      let label: FileChange["baseline"] = "unknown";
      if (repo && timeLeft() > 0) {
        const r = heads?.get(s.path) ?? (await ask(() => git.show(s.path, MAX_KEPT_CHARS), undefined));
        base = r ? fromRead(r) : undefined;
        if (base) label = "git";
      }
      if (!base) [base, label] = eventBaseline(s);

      let final = replay(s, base);
      const extra: string[] = [];
      let fromDisk = false;
      if (final.kind === "unknown" && timeLeft() > 0) {
        // The events do not say what the file became: the working tree does (inside the workspace only).
        const r = await ask(() => git.read(s.path, MAX_KEPT_CHARS), undefined);
        const disk = r ? fromRead(r) : undefined;
        if (disk && (disk.kind !== "absent" || repo)) {
          extra.push(
            `${final.why ?? "the tool calls do not say its final content"}; taken from the working tree`,
          );
          final = disk;
          fromDisk = true;
        } else if (r?.kind === "absent") {
          final = {
            kind: "unknown",
            why: `${final.why ?? "its final content is unknown"}; not found in the workspace`,
          };
        }
      }

      let mismatch = false;
      if (repo && !fromDisk && final.kind !== "unknown" && timeLeft() > 0) {
        const r = await ask(() => git.read(s.path, MAX_KEPT_CHARS), undefined);
        const disk = r ? fromRead(r) : undefined;
        const same = disk ? sameContent(disk, final) : undefined;
        if (same === false) {
          mismatch = true;
          extra.push(
            disk && sameContent(disk, base) === true
              ? "unchanged on disk: the working tree does not have the change the tool calls reported"
              : "the working tree differs from what the tool calls reported",
          );
        }
      }

      const d = describeChange(s.path, base, final, limits, timeLeft());
      if (!d) {
        if (mismatch) continue; // back to its start per the tool calls, yet changed on disk: a `shell` change
        explained.add(key);
        if (s.edits > 0) note(`${s.path}: changed, then back to its original content (no net change).`);
        continue;
      }
      explained.add(key);
      const ch: FileChange = { path: s.path, ...d, baseline: label, editCount: s.edits };
      const n = joinNotes(d.note, ...extra);
      if (n) ch.note = n;
      else delete ch.note;
      if (mismatch) ch.mismatchOnDisk = true;
      inside.push(ch);
    }

    const shell = repo
      ? await this.shellChanges(git, explained, ask, note, opts.before, statusP, numstatP)
      : { files: [], added: 0, removed: 0 };
    if (this.dropped > 0) {
      note(`${this.dropped} file content(s) were too large to keep in memory: their counts are approximate.`);
    }
    const files = [...inside, ...outside, ...shell.files];
    // Files changed by commands past the listing cap still count.
    let added = shell.added;
    let removed = shell.removed;
    for (const f of files) {
      if (f.status === "outside") continue;
      added += f.added;
      removed += f.removed;
    }
    return { files, added, removed, notes };
  }

  /** A file outside the workspace: counts from the events alone; never read, no diff shown. */
  private outsideChange(s: FileState, limits: DiffLimits, timeLeftMs: number): FileChange | undefined {
    const [base, label] = eventBaseline(s);
    const final = replay(s, base);
    const d = describeChange(s.path, base, final, limits, timeLeftMs);
    if (!d) return undefined;
    return {
      path: s.path,
      status: "outside",
      added: d.added,
      removed: d.removed,
      note: joinNotes(`outside the workspace (${d.status}): not read, not part of the repository`, d.note),
      baseline: label,
      editCount: s.edits,
    };
  }

  /** HEAD contents of the changed files: those fetched during the run, and the rest now in one batch. */
  private async headContents(
    git: GitReader,
    paths: string[],
    ask: <T>(f: () => Promise<T>, fallback: T) => Promise<T>,
  ): Promise<Map<string, FileRead> | undefined> {
    if (!git.showMany || paths.length === 0) return undefined;
    const out = new Map<string, FileRead>();
    // Paths still waiting for their batch's timer are simply asked for with the rest, now.
    if (this.prefetchTimer) clearTimeout(this.prefetchTimer);
    this.prefetchTimer = undefined;
    this.toPrefetch = [];
    const rest: string[] = [];
    for (const p of paths) {
      const early = this.prefetched.get(p);
      const r = early ? await ask(() => early, undefined) : undefined;
      if (r) out.set(p, r);
      else rest.push(p);
    }
    if (rest.length > 0) {
      const more = await ask(() => git.showMany!(rest, MAX_KEPT_CHARS), undefined);
      for (const [p, r] of more ?? []) out.set(p, r);
    }
    return out;
  }

  /** Working-tree changes no successful file tool call explains: commands, generators, earlier edits. */
  private async shellChanges(
    git: GitReader,
    explained: Set<string>,
    ask: <T>(f: () => Promise<T>, fallback: T) => Promise<T>,
    note: (n: string) => void,
    before: Map<string, string> | undefined,
    statusP: Promise<StatusEntry[]>,
    numstatP: Promise<NumstatEntry[]>,
  ): Promise<{ files: FileChange[]; added: number; removed: number }> {
    const status = await statusP;
    if (status.length === 0) return { files: [], added: 0, removed: 0 };
    const numstat = new Map<string, NumstatEntry>();
    const rawNumstat = await numstatP;
    for (const n of rawNumstat) numstat.set(this.gitKey(n.path), n);
    let unchangedSinceBefore = 0;
    const out: FileChange[] = [];
    let unlisted = 0;
    let unlistedAdded = 0;
    let unlistedRemoved = 0;
    for (const e of [...status].sort((a, b) => cmp(a.path, b.path))) {
      const key = this.gitKey(e.path);
      if (explained.has(key)) continue;
      if (
        before?.has(e.path) &&
        before.get(e.path) === (await entrySignature(this.workspace, e.code, e.path))
      ) {
        unchangedSinceBefore++;
        continue;
      }
      const n = numstat.get(key);
      if (out.length >= MAX_SHELL_LISTED) {
        unlisted++;
        unlistedAdded += n?.added ?? 0;
        unlistedRemoved += n?.removed ?? 0;
        continue;
      }
      const isNew = e.code === "??" || e.code[0] === "A";
      const isDeleted = e.code.includes("D");
      const what = isNew ? "a new file" : isDeleted ? "deleted" : "modified";
      const notes = [`${what}, changed by no file tool call (a command, or already changed before the run)`];
      if (this.attempted.has(key)) notes.push("a file tool call on it did not report success");
      let added = n?.added ?? 0;
      const removed = n?.removed ?? 0;
      if (n?.binary) notes.push("binary file");
      else if (!n && isNew) {
        // Untracked: git has no counts for it; its lines are all added.
        const r = await ask(() => git.read(e.path, MAX_KEPT_CHARS), undefined);
        if (r?.kind === "text") added = countLines(r.text);
        else if (r?.kind === "binary") notes.push("binary file");
        else if (r?.kind === "too-large") notes.push("too large to count");
        else if (r?.kind === "refused") notes.push(`not read: ${r.reason}`);
      }
      out.push({
        path: e.path,
        status: "shell",
        added,
        removed,
        note: joinNotes(...notes),
        baseline: "git",
        editCount: 0,
      });
    }
    if (unchangedSinceBefore > 0) {
      note(
        `${unchangedSinceBefore} file(s) already changed before the agent started are not counted as its changes.`,
      );
    }
    if (unlisted > 0) {
      note(
        `${unlisted} more file(s) changed by commands are not listed; their counts (+${unlistedAdded} −${unlistedRemoved}, tracked files only) are in the totals.`,
      );
    }
    return { files: out, added: unlistedAdded, removed: unlistedRemoved };
  }

  /** Git's workspace-relative path under the same key as a tool call's path. */
  private gitKey(p: string): string {
    const root = this.rootOf() || this.workspace;
    const fold = isWindowsPath(root) || process.platform === "win32";
    return `in:${fold ? p.toLowerCase() : p}`;
  }
}

/** The baseline the events give: the first change's before-content, an earlier full read, an inferred new file. */
function eventBaseline(s: FileState): [Content, FileChange["baseline"]] {
  if (s.before && !s.beforeInferred) return [s.before, "before"];
  if (s.read) return [s.read, "read"];
  if (s.before) return [s.before, "before"];
  return [{ kind: "unknown" }, "unknown"];
}

/** The final content: the last full content (or the baseline), with pending edits replayed on it. */
function replay(s: FileState, base: Content): Content {
  let cur: Content = s.final ?? base;
  for (const op of s.pending) {
    if (cur.kind !== "text") {
      return { kind: "unknown", why: "an edit could not be replayed: the content before it is unknown" };
    }
    const next = applyPending(cur.text, op);
    if (next === undefined)
      return { kind: "unknown", why: "an edit could not be replayed on the known content" };
    cur = { kind: "text", text: next };
  }
  return cur;
}

function applyPending(text: string, op: PendingOp): string | undefined {
  switch (op.kind) {
    case "patch":
      return applyChunks(text, op.chunks);
    case "unified":
      try {
        const r = applyPatch(text, op.diff);
        return r === false ? undefined : r;
      } catch {
        return undefined;
      }
    case "replace": {
      if (op.old === "") return undefined;
      const at = text.indexOf(op.old);
      if (at < 0) return undefined;
      if (op.all) return text.split(op.old).join(op.new);
      return text.slice(0, at) + op.new + text.slice(at + op.old.length);
    }
  }
}

function pendingSize(op: PendingOp): number {
  switch (op.kind) {
    case "patch":
      return op.chunks.reduce((n, c) => n + c.oldLines.length + c.newLines.length, 0) * 40;
    case "unified":
      return op.diff.length;
    case "replace":
      return op.old.length + op.new.length;
  }
}

function fromRead(r: FileRead): Content | undefined {
  switch (r.kind) {
    case "text":
      return { kind: "text", text: r.text };
    case "absent":
      return { kind: "absent" };
    case "too-large":
      return { kind: "large", bytes: r.bytes };
    case "binary":
      return { kind: "binary" };
    case "refused":
      return undefined;
  }
}

/** Equal, different, or undefined when it cannot be told (content not kept on one side). */
function sameContent(a: Content, b: Content): boolean | undefined {
  if (a.kind === "text" && b.kind === "text") return a.text === b.text;
  if (a.kind === "absent" || b.kind === "absent") return a.kind === b.kind;
  return undefined;
}

async function guarded<T>(f: () => Promise<T>, fallback: T, ms: number): Promise<T> {
  if (ms <= 0) return fallback;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      f().catch(() => fallback),
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), ms);
      }),
    ]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

function joinNotes(...notes: (string | undefined)[]): string | undefined {
  const n = notes.filter((x): x is string => !!x);
  return n.length ? n.join("; ") : undefined;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A directory path of this machine's OS (not a foreign transcript's `D:\…` on Linux). */
function isLocalDir(p: string): boolean {
  return path.isAbsolute(p) && (process.platform === "win32" || !isWindowsPath(p));
}

function isForeign(p: string): boolean {
  return process.platform !== "win32" && isWindowsPath(p);
}

function within(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

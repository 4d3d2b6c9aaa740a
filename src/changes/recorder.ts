/**
 * The hot path of change tracking: per file, the content before the first change (when an event tells it)
 * and after the last one, plus the edits still to replay. Nothing is read, diffed or spawned here.
 *
 * Cost bounds: at most two texts per file (before, after), each capped, with a cap over all files; full
 * reads (baseline candidates for files that may never change) have a budget of their own.
 */
import type { ModelUpdate } from "../model/run-model.js";
import { changedPath, type FileOp, fileOps, type Tool } from "../tools/index.js";
import { type Content, countLines } from "./diff.js";
import type { Located, Locator } from "./locate.js";

/** Longest text kept per file side (chars); a longer one keeps only its size and line count. */
export const MAX_KEPT_CHARS = 8 * 1024 * 1024;
/**
 * All texts kept across files (chars): past it, new texts keep only their size and line count. With the
 * workspace at hand ({@link KEEP_WITH_WORKSPACE}) low, so that memory does not grow with the number of
 * files changed (2,000 files × 3,000 lines are 240 MB a side): the end of the run reads what was let go
 * from the working tree and HEAD. For a saved transcript the events are all there is: room for two files
 * of 8 MiB a side.
 */
export const KEEP_WITH_WORKSPACE = 8 * 1024 * 1024;
export const KEEP_EVENTS_ONLY = 32 * 1024 * 1024;
/** Of which full reads may take this much. */
const MAX_READ_KEPT_CHARS = 4 * 1024 * 1024;
/** Edits waiting to be replayed per file: past it, the file's content is taken from the working tree. */
const MAX_PENDING = 500;

export type PendingOp = Extract<FileOp, { kind: "patch" | "unified" | "replace" }>;

export interface FileState {
  path: string;
  inside: boolean;
  /** Under `.git/`: nothing of its content is kept, read or shown (see Located.repoData). */
  repoData: boolean;
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

export class Recorder {
  /** Changed files by key. */
  readonly files = new Map<string, FileState>();
  /** Paths a file-changing call named without succeeding (it may still have changed them). */
  readonly attempted = new Set<string>();
  /** Texts past the caps, kept as counts only. */
  dropped = 0;
  /** Full reads of files not (yet) changed: candidates for a baseline. */
  private readonly reads = new Map<string, Content>();
  private keptChars = 0;
  private readChars = 0;

  constructor(
    private readonly locator: Locator,
    /** Told the workspace path of each file when it first changes (to fetch its HEAD content early). */
    private readonly firstChange: (path: string) => void,
    /** {@link KEEP_WITH_WORKSPACE} or {@link KEEP_EVENTS_ONLY}. */
    private readonly maxTotalChars = KEEP_EVENTS_ONLY,
  ) {}

  /** Feed every model update. Non-tool updates return at once. */
  onUpdate(u: ModelUpdate): void {
    if (u.type === "init") {
      if (u.session.cwd) this.locator.root = u.session.cwd;
      return;
    }
    if (u.type !== "tool-end" && u.type !== "tool-start") return;
    try {
      // A started call may change a file and never report (the run was stopped): remember its path, so a
      // change on disk there is not blamed on a command. Success forgets it again.
      if (u.type === "tool-start" || u.call.status !== "succeeded") {
        const key = this.keyOfNamed(u.tool);
        if (key) this.attempted.add(key);
        return;
      }
      if (this.attempted.size > 0) {
        const key = this.keyOfNamed(u.tool);
        if (key) this.attempted.delete(key);
      }
      for (const op of fileOps(u.tool)) this.apply(op);
    } catch {
      // A payload we misread must not take the run down; the git cross-check still sees the disk.
    }
  }

  private keyOfNamed(tool: Tool): string | undefined {
    const named = changedPath(tool);
    return named ? this.locator.locate(named)?.key : undefined;
  }

  private apply(op: FileOp): void {
    const loc = this.locator.locate(op.path);
    if (!loc) return;
    if (loc.repoData) return this.touchRepoData(loc);
    if (op.kind === "read") {
      // Only a read before any change says what the file was; outside files are never a baseline we need.
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
      if (loc.inside) this.firstChange(loc.path);
      s = { path: loc.path, inside: loc.inside, repoData: false, pending: [], edits: 0 };
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

  /** A change under `.git/`: counted, its content dropped on the spot. */
  private touchRepoData(loc: Located): void {
    let s = this.files.get(loc.key);
    if (!s) {
      s = { path: loc.path, inside: loc.inside, repoData: true, pending: [], edits: 0 };
      this.files.set(loc.key, s);
    }
    s.edits++;
    this.attempted.delete(loc.key);
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

  /**
   * Keeps `text` within the caps; past them, only its size and line count (linear, once): the end of the
   * run reads such a file from the working tree, one batch at a time, instead of holding every file here.
   */
  private keep(text: string): Content {
    if (text.length > MAX_KEPT_CHARS || this.keptChars + text.length > this.maxTotalChars) {
      this.dropped++;
      return { kind: "large", lines: countLines(text), bytes: Buffer.byteLength(text), dropped: true };
    }
    this.keptChars += text.length;
    return { kind: "text", text };
  }

  private release(c: Content | undefined): void {
    if (c?.kind === "text") this.keptChars -= c.text.length;
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

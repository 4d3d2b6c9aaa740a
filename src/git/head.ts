/**
 * What HEAD holds at the agent's paths: one file (`cat-file --batch`, refused from its header when too
 * large), many files' blob ids and sizes (`ls-tree`, once per process for all of them), and blobs by id
 * (`cat-file --batch`, one process for a batch). Every path is the agent's: checked as the file reader
 * checks it before git sees it, and looked up as a literal, never as a pattern.
 */
import { LIST_MAX_BYTES, type Repo } from "./repo.js";
import type { AnswerReader, Git, GitProcess } from "./run.js";
import { checkRelative, decode, type FileRead } from "./workspace-files.js";

/** A blob at HEAD: its object id and size in bytes. */
export interface BlobRef {
  oid: string;
  size: number;
}

export type HeadEntry = ({ kind: "blob" } & BlobRef) | Extract<FileRead, { kind: "absent" | "refused" }>;

/** The file at `HEAD` (`absent` when HEAD has no such file, or there is no HEAD yet). */
export async function showAtHead(repo: Repo, relPath: string, maxBytes: number): Promise<FileRead> {
  const bad = checkRelative(relPath);
  if (bad) return { kind: "refused", reason: bad };
  if ((await repo.prefix()) === undefined) return { kind: "refused", reason: "not a git repository" };
  // `--batch` reads the object name from stdin and prints `<oid> <type> <size>` first, so a large
  // blob is refused from its header without being read. A path with a newline cannot go through it.
  if (/[\r\n]/.test(relPath)) return { kind: "refused", reason: "path has a line break" };
  return catFile(repo.git, `HEAD:./${relPath.replaceAll("\\", "/")}`, maxBytes);
}

/** What `HEAD` has at each path: a blob's id and size, or why there is no content. */
export async function headEntries(repo: Repo, relPaths: string[]): Promise<Map<string, HeadEntry>> {
  const out = new Map<string, HeadEntry>();
  const asked: string[] = [];
  for (const p of relPaths) {
    const bad = checkRelative(p) ?? (/[\r\n\0]/.test(p) ? "path has a line break" : undefined);
    if (bad) out.set(p, { kind: "refused", reason: bad });
    else asked.push(p);
  }
  if (asked.length === 0) return out;
  if ((await repo.prefix()) === undefined) {
    for (const p of asked) out.set(p, { kind: "refused", reason: "not a git repository" });
    return out;
  }
  for (const chunk of argChunks(asked)) {
    const byName = new Map(chunk.map((p) => [p.replaceAll("\\", "/"), p]));
    // Paths relative to the workspace in and out (ls-tree works like `ls` in its directory); literal
    // pathspecs, so that an agent's `*` or `:(glob)` names one file, not a pattern.
    const r = await repo.git(["--literal-pathspecs", "ls-tree", "-z", "-l", "HEAD", "--", ...byName.keys()], {
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
}

/** What is settled without git (too large, not an object id), and the blobs git is to be asked for. */
function plan(ids: BlobRef[], maxBytes: number): { out: Map<string, FileRead>; fetch: BlobRef[] } {
  const out = new Map<string, FileRead>();
  const fetch: BlobRef[] = [];
  for (const b of ids) {
    if (b.size > maxBytes) out.set(b.oid, { kind: "too-large", bytes: b.size });
    else if (!/^[0-9a-f]{40,64}$/.test(b.oid))
      out.set(b.oid, { kind: "refused", reason: "not an object id" });
    else fetch.push(b);
  }
  return { out, fetch };
}

const CUT_SHORT: FileRead = { kind: "refused", reason: "git output cut short" };

/** Blobs by id, in one git process: each decoded, or `too-large` past `maxBytes`. */
export async function readBlobs(git: Git, ids: BlobRef[], maxBytes: number): Promise<Map<string, FileRead>> {
  const { out, fetch } = plan(ids, maxBytes);
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
    if (nl < 0) {
      out.set(f.oid, CUT_SHORT);
      continue;
    }
    const [, type, sizeText] = r.stdout.subarray(at, nl).toString("utf8").split(" ");
    const size = Number(sizeText);
    // Past this answer, whatever it was (a missing object has no content): the next is read in its place.
    at = nl + 1 + (Number.isSafeInteger(size) ? size + 1 : 0);
    const whole = type === "blob" && size === f.size && r.stdout.length >= nl + 1 + size;
    out.set(f.oid, whole ? decode(r.stdout.subarray(nl + 1, nl + 1 + size)) : CUT_SHORT);
  }
  return out;
}

/** Blobs by id, batch after batch, from one `cat-file --batch` kept open ({@link openBlobReader}). */
export interface BlobReader {
  read(ids: BlobRef[], maxBytes: number): Promise<Map<string, FileRead>>;
  close(): void;
}

/**
 * {@link readBlobs} for many batches from one git process. Should the process fail (a deadline, output
 * that is not the answers asked for, its end), what it did not answer, and every later batch, are read a
 * process a batch, as before.
 */
export function openBlobReader(git: Git): BlobReader {
  /** Started by the first batch that asks git for anything. */
  let proc: GitProcess | undefined;
  let broken = git.open === undefined;
  return {
    async read(ids, maxBytes) {
      if (broken) return readBlobs(git, ids, maxBytes);
      const { out, fetch } = plan(ids, maxBytes);
      if (fetch.length === 0) return out;
      proc ??= git.open!(["cat-file", "--batch"]);
      const answered = await proc.ask(`${fetch.map((f) => f.oid).join("\n")}\n`, answers(fetch, out));
      if (answered) return out;
      broken = true;
      const rest = await readBlobs(
        git,
        fetch.filter((f) => !out.has(f.oid)),
        maxBytes,
      );
      for (const [oid, r] of rest) out.set(oid, r);
      return out;
    },
    close: () => proc?.close(),
  };
}

/**
 * Reads `cat-file --batch`'s answers for `fetch`, in order, into `out`: `<oid> <type> <size>\n`, the
 * content and a newline each, or `<oid> missing\n` (refused, as with {@link readBlobs}). Anything else
 * unexpected, a size other than the one asked for included, throws: the process is ended.
 */
function answers(fetch: BlobRef[], out: Map<string, FileRead>): AnswerReader {
  let i = 0;
  let header: Buffer[] = [];
  /** Content bytes still to come, with the newline after them; -1 while a header is read. */
  let need = -1;
  let size = 0;
  let type: string | undefined;
  let content: Buffer[] = [];
  return (chunk) => {
    let at = 0;
    while (at < chunk.length) {
      const f = fetch[i]!;
      if (need < 0) {
        const nl = chunk.indexOf(10, at);
        if (nl === -1) {
          header.push(chunk.subarray(at));
          return undefined;
        }
        header.push(chunk.subarray(at, nl));
        const [oid, kind, sizeText] = Buffer.concat(header).toString("utf8").split(" ");
        header = [];
        at = nl + 1;
        if (oid !== f.oid) throw new Error("cat-file answered another object");
        if (kind === "missing" && sizeText === undefined) {
          out.set(f.oid, CUT_SHORT);
          if (++i === fetch.length) return at;
          continue;
        }
        size = Number(sizeText);
        // Never more than was asked for is taken in: another size ends the process, and the batch goes
        // to readBlobs, whose output is capped.
        if (!/^\d+$/.test(sizeText ?? "") || size !== f.size)
          throw new Error("cat-file: not the size asked for");
        type = kind;
        need = size + 1;
        content = [];
        continue;
      }
      const take = Math.min(need, chunk.length - at);
      content.push(chunk.subarray(at, at + take));
      need -= take;
      at += take;
      if (need > 0) continue;
      const body = Buffer.concat(content, size + 1);
      if (body[size] !== 10) throw new Error("cat-file content not followed by a newline");
      out.set(f.oid, type === "blob" ? decode(body.subarray(0, size)) : CUT_SHORT);
      need = -1;
      content = [];
      if (++i === fetch.length) return at;
    }
    return undefined;
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

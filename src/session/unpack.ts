/**
 * A cache entry's tar archive, unpacked by the action itself into a directory it has just made, instead
 * of by `@actions/cache` (which runs `tar -P -C $GITHUB_WORKSPACE` as the action's user: an entry's
 * absolute or `../` names, its links and its hard links would write, or carry, anything anywhere). Anyone
 * who can write one entry in a scope the run reads chooses every byte of the archive, so it is read as
 * hostile: a member is a directory or a regular file of the chat's layout (`chat.json`, `chat/…`) or the
 * archive is refused whole, before anything of it is used. No link of any kind is made (a link, a hard
 * link, a device, a FIFO, a sparse file: refused), every directory on a member's path is one this unpacker
 * made, and every file is created new (`O_EXCL | O_NOFOLLOW`): nothing can be written outside `dest`, nor
 * twice. Sizes come from the headers and are held to the chat's limits before a byte is written, so a
 * decompression bomb costs at most those.
 */
import { constants } from "node:fs";
import { mkdir, open, utimes } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export interface UnpackLimits {
  /** Members (files and directories), the archive's root not counted. */
  entries: number;
  /** Bytes of all regular files together. */
  bytes: number;
}

const BLOCK = 512;
/** A pax header or a GNU long name: a path and some times, far less than this. */
const MAX_META_BYTES = 64 * 1024;
/** What a member's name may be: the staged chat's layout (carry.ts), and nothing else. */
const LAYOUT = /^(chat\.json|chat(\/[^/]+)*)$/;

/** A member's header, once its pax header or GNU long name (if any) is applied. */
interface Member {
  name: string;
  type: string;
  size: number;
  mtime: number;
}

/** Unpacks the tar stream `input` into `dest` (an empty directory of the caller's). Rejects with why. */
export async function unpackArchive(input: Readable, dest: string, limits: UnpackLimits): Promise<void> {
  const bytes = new Bytes(input[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  const made = new Set<string>(["."]);
  const dirTimes: [string, number][] = [];
  let entries = 0;
  let total = 0;
  for (;;) {
    const member = await nextMember(bytes);
    if (!member) break;
    const rel = memberPath(member.name);
    if (rel === ".") {
      if (member.type !== "5") throw new Error("the archive's root is not a directory");
      continue;
    }
    if (++entries > limits.entries) throw new Error(`more than ${limits.entries} entries`);
    const parent = path.posix.dirname(rel);
    if (!made.has(parent)) throw new Error(`${rel}: its directory is not in the archive before it`);
    const target = path.join(dest, ...rel.split("/"));
    if (member.type === "5") {
      // A directory holds no data: a size would be bytes to read past, uncounted (up to 10^15 in pax).
      if (member.size !== 0) throw new Error(`${rel}: a directory with data`);
      // Not recursive: the directory is new, in one of ours.
      await mkdir(target, { mode: 0o700 });
      made.add(rel);
      dirTimes.push([target, member.mtime]);
      continue;
    }
    total += member.size;
    if (total > limits.bytes) throw new Error(`more than ${limits.bytes / 1024 ** 2} MiB`);
    await writeMember(bytes, target, member);
  }
  // Last, deepest first: a directory's time changes when something is made in it.
  for (const [dir, mtime] of dirTimes.reverse()) await utimes(dir, mtime, mtime);
}

async function writeMember(bytes: Bytes, target: string, member: Member): Promise<void> {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const file = await open(target, flags, 0o600);
  try {
    let left = member.size;
    while (left > 0) {
      const chunk = await bytes.some(left);
      await file.write(chunk);
      left -= chunk.length;
    }
    // The time it was saved with: which copy of a chat is newest is told by them (found.ts).
    await file.utimes(member.mtime, member.mtime);
  } finally {
    await file.close();
  }
  await bytes.skip(padded(member.size) - member.size);
}

/** The next file or directory, its pax header or long name applied; undefined at the archive's end. */
async function nextMember(bytes: Bytes): Promise<Member | undefined> {
  let pax: Map<string, string> | undefined;
  let longName: string | undefined;
  // Headers before one member, counted together: repeated, each under the bound, they would be endless.
  let meta = 0;
  for (;;) {
    const block = await bytes.block(BLOCK);
    if (!block || block.every((b) => b === 0)) return undefined;
    const header = parseHeader(block);
    if (header.type === "x" || header.type === "L") {
      meta += header.size;
      if (header.size > MAX_META_BYTES || meta > MAX_META_BYTES)
        throw new Error("an oversized extended header");
      const data = await bytes.take(header.size);
      await bytes.skip(padded(header.size) - header.size);
      if (header.type === "x") pax = parsePax(data);
      else longName = cString(data);
      continue;
    }
    if (header.type !== "0" && header.type !== "\0" && header.type !== "5") {
      throw new Error(`${printable(header.name)} is ${KINDS[header.type] ?? "of an unknown kind"}`);
    }
    const member: Member = {
      name: pax?.get("path") ?? longName ?? header.name,
      type: header.type === "5" ? "5" : "0",
      size: pax?.has("size") ? decimal(pax.get("size"), "size") : header.size,
      mtime: pax?.has("mtime") ? Number(pax.get("mtime")) : header.mtime,
    };
    if (!Number.isFinite(member.mtime)) throw new Error(`${printable(member.name)} has no valid time`);
    return member;
  }
}

const KINDS: Record<string, string> = {
  "1": "a hard link",
  "2": "a link",
  "3": "a character device",
  "4": "a block device",
  "6": "a FIFO",
  "7": "a contiguous file",
  g: "a global header",
  K: "a long link",
  S: "a sparse file",
};

/** A ustar or GNU header block, its checksum checked. */
function parseHeader(block: Buffer): Member {
  const sum = block.reduce((a, b, i) => a + (i >= 148 && i < 156 ? 32 : b), 0);
  if (octal(block.subarray(148, 156), "checksum") !== sum) throw new Error("not a tar archive (checksum)");
  const magic = block.subarray(257, 263).toString("latin1");
  // ustar has a prefix for long names; the GNU format keeps other fields there.
  const prefix = magic === "ustar\0" ? cString(block.subarray(345, 500)) : "";
  const name = cString(block.subarray(0, 100));
  return {
    name: prefix ? `${prefix}/${name}` : name,
    type: String.fromCharCode(block[156] ?? 0),
    size: octal(block.subarray(124, 136), "size"),
    mtime: octal(block.subarray(136, 148), "time"),
  };
}

/** `len key=value\n` records; a sparse file's keys are refused (its data is not the file). */
function parsePax(data: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const len = space > at ? Number(data.subarray(at, space).toString("latin1")) : Number.NaN;
    if (!Number.isSafeInteger(len) || len <= 0 || at + len > data.length) throw new Error("a bad pax header");
    const record = data.subarray(space + 1, at + len - 1).toString("utf8");
    const eq = record.indexOf("=");
    const key = record.slice(0, eq);
    if (eq <= 0 || key.startsWith("GNU.sparse")) throw new Error(`a pax header the chat has no use for`);
    out.set(key, record.slice(eq + 1));
    at += len;
  }
  return out;
}

/**
 * A member's name as a path inside the staged chat: relative, without `.`/`..` parts or empty ones, in
 * the chat's layout. `.` is the archive's root (GNU tar writes `./` first).
 */
function memberPath(name: string): string {
  if (name.startsWith("/")) throw new Error(`${printable(name)} is not a relative name`);
  const bare = name.replace(/^(\.\/)+/, "").replace(/\/$/, "");
  if (bare === "" || bare === ".") return ".";
  const parts = bare.split("/");
  if (name.includes("\0") || parts.some((p) => p === "" || p === "." || p === "..")) {
    throw new Error(`${printable(name)} is not a plain relative name`);
  }
  if (!LAYOUT.test(bare)) throw new Error(`${printable(name)} is not part of a chat`);
  return bare;
}

function padded(size: number): number {
  return Math.ceil(size / BLOCK) * BLOCK;
}

function cString(b: Buffer): string {
  const end = b.indexOf(0);
  return b.subarray(0, end < 0 ? b.length : end).toString("utf8");
}

/** An octal field (NUL or space ended); base-256 (a size past 8 GiB) is more than a chat has. */
function octal(field: Buffer, what: string): number {
  const text = field
    .toString("latin1")
    .replace(/[\0 ]+$/, "")
    .replace(/^ +/, "");
  if (!/^[0-7]{1,12}$/.test(text)) throw new Error(`not a tar archive (${what})`);
  return Number.parseInt(text, 8);
}

function decimal(text: string | undefined, what: string): number {
  if (!text || !/^\d{1,15}$/.test(text)) throw new Error(`a bad pax ${what}`);
  return Number(text);
}

/** A name for a message: the archive's words, cut and without control characters. */
function printable(name: string): string {
  return JSON.stringify(name.replace(/[\u0000-\u001f\u007f]/g, "?").slice(0, 120));
}

/** A byte stream read in exact amounts. */
class Bytes {
  private buffered: Buffer = Buffer.alloc(0);
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Exactly `n` bytes, else it rejects. */
  async take(n: number): Promise<Buffer> {
    const out = await this.block(n);
    if (!out) throw new Error("the archive is cut short");
    return out;
  }

  /** Exactly `n` bytes; undefined at the stream's end when nothing is left. */
  async block(n: number): Promise<Buffer | undefined> {
    while (this.buffered.length < n) {
      if (!(await this.more())) {
        if (this.buffered.length === 0) return undefined;
        throw new Error("the archive is cut short");
      }
    }
    const out = this.buffered.subarray(0, n);
    this.buffered = this.buffered.subarray(n);
    return out;
  }

  /** Between 1 and `n` bytes. */
  async some(n: number): Promise<Buffer> {
    if (this.buffered.length === 0 && !(await this.more())) throw new Error("the archive is cut short");
    const out = this.buffered.subarray(0, Math.min(n, this.buffered.length));
    this.buffered = this.buffered.subarray(out.length);
    return out;
  }

  async skip(n: number): Promise<void> {
    let left = n;
    while (left > 0) left -= (await this.some(left)).length;
  }

  private async more(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    return true;
  }
}

/**
 * Tar archives written member by member, as anyone who can write a cache entry can write them: any name
 * (absolute, `../`), any kind (a link, a hard link), in any order. Compressed as the cache client
 * compresses on this machine (zstd when the system has it, else gzip), so that the entry is one the
 * action's restore reads. Only for planting entries in the cache stand-in.
 */
import { spawnSync } from "node:child_process";
import { gzipSync } from "node:zlib";

export interface TarMember {
  name: string;
  /** "0" a file (the default), "1" a hard link, "2" a link, "5" a directory, "x" a pax header. */
  type?: "0" | "1" | "2" | "5" | "x";
  /** A file's or a pax header's content; given for another kind, it is written too (a hostile archive). */
  data?: string | Buffer;
  /** A link's or a hard link's target. */
  link?: string;
  mode?: number;
}

function header(m: TarMember, size: number): Buffer {
  const h = Buffer.alloc(512);
  const put = (text: string, at: number, len: number) => h.write(text, at, len, "utf8");
  const num = (n: number, at: number, len: number) =>
    put(`${n.toString(8).padStart(len - 1, "0")}\0`, at, len);
  put(m.name, 0, 100);
  num(m.mode ?? (m.type === "5" ? 0o755 : 0o644), 100, 8);
  num(0, 108, 8);
  num(0, 116, 8);
  num(size, 124, 12);
  num(Math.floor(Date.now() / 1000), 136, 12);
  h.fill(" ", 148, 156);
  put(m.type ?? "0", 156, 1);
  put(m.link ?? "", 157, 100);
  put("ustar\u000000", 257, 8);
  const sum = h.reduce((a, b) => a + b, 0);
  put(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8);
  return h;
}

/** The members as one uncompressed tar archive. */
export function tarArchive(members: readonly TarMember[]): Buffer {
  const parts: Buffer[] = [];
  for (const m of members) {
    const data = Buffer.from(m.data ?? "");
    parts.push(header(m, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/** The archive compressed as the cache client would have it here. */
export function cacheArchive(members: readonly TarMember[]): Buffer {
  const tar = tarArchive(members);
  const zstd = spawnSync("zstd", ["-q", "-c"], { input: tar });
  if (zstd.status === 0) return zstd.stdout;
  return gzipSync(tar);
}

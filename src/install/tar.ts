/**
 * The CLI's package (a .tar.gz) unpacked in-process, trusting nothing in it. `tar` would create whatever the
 * archive says, as the action's user (root on many runners): a FIFO that hangs the copy into the tool
 * cache, devices, hard links to files outside, setuid or world-writable files, and as many bytes as a
 * small archive inflates to. Here only three kinds of entry are made:
 *
 * - regular files, mode 0755 when the archive gives any execute bit, else 0644 (never setuid, setgid,
 *   sticky, nor group- or world-writable);
 * - directories, mode 0755;
 * - symbolic links whose target is relative and stays inside the install (the real package runs its
 *   launcher, node, chunks and `rg` from one directory, so it needs none to leave it).
 *
 * Anything else (a hard link, a FIFO, a device, an absolute or `..` path, a path through a link, a path
 * twice) refuses the whole package, as does a package over {@link MAX_UNPACKED_BYTES} unpacked or
 * {@link MAX_ENTRIES} entries: counted from the headers before each entry's data is read, so a bomb
 * stops at its first oversized header, and nothing after the end-of-archive blocks is decompressed.
 * The top directory is stripped, as the install script does (`--strip-components=1`).
 */
import { createReadStream } from "node:fs";
import { chmod, mkdir, open, symlink } from "node:fs/promises";
import path from "node:path";
import { createGunzip } from "node:zlib";
import {
  BLOCK,
  Blocks,
  type Header,
  parseHeader,
  paxFields,
  readLongName,
  shown,
  UnpackRefused,
} from "./tar-read.js";

export { UnpackRefused } from "./tar-read.js";

/** The real package unpacks to a few hundred MB (a node, rg, the chunks): room to grow, and no more. */
export const MAX_UNPACKED_BYTES = 1024 ** 3;
/** The real package holds a few hundred entries. */
export const MAX_ENTRIES = 20_000;
/** A pax header or a GNU long name: a path and a few fields. */
const MAX_META_BYTES = 64 * 1024;

/** The entry types refused by name. */
const KINDS: Record<string, string> = {
  "1": "a hard link",
  "3": "a character device",
  "4": "a block device",
  "6": "a FIFO",
};

/** Unpacks `archive` into `dest` (which must not exist yet) under the rules above. */
export async function unpackTarGz(archive: string, dest: string): Promise<void> {
  const file = createReadStream(archive);
  const gunzip = file.pipe(createGunzip());
  file.on("error", (e) => gunzip.destroy(e));
  await mkdir(dest, { mode: 0o755 });
  await chmod(dest, 0o755);
  try {
    const writer = new Writer(dest);
    await readEntries(new Blocks(gunzip[Symbol.asyncIterator]()), writer);
    // A link checked when it was made may leave through one made after it (`c -> d/..`, then `d -> .`).
    writer.checkLinks();
  } catch (e) {
    if (e instanceof UnpackRefused) throw e;
    const err = e as { code?: string; message?: string };
    throw new UnpackRefused(err.code === "Z_DATA_ERROR" ? "not a gzip archive" : (err.message ?? String(e)));
  } finally {
    // What follows the end of the archive (or a refused entry) is never decompressed.
    gunzip.destroy();
  }
}

async function readEntries(input: Blocks, out: Writer): Promise<void> {
  let meta: { path?: string; linkpath?: string; size?: number } = {};
  let entries = 0;
  let bytes = 0;
  for (;;) {
    const block = await input.take(BLOCK, true);
    if (!block || block.every((b) => b === 0)) return;
    const h = parseHeader(block);
    const isMeta = "xgLK".includes(h.type);
    const size = isMeta ? h.size : (meta.size ?? h.size);
    if (++entries > MAX_ENTRIES) throw new UnpackRefused(`the package has more than ${MAX_ENTRIES} entries`);
    bytes += size;
    if (bytes > MAX_UNPACKED_BYTES) {
      throw new UnpackRefused(`the package unpacks to more than ${MAX_UNPACKED_BYTES / 1024 ** 3} GiB`);
    }
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (isMeta) {
      if (size > MAX_META_BYTES) throw new UnpackRefused(`a header of ${size} bytes`);
      const data = (await input.take(size))!;
      meta = h.type === "x" ? { ...meta, ...paxFields(data) } : readLongName(h.type, data, meta);
    } else {
      const e = { ...h, size, name: meta.path ?? h.name, link: meta.linkpath ?? h.link };
      meta = {};
      await out.entry(e, input);
    }
    await input.skip(padding);
  }
}

/** Links followed in a row before a link is taken for a loop (Linux's own limit). */
const MAX_LINK_HOPS = 40;
/** Components walked to check one link, links followed included: far above any real package's. */
const MAX_LINK_STEPS = 4096;

/** Creates the entries, each only where the rules allow; the package's top directory stripped. */
class Writer {
  private readonly dirs = new Set<string>([""]);
  /** Each link made, by its path, with its target. */
  private readonly links = new Map<string, string>();
  private readonly seen = new Set<string>();

  constructor(private readonly root: string) {}

  async entry(e: Header, input: Blocks): Promise<void> {
    const kind = KINDS[e.type];
    if (kind) throw new UnpackRefused(`the package holds ${kind} (${shown(e.name)})`);
    const isFile = e.type === "0" || e.type === "\0" || e.type === "7";
    if (!isFile && e.type !== "5" && e.type !== "2") {
      throw new UnpackRefused(`the package holds an entry of type '${shown(e.type)}' (${shown(e.name)})`);
    }
    const rel = this.place(e.name);
    if (rel === undefined) return input.skip(e.size); // the top directory itself
    await this.parents(rel);
    const full = path.join(this.root, ...rel.split("/"));
    if (e.type === "5") {
      if (!this.dirs.has(rel)) await mkdir(full, { mode: 0o755 });
      this.dirs.add(rel);
      await chmod(full, 0o755);
    } else if (e.type === "2") {
      this.links.set(rel, e.link);
      this.checkLink(rel, e.link);
      await symlink(e.link, full);
    } else {
      // O_EXCL: never through whatever is already there (a link made by an earlier entry).
      const fh = await open(full, "wx", 0o600);
      try {
        for await (const chunk of input.stream(e.size)) await fh.write(chunk);
        await fh.chmod(e.mode & 0o111 ? 0o755 : 0o644);
      } finally {
        await fh.close();
      }
    }
    if (!isFile) await input.skip(e.size);
  }

  /** The path under the top directory ("a/b"), or undefined for the top itself. */
  private place(name: string): string | undefined {
    if (name.startsWith("/")) throw new UnpackRefused(`the package holds an absolute path (${shown(name)})`);
    const parts = name.split("/").filter((p) => p !== "" && p !== ".");
    if (parts.includes("..")) throw new UnpackRefused(`the package holds a path with .. (${shown(name)})`);
    const rel = parts.slice(1).join("/");
    if (rel === "") return undefined;
    if (this.seen.has(rel)) throw new UnpackRefused(`the package holds ${shown(name)} twice`);
    this.seen.add(rel);
    return rel;
  }

  private async parents(rel: string): Promise<void> {
    const parts = rel.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      if (this.links.has(dir)) {
        throw new UnpackRefused(`the package holds a path through a link (${shown(rel)})`);
      }
      if (this.dirs.has(dir)) continue;
      await mkdir(path.join(this.root, ...parts.slice(0, i)), { mode: 0o755 });
      await chmod(path.join(this.root, ...parts.slice(0, i)), 0o755);
      this.dirs.add(dir);
    }
  }

  /** Every link made, followed through all the others: a package whose link leaves it is refused. */
  checkLinks(): void {
    for (const [rel, target] of this.links) this.checkLink(rel, target);
  }

  private checkLink(rel: string, target: string): void {
    if (
      target === "" ||
      target.startsWith("/") ||
      /^[A-Za-z]:|\\/.test(target) ||
      this.follow(rel.split("/").slice(0, -1), target, { hops: 0, steps: MAX_LINK_STEPS }) === undefined
    ) {
      throw new UnpackRefused(
        `the package holds a link that leaves it (${shown(rel)} -> ${shown(target)}): only links inside are kept`,
      );
    }
  }

  /**
   * Where `target`, read from the directory `from`, leads, as the kernel resolves it: each component in
   * turn, a link among them followed from its own directory, `..` going up from where the walk is (not
   * lexically: `a -> .` then `b -> a/..` leaves). Undefined when it leaves the package, or after
   * {@link MAX_LINK_HOPS} links in a row (a loop) or {@link MAX_LINK_STEPS} components in all (links
   * that each name another twice would take exponential time).
   */
  private follow(
    from: string[],
    target: string,
    walk: { hops: number; steps: number },
  ): string[] | undefined {
    if (walk.hops > MAX_LINK_HOPS) return undefined;
    let at = [...from];
    for (const c of target.split("/")) {
      if (--walk.steps < 0) return undefined;
      if (c === "" || c === ".") continue;
      if (c === "..") {
        if (at.length === 0) return undefined;
        at.pop();
        continue;
      }
      at.push(c);
      const link = this.links.get(at.join("/"));
      if (link === undefined) continue;
      walk.hops++;
      const to = this.follow(at.slice(0, -1), link, walk);
      walk.hops--;
      if (to === undefined) return undefined;
      at = to;
    }
    return at;
  }
}

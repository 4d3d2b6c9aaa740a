/**
 * Reading a tar stream for src/install/tar.ts, trusting nothing in it: a header block parsed and its
 * checksum checked, pax and GNU long-name records, and the decompressed stream taken in exact sizes.
 * Anything malformed is an {@link UnpackRefused}.
 */

export const BLOCK = 512;

/** Why the package is not unpacked, in a few words (the installer makes it its one line). */
export class UnpackRefused extends Error {}

export interface Header {
  name: string;
  mode: number;
  size: number;
  type: string;
  link: string;
}

export function readLongName(type: string, data: Buffer, meta: Record<string, unknown>) {
  const text = cstring(data, 0, data.length);
  if (type === "L") return { ...meta, path: text };
  if (type === "K") return { ...meta, linkpath: text };
  return meta; // "g": global pax fields; none of them may change where or what an entry is here.
}

/** The pax fields that change an entry: its path, its link's target, its size. */
export function paxFields(data: Buffer): { path?: string; linkpath?: string; size?: number } {
  const out: { path?: string; linkpath?: string; size?: number } = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = Number(data.subarray(at, space).toString("latin1"));
    if (space < 0 || !Number.isSafeInteger(length) || length <= space - at || at + length > data.length) {
      throw new UnpackRefused("a malformed pax header");
    }
    const record = data.subarray(space + 1, at + length - 1).toString("utf8");
    const eq = record.indexOf("=");
    const [key, value] = [record.slice(0, eq), record.slice(eq + 1)];
    if (key === "path") out.path = value;
    if (key === "linkpath") out.linkpath = value;
    if (key === "size") {
      if (!/^\d+$/.test(value)) throw new UnpackRefused("a malformed pax size");
      out.size = Number(value);
    }
    at += length;
  }
  return out;
}

export function parseHeader(b: Buffer): Header {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : b[i]!;
  if (octal(b, 148, 156) !== sum) throw new UnpackRefused("not a tar archive (a header's checksum is wrong)");
  const ustar = b.subarray(257, 263).toString("latin1") === "ustar\0";
  const prefix = ustar ? cstring(b, 345, 500) : "";
  const name = cstring(b, 0, 100);
  return {
    name: prefix ? `${prefix}/${name}` : name,
    mode: octal(b, 100, 108),
    // Base-256 (the high bit set) is GNU's way to say 8 GiB or more: over the cap whatever it is.
    size: b[124]! & 0x80 ? Number.POSITIVE_INFINITY : octal(b, 124, 136),
    type: String.fromCharCode(b[156]!),
    link: cstring(b, 157, 257),
  };
}

function octal(b: Buffer, from: number, to: number): number {
  const text = b
    .subarray(from, to)
    .toString("latin1")
    .replace(/[\0 ]+$/, "")
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new UnpackRefused("not a tar archive (a number is not octal)");
  return text ? Number.parseInt(text, 8) : 0;
}

function cstring(b: Buffer, from: number, to: number): string {
  const end = b.indexOf(0, from);
  return b.subarray(from, end < 0 || end > to ? to : end).toString("utf8");
}

/** A name for the log: printable, short. */
export function shown(name: string): string {
  const printable = name.replace(/[^\x20-\x7e]/g, "?");
  return printable.length > 120 ? `${printable.slice(0, 120)}…` : printable;
}

/** The decompressed stream, read in exact sizes; at most one chunk beyond what is asked is held. */
export class Blocks {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Exactly `n` bytes; at a clean end of the stream, undefined when `endOk`. */
  async take(n: number, endOk = false): Promise<Buffer | undefined> {
    while (this.buffer.length < n) {
      if (!(await this.more())) break;
    }
    if (this.buffer.length < n) {
      if (endOk && this.buffer.length === 0) return undefined;
      throw new UnpackRefused("the archive is cut short");
    }
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  /** `n` bytes in the pieces they come in. */
  async *stream(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.buffer.length === 0 && !(await this.more()))
        throw new UnpackRefused("the archive is cut short");
      const piece = this.buffer.subarray(0, left);
      this.buffer = this.buffer.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }

  async skip(n: number): Promise<void> {
    for await (const _ of this.stream(n));
  }

  private async more(): Promise<boolean> {
    if (this.ended) return false;
    const r = await this.source.next();
    if (r.done) {
      this.ended = true;
      return false;
    }
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, r.value]) : r.value;
    return true;
  }
}

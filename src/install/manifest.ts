/**
 * What was installed, recorded so that an install is trusted only while it still is: every entry's path
 * and kind, every file's sha256, size and mode, every directory's mode, every link's target, and the
 * package's sha256 and build. Written at install beside the directory (`<arch>.cursor-agent-action.json`,
 * next to the tool cache's `<arch>.complete`), so that the directory holds the package alone. Checked
 * before a cached build is used (any difference, or no manifest: installed again) and, by the run's end
 * (../run/cli.ts), against the copy held in memory since the start, before the directory goes on
 * `$GITHUB_PATH`.
 *
 * Trust boundary: the tool cache is writable by the runner's user, so by an agent run as that user
 * (`no-sudo`, `unsafe`). An edited or planted file is caught; an agent that rewrites the manifest to
 * match its files is caught by the end-of-run check (the file on disk must still be the one verified at
 * the start, else it is removed and the next run installs again), not by a later run if it is done
 * outside one (an escaped daemon, a later step). `unprivileged-user` keeps the agent out of the cache.
 */
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open, readdir, readFile, readlink, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { MAX_ENTRIES, MAX_UNPACKED_BYTES } from "./tar.js";

export interface Entry {
  /** Relative, with `/`; `.` is the directory itself. */
  path: string;
  kind: "dir" | "file" | "link";
  /** Permission bits (dirs and files). */
  mode?: number;
  size?: number;
  sha256?: string;
  /** A link's target, as written. */
  target?: string;
}

export interface Manifest {
  format: 1;
  build: string;
  /** The package (archive) the directory was unpacked from. */
  sha256: string;
  entries: Entry[];
}

/** A manifest is a few hundred lines for the real package: a bigger file is not one of ours. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

export function manifestFile(home: string): string {
  return `${home}.cursor-agent-action.json`;
}

/** Why a directory is not what a manifest says; thrown by the walk, returned by the checks. */
export class Mismatch extends Error {}

/** Records `home` as it is now (just unpacked): the manifest written, and returned. */
export async function recordManifest(home: string, build: string, sha256: string): Promise<Manifest> {
  const entries = await walk(home);
  for (const e of entries) if (e.kind === "file") e.sha256 = await digest(path.join(home, e.path));
  const manifest: Manifest = { format: 1, build, sha256, entries };
  await writeFile(manifestFile(home), JSON.stringify(manifest), { mode: 0o644 });
  return manifest;
}

/** The manifest beside `home`, if it is one for `build` and `home` still matches it. */
export async function checkInstall(
  home: string,
  build: string,
): Promise<{ manifest: Manifest } | { why: string }> {
  const manifest = await readManifest(home);
  if (typeof manifest === "string") return { why: manifest };
  if (manifest.build !== build) return { why: `its manifest is for build ${manifest.build}` };
  const why = await differs(home, manifest);
  return why ? { why } : { manifest };
}

/**
 * After the agent ran: `home` and the manifest file beside it must still be what was verified at the
 * start (`manifest`, held in memory since). A difference removes the manifest file, so that no later run
 * trusts the entry; the reason is returned.
 */
export async function checkUnchanged(home: string, manifest: Manifest): Promise<string | undefined> {
  const onDisk = await readManifest(home);
  const why =
    typeof onDisk === "string"
      ? onDisk
      : JSON.stringify(onDisk) !== JSON.stringify(manifest)
        ? "its manifest was rewritten"
        : await differs(home, manifest);
  if (why) await rm(manifestFile(home), { force: true }).catch(() => {});
  return why;
}

async function readManifest(home: string): Promise<Manifest | string> {
  const file = manifestFile(home);
  const st = await lstat(file).catch(() => undefined);
  if (!st) return "no manifest";
  if (!st.isFile() || st.size > MAX_MANIFEST_BYTES) return "its manifest is not a file of ours";
  try {
    const m = JSON.parse(await readFile(file, "utf8")) as Manifest;
    const ok =
      m?.format === 1 &&
      typeof m.build === "string" &&
      /^[0-9a-f]{64}$/.test(m.sha256) &&
      Array.isArray(m.entries) &&
      m.entries.every((e) => typeof e?.path === "string" && ["dir", "file", "link"].includes(e.kind));
    return ok ? m : "its manifest is malformed";
  } catch {
    return "its manifest is unreadable";
  }
}

/** The first difference between `home` and `manifest`: the layout first, then each file's digest. */
async function differs(home: string, manifest: Manifest): Promise<string | undefined> {
  let found: Entry[];
  try {
    found = await walk(home);
  } catch (e) {
    if (e instanceof Mismatch) return e.message;
    return `it cannot be read (${(e as Error).message})`;
  }
  const wanted = new Map(manifest.entries.map((e) => [e.path, e]));
  for (const e of found) {
    const w = wanted.get(e.path);
    if (!w) return `${e.path} was added`;
    wanted.delete(e.path);
    if (w.kind !== e.kind) return `${e.path} is a ${e.kind}, not a ${w.kind}`;
    if (w.mode !== e.mode) return `${e.path} has mode ${octal(e.mode)}, not ${octal(w.mode)}`;
    if (w.size !== e.size || w.target !== e.target) return `${e.path} changed`;
  }
  const missing = [...wanted.keys()][0];
  if (missing !== undefined) return `${missing} is missing`;
  for (const e of manifest.entries) {
    if (e.kind !== "file") continue;
    const sha = await digest(path.join(home, e.path)).catch((err: Error) => err.message);
    if (sha !== e.sha256) return `${e.path} changed (sha256 ${sha.slice(0, 12)}…)`;
  }
  return undefined;
}

const octal = (mode: number | undefined) => (mode ?? 0).toString(8).padStart(4, "0");

/**
 * Every entry under `home`, sorted, digests left out. Anything but a file, a directory or a link is a
 * mismatch, and so is more than the unpacker's caps: a planted tree is never hashed whole.
 */
async function walk(home: string): Promise<Entry[]> {
  const out: Entry[] = [];
  let bytes = 0;
  const visit = async (rel: string): Promise<void> => {
    const full = rel === "." ? home : path.join(home, rel);
    const st = await lstat(full);
    const mode = st.mode & 0o7777;
    if (st.isDirectory()) {
      out.push({ path: rel, kind: "dir", mode });
      for (const name of (await readdir(full)).sort()) await visit(rel === "." ? name : `${rel}/${name}`);
    } else if (st.isFile()) {
      bytes += st.size;
      out.push({ path: rel, kind: "file", mode, size: st.size });
    } else if (st.isSymbolicLink()) {
      out.push({ path: rel, kind: "link", target: await readlink(full) });
    } else {
      throw new Mismatch(`${rel} is not a file, directory or link`);
    }
    if (out.length > MAX_ENTRIES) throw new Mismatch(`it has more than ${MAX_ENTRIES} entries`);
    if (bytes > MAX_UNPACKED_BYTES) throw new Mismatch(`it is over ${MAX_UNPACKED_BYTES / 1024 ** 3} GiB`);
  };
  await visit(".");
  return out;
}

/** A file's sha256, opened without following a link and checked to be a file (a FIFO never blocks it). */
async function digest(file: string): Promise<string> {
  const fh = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!(await fh.stat()).isFile()) throw new Mismatch(`${file} is not a file`);
    const hash = createHash("sha256");
    for await (const chunk of fh.createReadStream({ autoClose: false, highWaterMark: 1024 * 1024 })) {
      hash.update(chunk as Buffer);
    }
    return hash.digest("hex");
  } finally {
    await fh.close();
  }
}

/**
 * The agent's changes as a delivery carries them (src/deliver/): one entry a changed path, its content and
 * mode, or its deletion. Read from an index that holds the changes, against the commit they are changes
 * of: the temporary index the patch is made from (./patch.ts), whose every changed path was read again
 * from the work tree. The same function gives the same entries for a later, separate job: a fresh
 * checkout of that commit with the saved patch applied by `git apply --binary --index` has the changes
 * in its own index (docs/delivery.md).
 *
 * Everything here is git's reading of the index and the object store, through the safe runner: no file
 * of the work tree is opened (any of them may be a trap), and the sizes are checked before any content is
 * read, so that a delivery over the limit costs no memory.
 */
import { MAX_DELIVERY_BYTES, MAX_DELIVERY_FILES } from "../base/limits.js";
import type { RunResult } from "../git/run.js";
import { named } from "./named.js";

/** A changed path: a regular file's content and mode (the executable bit), or its deletion. */
export type DeliveryEntry =
  | { path: string; mode: "100644" | "100755"; content: Buffer }
  | { path: string; deleted: true };

export type EntriesResult =
  | { kind: "entries"; entries: DeliveryEntry[] }
  /** A change a delivery cannot carry (a symlink, a submodule), or more than the limit: one line. */
  | { kind: "refused"; why: string };

/** git with the index that holds the changes; `input` on stdin, at most `maxBytes` of stdout. */
export type IndexedGit = (args: string[], input?: string, maxBytes?: number) => Promise<RunResult>;

/** `--raw` modes GitHub's git data API takes as a file. */
const FILE_MODES = new Set(["100644", "100755"]);

interface RawChange {
  path: string;
  mode: string;
  sha: string;
  deleted: boolean;
}

/** The changes of the index against `base`, as entries; or why they cannot be delivered. */
export async function readEntries(git: IndexedGit, base: string): Promise<EntriesResult> {
  // Submodules are shown here (the runner's config hides them): a gitlink must be refused, never dropped.
  // A gitlink is compared by its commit id: no child git runs for `--cached`.
  const raw = await git(
    [
      "diff",
      "--cached",
      "--raw",
      "-z",
      "--no-renames",
      "--no-abbrev",
      "--ignore-submodules=none",
      base,
      "--",
    ],
    undefined,
    64 * 1024 * 1024,
  );
  if (raw.code !== 0 || raw.truncated) return { kind: "refused", why: "listing the changes failed" };
  const changes = parseRaw(raw.stdout);
  const odd = refusedModes(changes);
  if (odd) return { kind: "refused", why: odd };
  const files = changes.filter((c) => !c.deleted);
  if (changes.length > MAX_DELIVERY_FILES) {
    return {
      kind: "refused",
      why: `${changes.length} files changed, over the limit of ${MAX_DELIVERY_FILES}`,
    };
  }
  const sizes = await blobSizes(git, files);
  if (typeof sizes === "string") return { kind: "refused", why: sizes };
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total > MAX_DELIVERY_BYTES) {
    return {
      kind: "refused",
      why: `the changed files come to ${mib(total)}, over the limit of ${mib(MAX_DELIVERY_BYTES)}`,
    };
  }
  const contents = await blobContents(git, files, sizes);
  if (typeof contents === "string") return { kind: "refused", why: contents };
  let next = 0;
  const entries = changes.map((c): DeliveryEntry => {
    if (c.deleted) return { path: c.path, deleted: true };
    return { path: c.path, mode: c.mode as "100644" | "100755", content: contents[next++] as Buffer };
  });
  return { kind: "entries", entries };
}

/** `:oldmode newmode oldsha newsha status\0path\0`, a record a change. */
function parseRaw(out: Buffer): RawChange[] {
  const parts = out.toString("utf8").split("\0");
  const changes: RawChange[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [, mode = "", , sha = "", status = ""] = (parts[i] ?? "").replace(/^:/, "").split(" ");
    changes.push({ path: parts[i + 1] ?? "", mode, sha, deleted: status.startsWith("D") });
  }
  return changes;
}

/** A symlink or a submodule among the changes (what GitHub's API cannot be given as a file), or a path that is not text. */
function refusedModes(changes: RawChange[]): string | undefined {
  // A path GitHub would be given mangled (not UTF-8) is refused as well: JSON carries text.
  const notText = changes.find((c) => c.path.includes("\uFFFD"));
  if (notText) return `a changed path is not UTF-8 text: ${JSON.stringify(notText.path)}`;
  const odd = changes.filter((c) => !c.deleted && !FILE_MODES.has(c.mode));
  if (odd.length === 0) return undefined;
  const what = (c: RawChange) =>
    `${JSON.stringify(c.path)} (${c.mode === "120000" ? "a symlink" : c.mode === "160000" ? "a submodule" : `mode ${c.mode}`})`;
  return `a change a delivery cannot carry as a file: ${named(odd, what)}`;
}

/** Each file's size, from the object store (`cat-file --batch-check`); or why not. */
async function blobSizes(git: IndexedGit, files: RawChange[]): Promise<number[] | string> {
  if (files.length === 0) return [];
  const r = await git(
    ["cat-file", "--batch-check"],
    `${files.map((f) => f.sha).join("\n")}\n`,
    8 * 1024 * 1024,
  );
  const lines = r.stdout.toString("utf8").split("\n");
  const sizes = files.map((f, i) => {
    const [sha, type, size] = (lines[i] ?? "").split(" ");
    return sha === f.sha && type === "blob" ? Number(size) : Number.NaN;
  });
  return r.code === 0 && sizes.every(Number.isSafeInteger) ? sizes : "reading the changed files failed";
}

/** Each file's content, in order (`cat-file --batch`: a header line, the bytes, a newline); or why not. */
async function blobContents(
  git: IndexedGit,
  files: RawChange[],
  sizes: number[],
): Promise<Buffer[] | string> {
  if (files.length === 0) return [];
  const expected = sizes.reduce((a, s, i) => a + s + (files[i]?.sha.length ?? 0) + 32, 0);
  const r = await git(["cat-file", "--batch"], `${files.map((f) => f.sha).join("\n")}\n`, expected);
  if (r.code !== 0 || r.truncated) return "reading the changed files failed";
  const out: Buffer[] = [];
  let at = 0;
  for (const [i, f] of files.entries()) {
    const header = `${f.sha} blob ${sizes[i]}\n`;
    if (r.stdout.toString("utf8", at, at + header.length) !== header)
      return "reading the changed files failed";
    at += header.length;
    out.push(Buffer.from(r.stdout.subarray(at, at + (sizes[i] ?? 0))));
    at += (sizes[i] ?? 0) + 1;
  }
  return out;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

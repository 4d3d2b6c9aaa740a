/**
 * The changes as a new tree on GitHub, on a commit's tree (`base_tree`): a deletion as `sha: null`, a text
 * file inline (no write of its own), any other file as a blob, each blob made once for every attempt of a
 * delivery (a push that is retried on a branch that moved makes a new tree, not new blobs). The mode of
 * every entry is the work tree's (100644 or 100755): the executable bit is kept.
 */
import { DELIVERY_INLINE_BYTES } from "../base/limits.js";
import type { DeliveryEntry } from "../changes/entries.js";
import type { GitData, NewTreeEntry } from "../github/git-data.js";

/** Blob ids by path, made once. */
export type Blobs = Map<string, string>;

export async function makeTree(
  gh: Pick<GitData, "createBlob" | "createTree">,
  baseTree: string,
  entries: readonly DeliveryEntry[],
  blobs: Blobs,
): Promise<string> {
  const tree: NewTreeEntry[] = [];
  for (const e of entries) {
    // GitHub reads a deletion's mode as any file's; the path is what goes.
    if ("deleted" in e) {
      tree.push({ path: e.path, mode: "100644", type: "blob", sha: null });
      continue;
    }
    const text = inlineText(e.content);
    if (text !== undefined) {
      tree.push({ path: e.path, mode: e.mode, type: "blob", content: text });
      continue;
    }
    let sha = blobs.get(e.path);
    if (sha === undefined) {
      sha = await gh.createBlob(e.content);
      blobs.set(e.path, sha);
    }
    tree.push({ path: e.path, mode: e.mode, type: "blob", sha });
  }
  return gh.createTree(baseTree, tree);
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * A file's content as text that GitHub stores byte for byte when given inline in a tree: UTF-8 (a byte
 * order mark kept), no NUL, at most {@link DELIVERY_INLINE_BYTES}; else undefined (it goes as a blob).
 */
export function inlineText(content: Buffer): string | undefined {
  if (content.length > DELIVERY_INLINE_BYTES || content.includes(0)) return undefined;
  try {
    return utf8.decode(content);
  } catch {
    return undefined;
  }
}

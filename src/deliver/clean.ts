/**
 * Whether the agent's changes apply cleanly on a commit other than the one they were made on: they do
 * when every changed path has the same entry (mode and content, or absence) in both commits' trees. Then
 * the tree of the new commit is the other commit's with the changes on it, and whatever else differs
 * between the two (a teammate's commits) is kept as it is. No merge is attempted: a path both sides
 * changed is a conflict for a human, whatever its lines.
 *
 * Read through GitHub's trees, one level at a time and only along the changed paths, and only where the
 * two sides differ: an unchanged directory is one comparison of two ids.
 */
import type { GitData, TreeEntry } from "../github/git-data.js";

/** The changed paths whose entry differs between the trees `from` and `to`, in order. */
export async function conflicts(
  gh: Pick<GitData, "tree">,
  from: string,
  to: string,
  paths: readonly string[],
): Promise<string[]> {
  const trees = new Map<string, Promise<Map<string, TreeEntry>>>();
  const read = (sha: string | undefined) => {
    if (sha === undefined) return Promise.resolve(new Map<string, TreeEntry>());
    let t = trees.get(sha);
    if (!t) {
      t = gh.tree(sha).then((entries) => new Map(entries.map((e) => [e.path, e])));
      trees.set(sha, t);
    }
    return t;
  };
  const out: string[] = [];
  const walk = async (a: string | undefined, b: string | undefined, prefix: string, rest: string[]) => {
    if (a === b) return;
    const [left, right] = await Promise.all([read(a), read(b)]);
    for (const [name, below] of groupByFirst(rest)) {
      const x = left.get(name);
      const y = right.get(name);
      if (x?.sha === y?.sha && x?.mode === y?.mode) continue;
      if (below.includes("")) out.push(`${prefix}${name}`);
      const deeper = below.filter((p) => p !== "");
      if (deeper.length === 0) continue;
      const sub = (e: TreeEntry | undefined) => (e?.type === "tree" ? e.sha : undefined);
      await walk(sub(x), sub(y), `${prefix}${name}/`, deeper);
    }
  };
  await walk(from, to, "", [...paths]);
  const differ = new Set(out);
  return paths.filter((p) => differ.has(p));
}

/** `a/b/c` → `a` with `b/c`; a path that ends at the name gives "". */
function groupByFirst(paths: string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const p of paths) {
    const i = p.indexOf("/");
    const [name, rest] = i < 0 ? [p, ""] : [p.slice(0, i), p.slice(i + 1)];
    const g = groups.get(name);
    if (g) g.push(rest);
    else groups.set(name, [rest]);
  }
  return groups;
}

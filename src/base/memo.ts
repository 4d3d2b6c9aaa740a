/**
 * Answers kept by root, then by key: the run names the same few paths call after call, relative to one
 * or two roots (the workspace, the init's `cwd`). Keyed in two steps, never by a string joined from the
 * two (a copy to hash on every call, and two of the agent's strings that could spell another pair's key).
 * Bounded: a root's entries start over past `maxPerRoot`, and the roots past `maxRoots`, so memory stays
 * flat however many paths a run names.
 */
export class RootedMemo<V> {
  private readonly roots = new Map<string, Map<string, V>>();

  constructor(
    private readonly maxRoots: number,
    private readonly maxPerRoot: number,
  ) {}

  get(root: string, key: string): V | undefined {
    return this.roots.get(root)?.get(key);
  }

  /** For values that may be `undefined`: whether one is kept. */
  has(root: string, key: string): boolean {
    return this.roots.get(root)?.has(key) === true;
  }

  set(root: string, key: string, value: V): void {
    let entries = this.roots.get(root);
    if (!entries || entries.size >= this.maxPerRoot) {
      if (!entries && this.roots.size >= this.maxRoots) this.roots.clear();
      entries = new Map();
      this.roots.set(root, entries);
    }
    entries.set(key, value);
  }
}

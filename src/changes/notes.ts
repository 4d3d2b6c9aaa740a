/**
 * Notes: the run's remarks on the change summary (capped: an agent that touches a million files must not
 * make a million-line report), a file's remarks joined into one, and the order files are listed in.
 */

/** Run-level notes kept; later ones are dropped. */
const MAX_NOTES = 50;

/** The run's notes, at most {@link MAX_NOTES}. */
export class RunNotes {
  readonly list: string[] = [];

  readonly add = (n: string): void => {
    if (this.list.length < MAX_NOTES) this.list.push(n);
  };
}

export function joinNotes(...notes: (string | undefined)[]): string | undefined {
  const n = notes.filter((x): x is string => !!x);
  return n.length ? n.join("; ") : undefined;
}

/** Paths by UTF-16 code unit, not by locale: the same order on every runner. */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

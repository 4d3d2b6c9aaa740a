/**
 * The end of the agent's own user (security/agent-user.ts): every process of it, and what it left in the
 * machine's shared temporary directories.
 *
 * The kill domain is the user itself: it is made for this run alone, so "every process of that uid" is
 * exactly the agent's tree, daemons and double forks included. They are ended by one `kill(-1, SIGKILL)`
 * made AS that user: the kernel sends it to every process the sender may signal (its own uid's, nobody
 * else's, since it has no capability) while holding the process list, and a fork that has not completed by
 * then fails (its parent has a fatal signal pending), so a fork-and-exit chain cannot slip out of it the
 * way it slips out of `pkill`, which reads the list and signals it later, one process at a time. It is
 * repeated, each time followed by a look at /proc, until none is left or the deadline passes.
 *
 * A cgroup (`cgroup.kill`) would do the same, where the machine has a writable cgroup v2 hierarchy: many
 * containers (this project's own test machines among them) have none, or only a v1 one, and a hosted
 * runner's is systemd's; the user needs nothing of the machine but what creating it already needs.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";

export interface Ran {
  ok: boolean;
  /** The exit status (null: ended by a signal or not started). */
  code?: number | null;
  /** As the program wrote it (not trimmed: a file name may end in a space). */
  out: string;
  err: string;
  timedOut?: boolean;
}

/** Runs a program (an absolute path) as root or with sudo, with an optional deadline. */
export type Privileged = (file: string, args: string[], timeoutMs?: number) => Ran;

/**
 * The live processes (zombies have nothing left to run) with `uid` as their real, effective, saved or
 * file-system uid; undefined when /proc cannot be read (then nothing can be said, and nothing is assumed).
 */
export function processesOf(uid: number): number[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  const out: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let status: string;
    try {
      status = readFileSync(`/proc/${entry}/status`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    if (/^State:\s+[ZX]/m.test(status)) continue;
    const uids = /^Uid:\s+(.+)$/m.exec(status)?.[1]?.trim().split(/\s+/).map(Number) ?? [];
    if (uids.includes(uid)) out.push(Number(entry));
  }
  return out;
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Kills every process of the user (`killAll`: kill(-1) as that user) until /proc shows none, or until
 * `deadline` (epoch ms). Returns the pids still alive then (empty: none), or undefined when /proc could not
 * be read.
 */
export function endProcesses(
  killAll: () => void,
  uid: number,
  deadline: number,
  now: () => number = Date.now,
): number[] | undefined {
  for (;;) {
    killAll();
    const left = processesOf(uid);
    if (left === undefined || left.length === 0 || now() >= deadline) return left;
    // A killed process leaves the list once the kernel has torn it down: a moment, not a schedule.
    pause(5);
  }
}

/**
 * The machine's temporary directories every user may write: what the agent leaves there would outlive the
 * step, and belong to whichever later user gets its uid.
 */
export const SHARED_TEMP_DIRS = ["/tmp", "/var/tmp", "/dev/shm"] as const;

/**
 * Every file the user owns in {@link SHARED_TEMP_DIRS} removed, as root, once its processes are gone
 * (nothing can swap a directory for a link then). find does not follow links (`-P`, its default) and stays
 * on each directory's file system (`-xdev`); it names each entry the user owns (a directory of its own
 * then goes whole, with rm, which follows no link either) and does not descend into directories others may
 * not pass (the agent could not have reached inside: its grants are taken back by now), which keeps the
 * search to what the agent could reach. Bounded by `timeoutMs`. Returns a warning, or undefined when all
 * went.
 */
export function sweepSharedTemp(
  bin: { find: string; rm: string },
  uid: number,
  asRoot: Privileged,
  asAgent: Privileged,
  timeoutMs: number,
): string | undefined {
  const until = Date.now() + timeoutMs;
  const dirs = SHARED_TEMP_DIRS.filter((d) => existsSync(d));
  if (dirs.length === 0) return undefined;
  const warn = (why: string) =>
    `the agent's user's files in ${dirs.join(", ")} may not all be removed (${why.split("\n")[0]})`;
  const owned = ["(", "-user", String(uid), "-print0", "-prune", ")"];
  const closed = ["(", "-type", "d", "!", "-perm", "-o=x", "-prune", ")"];
  const found = asRoot(bin.find, ["-P", ...dirs, "-xdev", ...owned, "-o", ...closed], timeoutMs);
  if (found.timedOut) return warn("not searched in time");
  const paths = found.out.split("\0").filter(Boolean);
  for (let i = 0; i < paths.length; i += RM_BATCH) {
    const batch = paths.slice(i, i + RM_BATCH);
    // As the agent's user, not root: between find and rm a directory on the path may be another live
    // user's to swap for a link (two jobs on one machine), and root would remove what it then names.
    const rm = asAgent(bin.rm, ["-rf", "--one-file-system", "--", ...batch], Math.max(until - Date.now(), 1));
    if (!rm.ok) return warn(rm.timedOut ? "not removed in time" : rm.err);
  }
  return found.ok ? undefined : warn(found.err);
}

/** Paths to one rm: far under any command line's limit. */
const RM_BATCH = 256;

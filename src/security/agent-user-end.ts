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
 * Every file the user owns in {@link SHARED_TEMP_DIRS} removed, by find running as root: it does not follow
 * links (`-P`, its default), removes each entry relative to its own directory (no path is resolved twice),
 * and stays on each directory's file system (`-xdev`). Run once the user's processes are gone: nothing can
 * swap a directory for a link under it then. Returns a warning, or undefined when all went.
 */
export function sweepSharedTemp(
  find: string,
  uid: number,
  asRoot: Privileged,
  timeoutMs: number,
): string | undefined {
  const dirs = SHARED_TEMP_DIRS.filter((d) => existsSync(d));
  if (dirs.length === 0) return undefined;
  const r = asRoot(find, ["-P", ...dirs, "-xdev", "-user", String(uid), "-delete"], timeoutMs);
  if (r.ok) return undefined;
  const why = r.timedOut ? "not searched in time" : (r.err.split("\n")[0] ?? "");
  return `the agent's user's files in ${dirs.join(", ")} may not all be removed (${why})`;
}

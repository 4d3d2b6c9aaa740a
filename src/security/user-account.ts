/**
 * The agent's own user's account for one run: its name, a uid nobody had, and a home made for it.
 */
import { lchownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomHex } from "../base/random.js";
import { type Privileged, processesOf } from "./agent-user-end.js";
import type { Fail, Programs } from "./privileged.js";

/** useradd's longest name, and the random part that makes it this run's. */
const NAME_MAX = 32;
const NAME_RANDOM_BYTES = 4;

/** `<prefix>-<8 hex digits>`, the prefix cut to fit useradd's 32 characters. */
export function runUserName(prefix: string, random: string = randomHex(NAME_RANDOM_BYTES)): string {
  return `${prefix.slice(0, NAME_MAX - random.length - 1)}-${random}`;
}

/**
 * A system user (no subordinate uids, no aging, no mail spool, no lastlog entry) with its own group, whose
 * home is the fresh one; never root nor the job's own user. A name taken already is a failure, not a
 * reuse: it would be someone else's user.
 *
 * Its uid is drawn at random from {@link UID_RANGE}, not the next free one: userdel frees a uid, and the
 * allocator would give the last run's to the next, with whatever of it is left where the end does not look
 * (a file in a world-writable directory elsewhere). The range is above the ids distributions hand out to
 * people and services, under 60000 (useradd's usual UID_MAX) and within 16 bits, which every user namespace
 * a runner's container may live in maps.
 */
export function createUser(
  s: { uid: number },
  name: string,
  home: string,
  bin: Programs,
  asRoot: Privileged,
  fail: Fail,
  wanted: number,
): { uid: number; gid: number } {
  const made = asRoot(bin.useradd, [
    ...["--system", "--no-create-home", "--no-log-init", "--user-group", "--shell", "/bin/sh"],
    ...["--home-dir", home, "--uid", String(wanted), name],
  ]);
  if (!made.ok) {
    rmSync(home, { recursive: true, force: true });
    fail(`could not create the user ${name}`, made.err);
  }
  const uid = Number(asRoot(bin.id, ["-u", name]).out.trim() || Number.NaN);
  const gid = Number(asRoot(bin.id, ["-g", name]).out.trim() || Number.NaN);
  const ours = new Set([0, s.uid, process.getuid?.()]);
  if (uid !== wanted || !Number.isSafeInteger(gid) || ours.has(uid)) {
    // Made but not usable: removed again; its processes are all ended at the end, so it must be nobody else.
    if (Number.isSafeInteger(uid) && !ours.has(uid)) asRoot(bin.userdel, [name]);
    rmSync(home, { recursive: true, force: true });
    fail(`the user ${name} has no uid of its own`, "");
  }
  return { uid, gid };
}

/**
 * A uid (and the gid of the same number) for this run alone, drawn from {@link UID_RANGE}: no account nor
 * group of the machine's has it, no process runs as it (one left by a user removed by hand would be the
 * agent's to signal, and ended with it), and this run holds it ({@link UidHolds}), so that two jobs on one
 * machine never draw the same. Undefined when eight draws found none.
 */
export function claimUid(holds: UidHolds): number | undefined {
  const taken = new Set([...idsIn("/etc/passwd", 2), ...idsIn("/etc/group", 2)]);
  for (let i = 0; i < 8; i++) {
    const uid = randomUid();
    if (taken.has(uid) || processesOf(uid)?.length !== 0) continue;
    if (holds.hold(uid)) return uid;
  }
  return undefined;
}

/** The numbers in field `n` of a colon-separated database (/etc/passwd, /etc/group); none when unreadable. */
function idsIn(file: string, n: number): number[] {
  try {
    return readFileSync(file, "utf8")
      .split("\n")
      .map((line) => Number(line.split(":")[n]))
      .filter(Number.isSafeInteger);
  } catch {
    return [];
  }
}

/**
 * The uids runs hold, one directory each, in a directory only root may write (/run: gone at a reboot, and
 * with it every process a hold kept a uid from). `mkdir` is the lock: it fails for the second run. A hold
 * is let go at the end once nothing of the user is left; while something is, it stays, and the uid is
 * nobody else's.
 */
export const UID_HOLDS_DIR = "/run/cursor-agent-action/uids";

export interface UidHolds {
  hold(uid: number): boolean;
  letGo(uid: number): void;
}

export function uidHolds(asRoot: Privileged, bin: Pick<Programs, "mkdir" | "rm">, root: boolean): UidHolds {
  const at = (uid: number) => path.join(UID_HOLDS_DIR, String(uid));
  if (root) {
    return {
      hold(uid) {
        mkdirSync(UID_HOLDS_DIR, { recursive: true, mode: 0o700 });
        try {
          mkdirSync(at(uid), { mode: 0o700 });
          return true;
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
          throw e;
        }
      },
      letGo: (uid) => rmSync(at(uid), { recursive: true, force: true }),
    };
  }
  return {
    hold: (uid) =>
      asRoot(bin.mkdir, ["-p", "-m", "700", UID_HOLDS_DIR]).ok &&
      asRoot(bin.mkdir, ["-m", "700", at(uid)]).ok,
    letGo: (uid) => {
      asRoot(bin.rm, ["-rf", "--", at(uid)]);
    },
  };
}

/**
 * The fresh home given to the agent's ids, as root: in-process (it holds the few entries freshHome made),
 * else with chown. -R without -L, lchown: a link itself changes hands, nothing it points to.
 */
export function giveHome(
  home: string,
  ids: readonly [number, number],
  root: boolean,
  chown: (ids: string) => boolean,
): boolean {
  if (!root) return chown(`${ids[0]}:${ids[1]}`);
  const walk = (p: string) => {
    lchownSync(p, ids[0], ids[1]);
    for (const e of readdirSync(p, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(p, e.name));
      else lchownSync(path.join(p, e.name), ids[0], ids[1]);
    }
  };
  walk(home);
  return true;
}

/** Where the agent's user's uid is drawn from (createUser). */
export const UID_RANGE = { from: 40_000, count: 20_000 } as const;

/** A uid from {@link UID_RANGE}, at random (held by {@link claimUid} before anything runs as it). */
export const randomUid = () => UID_RANGE.from + (Number.parseInt(randomHex(4), 16) % UID_RANGE.count);

/** The CLI's state dir in the agent's home (`~/.cursor`, where older builds keep it whatever the
 * environment says), and its XDG_CONFIG_HOME, whose `cursor` is a link to the state dir. */
export const STATE_DIR = ".cursor";
export const CONFIG_DIR = ".config";

/**
 * A new home for this run, made where nobody could have planted it (mkdtemp: a new name), laid out before
 * the agent's user owns it so that every rule a build of the CLI follows for its state names one directory
 * (docs/session.md): `~/.cursor`, and `~/.config/cursor` a link to it (asUser sets CURSOR_CONFIG_DIR and
 * CURSOR_DATA_DIR to it too). The link is the action's own, made before the agent starts; what the agent
 * does with it later is read, if at all, as the agent (session/chat-store.ts).
 */
export function freshHome(user: string): string {
  const home = mkdtempSync(path.join(tmpdir(), `${user}-home-`));
  mkdirSync(path.join(home, STATE_DIR), { mode: 0o700 });
  mkdirSync(path.join(home, CONFIG_DIR), { mode: 0o700 });
  symlinkSync(path.join("..", STATE_DIR), path.join(home, CONFIG_DIR, "cursor"));
  return home;
}

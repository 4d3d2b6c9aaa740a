/**
 * What the agent's own user sees of the machine, where the machine allows a view of its own: the workspace
 * (as if it were its own), its home and its install, and the system; not the job's homes, `RUNNER_TEMP`,
 * the workspace's neighbours, the shared temporary directories, nor any process but its own.
 *
 * agent-view.py makes it, as root, before it drops to the agent's user: a mount namespace in which the
 * workspace is an idmapped bind mount (the owner's ids read as the agent's: no ACL, no chown, nothing done
 * file by file, so the cost is the same at a million files), the job's homes and the rest covered by empty
 * tmpfs, and a pid namespace whose init is root's, so that everything the agent starts ends with it.
 *
 * It needs Linux 5.12 or later, a file system with idmapped mounts under the workspace (ext4, xfs, btrfs,
 * tmpfs since 6.3, overlayfs...), CAP_SYS_ADMIN (a container started without it cannot), and python3 in the
 * system's directories (every hosted Ubuntu image has it; Node has no call for mount_setattr). It is started
 * with the strategy and held (held-view.ts), and its set-up is the probe: where it fails, agent-user.ts
 * shares the workspace by ACL, as before, and says why.
 */

import path from "node:path";
import { fileURLToPath } from "node:url";
import { within } from "../base/within.js";
import { SHARED_TEMP_DIRS } from "./agent-user-end.js";

/** A uid and a gid. */
export type Ids = readonly [uid: number, gid: number];

/** A directory shown to the agent at its own path: cloned before the covers, mounted back over them. */
export interface View {
  path: string;
  /** Whose ids read as the agent's inside it (an idmapped mount); none: shown as it is. */
  owner?: Ids;
  readOnly?: boolean;
}

/** A directory hidden behind an empty tmpfs; `shared`: a private, writable one instead (a temp dir). */
export interface Cover {
  path: string;
  shared?: boolean;
}

/**
 * The agent's name and home, for a user the machine has no account of (its uid is this run's alone):
 * agent-view.py adds its passwd and group lines in the namespace only.
 */
export interface Account {
  name: string;
  home: string;
}

/** What agent-view.py is given (on its stdin, as {@link planText} writes it: held-view.ts). */
export interface ViewPlan {
  agent: Ids;
  views: View[];
  covers: Cover[];
  account?: Account;
}

export interface ViewInput {
  /** Every path below is real (no link on it) and exists. */
  workspace: string;
  owner: Ids;
  agent: Ids;
  /** The agent's home for this run: its own already. */
  home?: string;
  install?: { dir: string; owner: Ids };
  /** The job's homes and RUNNER_TEMP. */
  hidden: string[];
  /** The shared temporary directories there are here (the agent gets its own of each). */
  temp: string[];
  account?: Account;
}

/**
 * Temporary directories every user may write, each replaced by the agent's own: what it leaves there goes
 * with its namespace. /run/lock is one more than the end sweeps (agent-user-end.ts).
 */
export const PRIVATE_TEMP_DIRS = [...SHARED_TEMP_DIRS, "/run/lock"] as const;

/**
 * Never covered, whatever names them: the system the agent's tools run from (a job whose HOME is `/` or
 * `/opt` keeps its home visible rather than the machine hidden).
 */
const NEVER_COVERED = new Set([
  "/",
  ...["/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/var", "/srv"],
  ...["/proc", "/sys", "/dev", "/run", "/boot", "/snap", "/nix", "/mnt", "/media"],
]);

export function planView(i: ViewInput): ViewPlan {
  const views: View[] = [
    { path: i.workspace, owner: i.owner },
    ...(i.home ? [{ path: i.home }] : []),
    ...(i.install ? [{ path: i.install.dir, owner: i.install.owner, readOnly: true }] : []),
  ];
  const candidates: Cover[] = [
    ...i.temp.map((p) => ({ path: p, shared: true })),
    ...[...i.hidden, path.dirname(i.workspace)]
      .filter((p) => !NEVER_COVERED.has(p))
      .map((p) => ({ path: p })),
  ];
  // A view on a cover's very path shows all of it: that cover would hide nothing.
  const covers = candidates.filter(
    (c, n) =>
      !views.some((v) => v.path === c.path) &&
      !candidates.some((o, m) => m !== n && needless(c, o, m < n, views)),
  );
  return { agent: i.agent, views, covers, ...(i.account ? { account: i.account } : {}) };
}

/**
 * `c` is needless beside `o`: on the same path (a shared cover wins, so that a workspace in /tmp keeps a
 * writable /tmp; else the first), or under it with no view between them to show it again.
 */
function needless(c: Cover, o: Cover, oFirst: boolean, views: View[]): boolean {
  if (o.path === c.path) return o.shared === c.shared ? oFirst : Boolean(o.shared);
  return within(o.path, c.path) && !views.some((v) => within(o.path, v.path) && within(v.path, c.path));
}

/**
 * agent-view.py, beside this module in src/ and beside the bundle in dist/ (ncc copies the file it finds
 * named this way and gives its path as a string, not a URL).
 */
const where: URL | string = new URL("./agent-view.py", import.meta.url);
export const VIEW_PROGRAM = typeof where === "string" ? where : fileURLToPath(where);

/**
 * The plan as agent-view.py reads it: a line each, fields apart by a space, every path or name in hex (no
 * quoting to get wrong; JSON would cost the Python side ~13 ms of importing, on the agent's start).
 */
export function planText(plan: ViewPlan): string {
  return [
    `agent ${plan.agent[0]} ${plan.agent[1]}`,
    ...plan.views.map(
      (v) => `view ${hex(v.path)} ${v.owner ? v.owner.join(" ") : "- -"} ${v.readOnly ? 1 : 0}`,
    ),
    ...plan.covers.map((c) => `cover ${hex(c.path)} ${c.shared ? 1 : 0}`),
    ...(plan.account ? [`account ${hex(plan.account.name)} ${hex(plan.account.home)}`] : []),
  ].join("\n");
}

/**
 * The agent's command as agent-view.py reads it after the plan: an `arg` line for each argument, an `env`
 * line for each variable (`NAME=value`), every value in hex. Through its stdin: the environment (the API key
 * among it) is never on a command line.
 */
export function commandText(argv: readonly string[], env: NodeJS.ProcessEnv): string {
  return [
    ...argv.map((a) => `arg ${hex(a)}`),
    ...Object.entries(env).flatMap(([k, v]) => (v === undefined ? [] : [`env ${hex(`${k}=${v}`)}`])),
  ].join("\n");
}

/** A path, a name or a value as one field of agent-view.py's lines: no quoting to get wrong. */
const hex = (s: string) => Buffer.from(s, "utf8").toString("hex");

/** The directories the agent must pass through to reach `p`, by name, that no cover hides. */
export function uncovered(dirs: string[], plan: ViewPlan): string[] {
  return dirs.filter((d) => !plan.covers.some((c) => within(c.path, d)));
}

/**
 * `safety-strategy: unprivileged-user` (and `auto` where the runner allows it): the agent runs as another
 * user, which can neither read the action's environment nor its memory (procfs shows them to the same user
 * only), nor signal it, nor reach `RUNNER_TEMP` (the file commands and the raw transcript live there), while
 * it can write the workspace.
 *
 * One user per run: `<agent-user>-<8 random hex digits>` (the input is the prefix), created for this run
 * and removed at its end. Two jobs on one machine never share it (ending "every process of the user" ends
 * only this run's agent), and nothing a run left is reachable by the next run's agent: another uid cannot
 * read its environment in procfs, nor use its grants.
 *
 * Setup, with root or passwordless sudo (a GitHub-hosted runner's user has it): the user is created, with a
 * fresh home (made where nobody could have planted it); the workspace gets an ACL that lets it write (and a
 * default ACL for what it creates), the directories above the workspace and the agent's install only an
 * ACL to pass through and read; `RUNNER_TEMP` is closed to others. Release, once the agent's process group
 * is gone: every process of the user ended (security/agent-user-end.ts: a daemon it left could otherwise
 * rewrite files after the action read them, or read the next step's secrets), every grant taken back with
 * the ACL entries it set naming itself or its group, what it created given to the workspace's owner, its
 * files in the shared temporary directories and its home removed, then the user. Should a process of it
 * outlive the deadline, the user is kept (its uid is not given to anyone else) and a warning says so.
 *
 * Every program run as root, with sudo, or to drop privileges comes from the system's directories
 * (strategy.ts findSystemProgram), never the job's PATH.
 */
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AgentCommand } from "../agent/command.js";
import { RUN_DEADLINES } from "../base/deadlines.js";
import { InputError } from "../base/errors.js";
import { randomHex } from "../base/random.js";
import { SYSTEM_DIRS } from "../base/system-dirs.js";
import { endProcesses, type Privileged, processesOf, type Ran, sweepSharedTemp } from "./agent-user-end.js";
import { findExecutable, findSystemProgram } from "./strategy.js";

export interface AgentUser {
  /** This run's user. */
  name: string;
  home: string;
  /** Its CLI's state dir (config, chats): the one directory every rule of every build names for it. */
  stateDir: string;
  /** The agent's command, as that user. */
  asUser(cmd: AgentCommand): AgentCommand;
  /**
   * Its processes ended (kill(-1) as it, until none is left or the deadline): before anything is read of
   * what it wrote (its chat), so that none of them can act on that reading. release() ends them too.
   */
  endProcesses(): void;
  /**
   * After the run: its processes ended, the grants taken back, the workspace's files back to its owner,
   * its files and the user removed. Returns warnings (what could not be undone).
   */
  release(): string[];
}

interface Setup {
  /** The `agent-user` input: the prefix of this run's user's name. */
  prefix: string;
  workspace: string;
  runnerTemp?: string;
  agentPath: string;
  env: NodeJS.ProcessEnv;
  /** Our effective uid: 0 needs no sudo. */
  uid: number;
}

/** useradd's longest name, and the random part that makes it this run's. */
const NAME_MAX = 32;
const NAME_RANDOM_BYTES = 4;

/** `<prefix>-<8 hex digits>`, the prefix cut to fit useradd's 32 characters. */
export function runUserName(prefix: string, random: string = randomHex(NAME_RANDOM_BYTES)): string {
  return `${prefix.slice(0, NAME_MAX - random.length - 1)}-${random}`;
}

type Fail = (what: string, err: string) => never;

/** The system's programs this module runs (strategy.ts requires the ones a machine may lack). */
const PROGRAMS = [
  "id",
  "getent",
  "useradd",
  "userdel",
  "groupdel",
  "setfacl",
  "setpriv",
  "chown",
  "rm",
  "kill",
  "find",
  "env",
] as const;
type Programs = Record<(typeof PROGRAMS)[number] | "sudo", string>;

function systemPrograms(uid: number, fail: Fail): Programs {
  const out: Partial<Programs> = {};
  for (const name of [...PROGRAMS, ...(uid === 0 ? [] : ["sudo" as const])]) {
    const found = findSystemProgram(name);
    if (!found) fail(`${name} is not in the system's directories (${SYSTEM_DIRS.join(", ")})`, "");
    out[name] = found;
  }
  return out as Programs;
}

function privileged(uid: number, sudo: string | undefined): Privileged {
  return (file, args, timeoutMs) =>
    ran(
      uid === 0 || !sudo
        ? spawnSync(file, args, asOptions(timeoutMs))
        : spawnSync(sudo, ["-n", file, ...args], asOptions(timeoutMs)),
      timeoutMs,
    );
}

/**
 * Killed (SIGKILL, which nothing can catch) at its deadline; room for what find lists (the default 1 MiB was
 * passed by ~35,000 of the agent's files in /tmp: find was killed, and nothing removed).
 */
function asOptions(timeoutMs: number | undefined) {
  return {
    encoding: "utf8",
    timeout: timeoutMs,
    killSignal: "SIGKILL",
    maxBuffer: 256 * 1024 * 1024,
  } as const;
}

function ran(r: SpawnSyncReturns<string>, timeoutMs: number | undefined): Ran {
  return {
    ok: r.status === 0,
    code: r.status,
    out: r.stdout ?? "",
    err: (r.stderr ?? r.error?.message ?? "").trim(),
    // Killed at its deadline; a program that outgrew its output is said as what it is.
    timedOut:
      r.signal !== null && timeoutMs !== undefined && (r.error as NodeJS.ErrnoException)?.code !== "ENOBUFS",
  };
}

export function setUpAgentUser(s: Setup): AgentUser {
  const fail: Fail = (what, err) => {
    throw new InputError(
      "safety-strategy",
      `unprivileged-user: ${what}${err ? ` (${err.split("\n")[0]})` : ""}; it needs root or passwordless sudo`,
    );
  };
  if (process.platform !== "linux") fail(`not available on ${process.platform}`, "");
  const bin = systemPrograms(s.uid, fail);
  const asRoot = privileged(s.uid, bin.sudo);
  const name = runUserName(s.prefix);
  // Everything that may throw before the user exists: nothing is left to undo then.
  const owner = statSync(s.workspace);
  const agent = findExecutable(s.agentPath, s.env.PATH);
  const agentReal = agent ? realpathSync(agent) : undefined;
  const grants = grantsFor(s.workspace, name, agentReal ? path.dirname(agentReal) : undefined);
  const home = freshHome(name);
  const user = createUser(s, name, home, bin, asRoot, fail);
  const end = { s, name, home, uid: user.uid, gid: user.gid, bin, asRoot, grants, owner };
  try {
    // -R without -L: the link itself changes hands, nothing it points to is followed.
    const r = asRoot(bin.chown, ["-R", `${name}:`, home]);
    if (!r.ok) fail(`could not give ${name} its home for this run`, r.err);
    for (const g of grants) {
      const r = asRoot(bin.setfacl, g.grant);
      if (!r.ok) fail(`could not ${g.why} with setfacl (package acl)`, r.err);
    }
  } catch (e) {
    releaseUser(end);
    throw e;
  }
  // The file commands and the raw transcript are under RUNNER_TEMP: not the agent's to read.
  if (s.runnerTemp) chmodSync(s.runnerTemp, 0o700);
  let released: string[] | undefined;
  return {
    name,
    home,
    stateDir: path.join(home, STATE_DIR),
    asUser: (cmd) => asUser(cmd, { name, ...user, root: s.uid === 0, bin }, home, agentReal),
    endProcesses() {
      if (!released) killProcesses(end);
    },
    release() {
      released ??= releaseUser(end);
      return released;
    },
  };
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
function createUser(
  s: Setup,
  name: string,
  home: string,
  bin: Programs,
  asRoot: Privileged,
  fail: Fail,
): { uid: number; gid: number } {
  const useradd = (uid: number) =>
    asRoot(bin.useradd, [
      ...["--system", "--no-create-home", "--no-log-init", "--user-group", "--shell", "/bin/sh"],
      ...["--home-dir", home, "--uid", String(uid), name],
    ]);
  // A uid no account has (useradd: 4 when one does) and no process runs as (one left by a user removed by
  // hand would be the agent's to signal, and ended with it): else another draw.
  const free = () => {
    for (let i = 0; i < 8; i++) {
      const uid = randomUid();
      if (processesOf(uid)?.length === 0) return uid;
    }
    return randomUid();
  };
  let made = useradd(free());
  for (let i = 0; i < 4 && made.code === 4; i++) made = useradd(free());
  if (!made.ok) {
    rmSync(home, { recursive: true, force: true });
    fail(`could not create the user ${name}`, made.err);
  }
  const uid = Number(asRoot(bin.id, ["-u", name]).out.trim() || Number.NaN);
  const gid = Number(asRoot(bin.id, ["-g", name]).out.trim() || Number.NaN);
  const ours = new Set([0, s.uid, process.getuid?.()]);
  if (!Number.isSafeInteger(uid) || !Number.isSafeInteger(gid) || ours.has(uid)) {
    // Made but not usable: removed again; its processes are all ended at the end, so it must be nobody else.
    if (Number.isSafeInteger(uid) && !ours.has(uid)) asRoot(bin.userdel, [name]);
    rmSync(home, { recursive: true, force: true });
    fail(`the user ${name} has no uid of its own`, "");
  }
  return { uid, gid };
}

/** Where the agent's user's uid is drawn from (createUser). */
export const UID_RANGE = { from: 40_000, count: 20_000 } as const;

const randomUid = () => UID_RANGE.from + (Number.parseInt(randomHex(4), 16) % UID_RANGE.count);

interface End {
  s: Setup;
  name: string;
  home: string;
  uid: number;
  gid: number;
  bin: Programs;
  asRoot: Privileged;
  grants: Grant[];
  owner: { uid: number; gid: number };
}

/**
 * The user's end, in order: its processes (nothing may act while the rest is undone), the grants and the
 * ACL entries naming it (before the name goes: a uid left in an ACL would grant the next user given that
 * uid), the workspace's files to its owner, its home and its files in the shared temporary directories,
 * then the user and its group. What comes after the workspace needs the kill to have worked: otherwise
 * what a live process could race is left alone, the user is kept (so that its uid is nobody else's), and
 * a warning says so.
 */
/** A program run as the agent's user: the kill can end only its processes, the sweep remove only what it could. */
function agentSide(e: End): Privileged {
  const { bin, name } = e;
  return (file, args, timeoutMs) =>
    ran(
      e.s.uid === 0
        ? spawnSync(bin.setpriv, [...dropTo(e.uid, e.gid), "--", file, ...args], asOptions(timeoutMs))
        : spawnSync(bin.sudo, ["-n", "-u", name, "--", file, ...args], asOptions(timeoutMs)),
      timeoutMs,
    );
}

/** Every process of the user killed until none is left, or its deadline: the pids left (undefined: unknown). */
function killProcesses(e: End): number[] | undefined {
  const deadline = Date.now() + RUN_DEADLINES.agentUserEndMs;
  const asAgent = agentSide(e);
  // Each kill bounded too: it runs as the agent's user from its setresuid on, so a process of the agent's
  // could stop it (SIGSTOP) before it kills, and an unbounded wait would hold the action for ever.
  const killAll = () => {
    asAgent(e.bin.kill, ["-KILL", "-1"], Math.max(deadline - Date.now(), 1));
  };
  return endProcesses(killAll, e.uid, deadline);
}

function releaseUser(e: End): string[] {
  const { bin, asRoot, name } = e;
  const asAgent = agentSide(e);
  const left = killProcesses(e);
  const warnings: string[] = [];
  // Taken back in reverse: the workspace's last (its own files' ACLs), the passage through the
  // directories above it first.
  for (const g of [...e.grants].reverse()) {
    if (!asRoot(bin.setfacl, g.revoke).ok)
      warnings.push(`${name}'s access could not all be taken back (${g.why})`);
  }
  // Its files in the workspace are its no longer, whatever else is left (chown -R follows no link).
  asRoot(bin.chown, ["-R", `${e.owner.uid}:${e.owner.gid}`, e.s.workspace]);
  if (left === undefined || left.length > 0) {
    const what = left
      ? `${left.length} process(es) of ${name} (${left.slice(0, 5).join(", ")})`
      : `whether a process of ${name} is left (/proc could not be read)`;
    warnings.push(
      `the agent's user could not be ended: ${what} still there after ${RUN_DEADLINES.agentUserEndMs} ms; the user is kept, its grants taken back, the workspace's files given back, its other files left as they are`,
    );
    return warnings;
  }
  asRoot(bin.rm, ["-rf", "--one-file-system", e.home]);
  const swept = sweepSharedTemp(bin, e.uid, asRoot, asAgent, RUN_DEADLINES.agentUserEndMs);
  if (swept) warnings.push(swept);
  const gone = asRoot(bin.userdel, [name]);
  if (!gone.ok) warnings.push(`the user ${name} could not be removed (${gone.err.split("\n")[0]})`);
  // userdel takes the user's own group with it where the system says so (USERGROUPS_ENAB); else it goes here.
  else if (asRoot(bin.getent, ["group", name]).ok) asRoot(bin.groupdel, [name]);
  return warnings;
}

/** setpriv's flags for a process of the agent's user: its uid and group alone, no capability left. */
function dropTo(uid: number, gid: number | string): string[] {
  return [`--reuid=${uid}`, `--regid=${gid}`, "--clear-groups", "--inh-caps=-all", "--bounding-set=-all"];
}

/** The CLI's state dir in the agent's home (`~/.cursor`, where older builds keep it whatever the
 * environment says), and its XDG_CONFIG_HOME, whose `cursor` is a link to the state dir. */
const STATE_DIR = ".cursor";
const CONFIG_DIR = ".config";

/**
 * A new home for this run, made where nobody could have planted it (mkdtemp: a new name), laid out before
 * the agent's user owns it so that every rule a build of the CLI follows for its state names one directory
 * (docs/session.md): `~/.cursor`, and `~/.config/cursor` a link to it (asUser sets CURSOR_CONFIG_DIR and
 * CURSOR_DATA_DIR to it too). The link is the action's own, made before the agent starts; what the agent
 * does with it later is read, if at all, as the agent (session/chat-store.ts).
 */
function freshHome(user: string): string {
  const home = mkdtempSync(path.join(tmpdir(), `${user}-home-`));
  mkdirSync(path.join(home, STATE_DIR), { mode: 0o700 });
  mkdirSync(path.join(home, CONFIG_DIR), { mode: 0o700 });
  symlinkSync(path.join("..", STATE_DIR), path.join(home, CONFIG_DIR, "cursor"));
  return home;
}

interface Grant {
  grant: string[];
  revoke: string[];
  why: string;
}

/**
 * In this order, later grants winning: passage through the directories above, then the agent's install
 * readable, then the workspace writable (the install may hold the workspace, or the other way round).
 */
function grantsFor(workspace: string, user: string, installDir: string | undefined): Grant[] {
  const u = `u:${user}`;
  const out: Grant[] = [];
  for (const dir of new Set([...ancestors(workspace), ...(installDir ? ancestors(installDir) : [])])) {
    out.push({
      grant: ["-m", `${u}:x`, dir],
      revoke: ["-x", u, dir],
      why: "let it reach the workspace and the agent",
    });
  }
  // The install is the whole directory (a launcher, a bundled node, its modules): readable, passable.
  if (installDir) {
    out.push({
      grant: ["-R", "-m", `${u}:rX`, installDir],
      revoke: ["-R", "-x", u, installDir],
      why: "let it run the agent",
    });
  }
  // Taken back with the entries the agent may have added for its own group on its own files.
  const g = `g:${user}`;
  out.push({
    grant: ["-R", "-m", `${u}:rwX`, "-m", `d:${u}:rwX`, workspace],
    revoke: ["-R", "-x", u, "-x", `d:${u}`, "-x", g, "-x", `d:${g}`, workspace],
    why: "make the workspace writable to it",
  });
  return out;
}

interface RunUser {
  name: string;
  uid: number;
  gid: number;
  /** Whether the action is root (else it has sudo). */
  root: boolean;
  bin: Programs;
}

function asUser(cmd: AgentCommand, u: RunUser, home: string, agentReal?: string): AgentCommand {
  // Its CLI's config and chats in its own home, in the one place every build's rule names (freshHome):
  // the job's XDG_CONFIG_HOME (/home/runner/.config on a hosted runner), CURSOR_CONFIG_DIR and
  // CURSOR_DATA_DIR are not its to write. The job's other XDG base directories go too: unset, they are
  // the agent's home's.
  const state = path.join(home, STATE_DIR);
  const env: NodeJS.ProcessEnv = {
    ...cmd.env,
    HOME: home,
    USER: u.name,
    LOGNAME: u.name,
    XDG_CONFIG_HOME: path.join(home, CONFIG_DIR),
    CURSOR_CONFIG_DIR: state,
    CURSOR_DATA_DIR: state,
  };
  for (const name of ["XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"])
    delete env[name];
  const file = agentReal ?? cmd.file;
  const inner = ["--no-new-privs", "--", file, ...cmd.args];
  if (u.root) return { ...cmd, env, file: u.bin.setpriv, args: [...dropTo(u.uid, u.gid), ...inner] };
  // -E keeps the environment built for the agent (its API key among it), never on a command line;
  // sudo's secure_path would replace PATH, which is no secret: it is given back through env.
  return {
    ...cmd,
    env,
    file: u.bin.sudo,
    args: ["-n", "-E", "-u", u.name, "--", u.bin.env, `PATH=${cmd.env.PATH ?? ""}`, u.bin.setpriv, ...inner],
  };
}

/** The directories above `p`, from its parent up to the root. */
function ancestors(p: string): string[] {
  const out: string[] = [];
  for (let d = path.dirname(p); d !== path.dirname(d); d = path.dirname(d)) out.push(d);
  return out;
}

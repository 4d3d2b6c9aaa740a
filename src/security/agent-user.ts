/**
 * `safety-strategy: unprivileged-user` (and `auto` where the runner allows it): the agent runs as another
 * user, which can neither read the action's environment nor its memory (procfs shows them to the same user
 * only), nor signal it, nor reach `RUNNER_TEMP` (the file commands and the raw transcript), while it can
 * write the workspace.
 *
 * One identity per run: a uid (and gid) drawn for it and held (user-account.ts), named
 * `<agent-user>-<8 random hex digits>`. Two jobs on one machine never share it, and nothing a run left is
 * reachable by the next run's agent. Set-up, with root or passwordless sudo (a hosted runner's user has it):
 * a fresh home; where the machine allows it (view-plan.ts), a view of its own (agent-view.ts): the
 * workspace as its own through an idmapped mount, the job's homes and RUNNER_TEMP covered, private temporary
 * directories, a pid namespace that ends with it, its name in its namespace alone: no account, nothing done
 * file by file. Else an account, the workspace shared by ACL (grants.ts). `RUNNER_TEMP` is closed to others.
 * Release, once its process group is gone: every process of the uid ended (agent-user-end.ts: a daemon it
 * left could otherwise rewrite files after the action read them, or read the next step's secrets), the
 * grants taken back with the ACL entries it set, what it created given to the workspace's owner (through
 * its view, stored as the owner's already), its home and its files in the shared temporary directories
 * removed, its account if it had one, then the hold. Should a process of it outlive the deadline, the uid
 * stays held (nobody else gets it) and a warning says so.
 *
 * Every program run as root, with sudo, or to drop privileges comes from the system's directories
 * (privileged.ts), never the job's PATH.
 */
import { chmodSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import type { AgentCommand } from "../agent/command.js";
import { InputError } from "../base/errors.js";
import { type End, endMs, killProcesses, releaseUser } from "./agent-user-release.js";
import { uncovered, type ViewPlan } from "./agent-view.js";
import { grantsFor } from "./grants.js";
import { HeldView } from "./held-view.js";
import { dropTo, type Fail, type Programs, privileged, systemPrograms } from "./privileged.js";
import { findExecutable } from "./strategy.js";
import {
  CONFIG_DIR,
  claimUid,
  createUser,
  freshHome,
  giveHome,
  runUserName,
  STATE_DIR,
  uidHolds,
} from "./user-account.js";
import { ownView } from "./view-plan.js";

export interface AgentUser {
  /** This run's user (with its own view, a name the machine has no account of: its namespace shows it). */
  name: string;
  /** Its uid and gid, this run's alone. */
  ids: readonly [number, number];
  home: string;
  /** Its CLI's state dir (config, chats): the one directory every rule of every build names for it. */
  stateDir: string;
  /** What it sees of the machine, for the log's header: its own view, or why the workspace is shared by ACL. */
  view: string;
  /**
   * Everything it starts ends with it (its own view's pid namespace): once its process has exited, none of
   * its processes is left to write.
   */
  contained: boolean;
  /** The agent's command, as that user. */
  asUser(cmd: AgentCommand): AgentCommand;
  /**
   * Its processes ended (kill(-1) as it, until none is left or the deadline): before anything is read of
   * what it wrote (its chat), so that none of them can act on that reading. release() ends them too.
   */
  endProcesses(hurry?: boolean): void;
  /**
   * After the run: its processes ended, the grants taken back, the workspace's files back to its owner,
   * its files and the user removed. Returns warnings (what could not be undone).
   */
  release(hurry?: boolean): string[];
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
  /** Its own view's process, started with the strategy ({@link holdOwnView}), or why there is none. */
  held: HeldView | string;
  /**
   * The checkout's credential being taken out (beside this set-up): over before any grant touches the
   * workspace, else a grant's mask could reach the file the stash notes, whose mode the revoke then changes.
   */
  stashed?: Promise<unknown>;
}

/**
 * The process that will make the agent's own view and run it (held-view.ts), started as soon as the strategy
 * is known: Python's start runs beside admission, the CLI and the snapshot. Its stdout is `transcriptFile`,
 * made now. Never throws: why there is none instead.
 */
export function holdOwnView(s: Pick<Setup, "workspace" | "uid">, transcriptFile: string): HeldView | string {
  if (process.platform !== "linux") return `not available on ${process.platform}`;
  try {
    const bin = systemPrograms(s.uid, (what) => {
      throw new Error(what);
    });
    if (!bin.python3) return "python3 is not in the system's directories";
    const cwd = realpathSync(s.workspace);
    return new HeldView({ python: bin.python3, sudo: bin.sudo, root: s.uid === 0, cwd, transcriptFile });
  } catch (e) {
    return `it could not be started (${(e as Error).message})`;
  }
}

export async function setUpAgentUser(s: Setup): Promise<AgentUser> {
  const fail: Fail = (what, err) => {
    throw new InputError(
      "safety-strategy",
      `unprivileged-user: ${what}${err ? ` (${err.split("\n")[0]})` : ""}; it needs root or passwordless sudo`,
    );
  };
  if (process.platform !== "linux") fail(`not available on ${process.platform}`, "");
  const bin = systemPrograms(s.uid, fail);
  const root = s.uid === 0;
  const asRoot = privileged(s.uid, bin.sudo);
  const name = runUserName(s.prefix);
  // Everything that may throw before the uid is held: nothing is left to undo then.
  const workspace = realpathSync(s.workspace);
  const owner = statSync(workspace);
  const agent = findExecutable(s.agentPath, s.env.PATH);
  const agentReal = agent ? realpathSync(agent) : undefined;
  const installDir = agentReal ? path.dirname(agentReal) : undefined;
  const holds = uidHolds(asRoot, bin, root);
  const uid = claimUid(holds);
  if (uid === undefined) fail("no free uid could be held for this run's user", "");
  const home = freshHome(name);
  const end: End = { s, name, home, uid, gid: uid, bin, asRoot, grants: [], owner, holds };
  let view: ViewPlan | string;
  try {
    // Its own view, where the machine allows it, needs no account: its ids are this run's alone, and the
    // namespace shows its name. Else (ACLs) an account is made for it.
    const setup = { s, bin, asRoot, workspace, owner, home, installDir, name };
    const viewing = await ownView(setup, s.held, [uid, uid]);
    if (typeof viewing === "string") {
      const made = createUser(s, name, home, bin, asRoot, fail, uid);
      end.account = true;
      end.gid = made.gid;
    }
    const ids = [end.uid, end.gid] as const;
    if (!giveHome(home, ids, root, (to) => asRoot(bin.chown, ["-R", to, home]).ok))
      fail(`could not give ${name} its home for this run`, "");
    view = viewing;
    end.view = typeof view === "string" ? undefined : view;
    const plan = end.view;
    await s.stashed?.catch(() => undefined);
    end.grants = grantsFor({
      workspace,
      user: String(end.uid),
      group: String(end.gid),
      installDir,
      viewed: plan && { hidden: (dir) => uncovered([dir], plan).length === 0 },
    });
    for (const g of end.grants) {
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
  const held = end.view && typeof s.held !== "string" ? s.held : undefined;
  const runUser = { name, uid: end.uid, gid: end.gid, root, bin, held };
  return {
    name,
    home,
    ids: [end.uid, end.gid],
    stateDir: path.join(home, STATE_DIR),
    view:
      typeof view === "string"
        ? `the workspace shared with it by ACL: no view of its own (${view})`
        : "it sees the workspace, its home and the system: not the job's home, nor any process but its own",
    contained: end.view !== undefined,
    asUser: (cmd) => asUser(cmd, runUser, home, agentReal),
    endProcesses(hurry) {
      if (!released) killProcesses(end, endMs(hurry));
    },
    release(hurry) {
      released ??= releaseUser(end, endMs(hurry), hurry);
      return released;
    },
  };
}

interface RunUser {
  name: string;
  uid: number;
  gid: number;
  /** Whether the action is root (else it has sudo). */
  root: boolean;
  bin: Programs;
  /** Its own view's process (held-view.ts), set up as root: it drops to the agent's user last. */
  held?: HeldView;
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
  // Its own view: the held process (root's) runs setpriv, which drops to the agent's user last; the
  // environment goes to it with the command, through its pipe.
  if (u.held)
    return { ...cmd, env, file: u.bin.setpriv, args: [...dropTo(u.uid, u.gid), ...inner], held: u.held };
  const path_ = `PATH=${cmd.env.PATH ?? ""}`;
  if (u.root) return { ...cmd, env, file: u.bin.setpriv, args: [...dropTo(u.uid, u.gid), ...inner] };
  // -E keeps the environment built for the agent (its API key among it), never on a command line;
  // sudo's secure_path would replace PATH, which is no secret: it is given back through env.
  return {
    ...cmd,
    env,
    file: u.bin.sudo,
    args: ["-n", "-E", "-u", u.name, "--", u.bin.env, path_, u.bin.setpriv, ...inner],
  };
}

/**
 * `safety-strategy: unprivileged-user` (and `auto` where the runner allows it): the agent runs as another
 * user, which can neither read the action's environment nor its memory (procfs shows them to the same user
 * only), nor signal it, nor reach `RUNNER_TEMP` (the file commands and the raw transcript live there), while
 * it can write the workspace.
 *
 * Setup, with root or passwordless sudo (a GitHub-hosted runner's user has it): the user is created when
 * absent; any process of it still alive is ended; it gets a fresh home for this run (its CLI config, chats
 * and anything an earlier run planted there are not this run's); the workspace gets an ACL that lets it
 * write (and a default ACL for what it creates), the directories above the workspace and the agent's
 * install only an ACL to pass through and read; `RUNNER_TEMP` is closed to others. Release, once the agent
 * is gone: every process of the user ended (a daemon it left could otherwise rewrite files after the
 * action read them), every grant taken back, what it created given to the workspace's owner, its home
 * removed.
 *
 * One user per concurrent job: ending "every process of the user" would end another job's agent too.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AgentCommand } from "../agent/command.js";
import { InputError } from "../base/errors.js";
import { findExecutable } from "./strategy.js";

export interface AgentUser {
  name: string;
  home: string;
  /** Its CLI's state dir (config, chats): the one directory every rule of every build names for it. */
  stateDir: string;
  /** The agent's command, as that user. */
  asUser(cmd: AgentCommand): AgentCommand;
  /** After the run: its processes ended, the grants taken back, the workspace's files back to its owner. */
  release(): void;
}

interface Setup {
  user: string;
  workspace: string;
  runnerTemp?: string;
  agentPath: string;
  env: NodeJS.ProcessEnv;
  /** Our effective uid: 0 needs no sudo. */
  uid: number;
}

type AsRoot = (file: string, args: string[]) => { ok: boolean; out: string; err: string };

export function setUpAgentUser(s: Setup): AgentUser {
  const asRoot: AsRoot = (file, args) => {
    const r =
      s.uid === 0
        ? spawnSync(file, args, { encoding: "utf8" })
        : spawnSync("sudo", ["-n", file, ...args], { encoding: "utf8" });
    return {
      ok: r.status === 0,
      out: (r.stdout ?? "").trim(),
      err: (r.stderr ?? r.error?.message ?? "").trim(),
    };
  };
  const fail = (what: string, err: string): never => {
    throw new InputError(
      "safety-strategy",
      `unprivileged-user: ${what}${err ? ` (${err.split("\n")[0]})` : ""}; it needs root or passwordless sudo`,
    );
  };
  if (process.platform !== "linux") fail(`not available on ${process.platform}`, "");
  const uid = ensureUser(s, asRoot, fail);
  // Whatever an earlier run of this user left running goes before this one starts.
  asRoot("pkill", ["-KILL", "-u", s.user]);
  const home = freshHome(s.user, asRoot, fail);
  const stateDir = path.join(home, STATE_DIR);

  const agent = findExecutable(s.agentPath, s.env.PATH);
  const agentReal = agent ? realpathSync(agent) : undefined;
  const grants = grantsFor(s, agentReal ? path.dirname(agentReal) : undefined);
  for (const g of grants) {
    const r = asRoot("setfacl", g.grant);
    if (!r.ok) fail(`could not ${g.why} with setfacl (package acl)`, r.err);
  }
  // The file commands and the raw transcript are under RUNNER_TEMP: not the agent's to read.
  if (s.runnerTemp) chmodSync(s.runnerTemp, 0o700);

  const owner = statSync(s.workspace);
  return {
    name: s.user,
    home,
    stateDir,
    asUser: (cmd) => asUser(cmd, s, uid, home, agentReal),
    release() {
      asRoot("pkill", ["-KILL", "-u", s.user]);
      // Taken back in reverse: the workspace's last (its own files' ACLs), the passage through the
      // directories above it first.
      for (const g of [...grants].reverse()) asRoot("setfacl", g.revoke);
      asRoot("chown", ["-R", `${owner.uid}:${owner.gid}`, s.workspace]);
      asRoot("rm", ["-rf", "--one-file-system", home]);
    },
  };
}

/** The user's uid, creating the user when absent; never root, nor the job's own user. */
function ensureUser(s: Setup, asRoot: AsRoot, fail: (what: string, err: string) => never): number {
  if (!asRoot("id", ["-u", s.user]).ok) {
    const made = asRoot("useradd", ["--create-home", "--user-group", "--shell", "/bin/sh", s.user]);
    if (!made.ok) fail(`could not create the user ${s.user}`, made.err);
  }
  const id = asRoot("id", ["-u", s.user]);
  const uid = Number(id.out);
  if (!id.ok || !Number.isSafeInteger(uid)) fail(`could not find the user ${s.user}`, id.err);
  // Its processes are all ended and it runs the agent: it must be nobody else.
  if (uid === 0 || uid === s.uid || uid === process.getuid?.()) {
    fail(`agent-user ${s.user} is root or this job's own user`, "");
  }
  return uid;
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
function freshHome(user: string, asRoot: AsRoot, fail: (what: string, err: string) => never): string {
  const home = mkdtempSync(path.join(tmpdir(), `${user}-home-`));
  mkdirSync(path.join(home, STATE_DIR), { mode: 0o700 });
  mkdirSync(path.join(home, CONFIG_DIR), { mode: 0o700 });
  symlinkSync(path.join("..", STATE_DIR), path.join(home, CONFIG_DIR, "cursor"));
  // -R without -L: the link itself changes hands, nothing it points to is followed.
  const r = asRoot("chown", ["-R", `${user}:`, home]);
  if (!r.ok) fail(`could not give ${user} its home for this run`, r.err);
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
function grantsFor(s: Setup, installDir: string | undefined): Grant[] {
  const u = `u:${s.user}`;
  const out: Grant[] = [];
  for (const dir of new Set([...ancestors(s.workspace), ...(installDir ? ancestors(installDir) : [])])) {
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
  out.push({
    grant: ["-R", "-m", `${u}:rwX`, "-m", `d:${u}:rwX`, s.workspace],
    revoke: ["-R", "-x", u, "-x", `d:${u}`, s.workspace],
    why: "make the workspace writable to it",
  });
  return out;
}

function asUser(cmd: AgentCommand, s: Setup, uid: number, home: string, agentReal?: string): AgentCommand {
  // Its CLI's config and chats in its own home, in the one place every build's rule names (freshHome):
  // the job's XDG_CONFIG_HOME (/home/runner/.config on a hosted runner), CURSOR_CONFIG_DIR and
  // CURSOR_DATA_DIR are not its to write. The job's other XDG base directories go too: unset, they are
  // the agent's home's.
  const state = path.join(home, STATE_DIR);
  const env: NodeJS.ProcessEnv = {
    ...cmd.env,
    HOME: home,
    USER: s.user,
    LOGNAME: s.user,
    XDG_CONFIG_HOME: path.join(home, CONFIG_DIR),
    CURSOR_CONFIG_DIR: state,
    CURSOR_DATA_DIR: state,
  };
  for (const name of ["XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"])
    delete env[name];
  const file = agentReal ?? cmd.file;
  const inner = ["--no-new-privs", "--", file, ...cmd.args];
  if (s.uid === 0) {
    return {
      ...cmd,
      env,
      file: "setpriv",
      args: [
        `--reuid=${uid}`,
        `--regid=${s.user}`,
        "--init-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
        ...inner,
      ],
    };
  }
  // -E keeps the environment built for the agent (its API key among it), never on a command line;
  // sudo's secure_path would replace PATH, which is no secret: it is given back through env.
  return {
    ...cmd,
    env,
    file: "sudo",
    args: ["-n", "-E", "-u", s.user, "--", "env", `PATH=${cmd.env.PATH ?? ""}`, "setpriv", ...inner],
  };
}

/** The directories above `p`, from its parent up to the root. */
function ancestors(p: string): string[] {
  const out: string[] = [];
  for (let d = path.dirname(p); d !== path.dirname(d); d = path.dirname(d)) out.push(d);
  return out;
}

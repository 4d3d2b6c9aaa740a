/**
 * `safety-strategy: unprivileged-user`: the agent runs as another user, which can read neither the
 * action's environment nor its memory (procfs shows them to the same user only), nor `RUNNER_TEMP` (the
 * file commands and the raw transcript live there), while it can write the workspace.
 *
 * Setup, with root or passwordless sudo (a GitHub-hosted runner's user has it): the user is created when
 * absent, with a home of its own; the workspace gets an ACL that lets it write (and a default ACL for what
 * it creates), the directories above the workspace and the agent's install only an ACL to pass through
 * and read; `RUNNER_TEMP` is closed to others. After the run, what the agent created is given back to the
 * workspace's owner, so that later steps can change it.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import type { AgentCommand } from "../agent/command.js";
import { InputError } from "../base/errors.js";
import { findExecutable } from "./strategy.js";

export interface AgentUser {
  name: string;
  home: string;
  /** The agent's command, as that user. */
  asUser(cmd: AgentCommand): AgentCommand;
  /** After the run: the workspace's files back to its owner. */
  restoreOwnership(): void;
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

export function setUpAgentUser(s: Setup): AgentUser {
  const asRoot = (file: string, args: string[]) => {
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
  const fail = (what: string, err: string) => {
    throw new InputError(
      "safety-strategy",
      `unprivileged-user: ${what}${err ? ` (${err.split("\n")[0]})` : ""}; it needs root or passwordless sudo`,
    );
  };
  if (process.platform !== "linux") fail(`not available on ${process.platform}`, "");
  if (!asRoot("id", ["-u", s.user]).ok) {
    const made = asRoot("useradd", ["--create-home", "--user-group", "--shell", "/bin/sh", s.user]);
    if (!made.ok) fail(`could not create the user ${s.user}`, made.err);
  }
  const entry = asRoot("getent", ["passwd", s.user]);
  const home = entry.out.split(":")[5];
  if (!entry.ok || !home) fail(`could not find ${s.user}'s home`, entry.err);

  const agent = findExecutable(s.agentPath, s.env.PATH);
  const agentReal = agent ? realpathSync(agent) : undefined;
  // In this order, later grants winning: passage through the directories above, then the agent's install
  // readable, then the workspace writable (the install may hold the workspace, or the other way round).
  const grants: [string[], string][] = [];
  const installDir = agentReal ? path.dirname(agentReal) : undefined;
  for (const dir of new Set([...ancestors(s.workspace), ...(installDir ? ancestors(installDir) : [])])) {
    grants.push([["-m", `u:${s.user}:x`, dir], "let it reach the workspace and the agent"]);
  }
  // The install is the whole directory (a launcher, a bundled node, its modules): readable, passable.
  if (installDir) grants.push([["-R", "-m", `u:${s.user}:rX`, installDir], "let it run the agent"]);
  grants.push([
    ["-R", "-m", `u:${s.user}:rwX`, "-m", `d:u:${s.user}:rwX`, s.workspace],
    "make the workspace writable to it",
  ]);
  for (const [args, why] of grants) {
    const r = asRoot("setfacl", args);
    if (!r.ok) fail(`could not ${why} with setfacl (package acl)`, r.err);
  }
  // The file commands and the raw transcript are under RUNNER_TEMP: not the agent's to read.
  if (s.runnerTemp) chmodSync(s.runnerTemp, 0o700);

  const owner = statSync(s.workspace);
  return {
    name: s.user,
    home: home!,
    asUser(cmd) {
      const env = { ...cmd.env, HOME: home!, USER: s.user, LOGNAME: s.user };
      const file = agentReal ?? cmd.file;
      const inner = ["--no-new-privs", "--", file, ...cmd.args];
      if (s.uid === 0) {
        return {
          ...cmd,
          env,
          file: "setpriv",
          args: [
            `--reuid=${s.user}`,
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
    },
    restoreOwnership() {
      asRoot("chown", ["-R", `${owner.uid}:${owner.gid}`, s.workspace]);
    },
  };
}

/** The directories above `p`, from its parent up to the root. */
function ancestors(p: string): string[] {
  const out: string[] = [];
  for (let d = path.dirname(p); d !== path.dirname(d); d = path.dirname(d)) out.push(d);
  return out;
}

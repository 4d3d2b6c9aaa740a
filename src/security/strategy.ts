/**
 * What the agent may reach of the job's privileges (input `safety-strategy`). On a GitHub-hosted runner the
 * job's user has passwordless `sudo`: with it, any process of the agent's could read any process's memory,
 * the runner's worker included, which holds every secret of the job.
 * - `no-sudo`: the agent is started through `setpriv --no-new-privs` (and, as root, with no capabilities
 *   and no supplementary groups): nothing in its tree can gain privileges, so `sudo` and setuid programs
 *   fail there. The job's later steps are not affected: the flag is the agent's tree's alone.
 * - `unprivileged-user`: the agent runs as another user (src/security/agent-user.ts sets it up), which
 *   cannot read the action's environment, memory or files.
 * - `unsafe`: as the job's user, with a notice of what it can reach.
 * - `auto` (the default): `unprivileged-user` where the job can set it up (root, or passwordless sudo as on
 *   GitHub-hosted Linux runners), else `no-sudo` with one notice of what that leaves open.
 */
import { accessSync, constants } from "node:fs";
import path from "node:path";
import type { AgentCommand } from "../agent/command.js";
import { InputError } from "../base/errors.js";
import type { SafetyStrategy } from "../settings/settings.js";

/** What the machine allows, for `auto`. */
export interface StrategyProbe {
  platform: NodeJS.Platform;
  uid: number;
  /** Whether `sudo -n true` succeeds (asked only when not root). */
  passwordlessSudo: () => boolean;
  /** Where a program is, on PATH or in the system's directories. */
  find: (program: string) => string | undefined;
}

/** The programs setting up the agent's own user needs (packages passwd, acl, util-linux, procps). */
const AGENT_USER_PROGRAMS = ["useradd", "getent", "setfacl", "setpriv", "pkill"];

export const NO_SUDO_NOTICE =
  "safety-strategy auto chose no-sudo (the job has neither root nor passwordless sudo, or lacks useradd, setfacl, setpriv or pkill): the agent runs as this job's user, so it can signal and stop the action, read what this user can read, and, where ptrace is allowed, the action's memory; its own privileges cannot rise. For the agent's own user, run where the job has root or passwordless sudo, or set safety-strategy: unprivileged-user.";

/** The strategy a run uses: `auto` resolved on this machine; a notice when it settles for less. */
export function resolveStrategy(
  chosen: SafetyStrategy,
  probe: StrategyProbe,
): { strategy: Exclude<SafetyStrategy, "auto">; notice?: string } {
  if (chosen !== "auto") return { strategy: chosen };
  const tools = AGENT_USER_PROGRAMS.every((p) => probe.find(p) !== undefined);
  const privileged = probe.uid === 0 || (tools && probe.passwordlessSudo());
  if (probe.platform === "linux" && tools && privileged) return { strategy: "unprivileged-user" };
  return { strategy: "no-sudo", notice: NO_SUDO_NOTICE };
}

export interface Guarded {
  command: AgentCommand;
  /** One line for the log's header. */
  header: string;
  /** A notice to print (the `unsafe` strategy's). */
  notice?: string;
}

export interface StrategyContext {
  strategy: Exclude<SafetyStrategy, "auto">;
  platform: NodeJS.Platform;
  /** Our effective uid (0: root, which may drop capabilities and groups too). */
  uid: number;
  /** Where `setpriv` is, when it is. */
  setpriv?: string;
  /** For `unprivileged-user`: how to start a command as that user (from its setup). */
  asUser?: (cmd: AgentCommand) => AgentCommand;
  agentUser?: string;
}

export const UNSAFE_NOTICE =
  "safety-strategy unsafe: the agent and every command it runs act as this job's user, with its sudo: they can read the action's environment and memory and, with sudo, any process's memory, the runner's secrets included. Use no-sudo (the default) unless a step of the agent's needs sudo.";

export function guardAgent(cmd: AgentCommand, ctx: StrategyContext): Guarded {
  if (ctx.strategy === "unsafe") {
    return {
      command: cmd,
      header: "Safety: unsafe (the agent runs with this job's privileges, sudo included)",
      notice: UNSAFE_NOTICE,
    };
  }
  if (ctx.strategy === "unprivileged-user") {
    if (!ctx.asUser) throw new InputError("safety-strategy", "unprivileged-user could not be set up");
    return {
      command: ctx.asUser(cmd),
      header: `Safety: unprivileged-user (the agent runs as ${ctx.agentUser}, with no new privileges)`,
    };
  }
  if (ctx.platform !== "linux" || !ctx.setpriv) {
    throw new InputError(
      "safety-strategy",
      `no-sudo needs Linux's setpriv, which ${ctx.platform === "linux" ? "is not installed" : `${ctx.platform} does not have`}: choose unprivileged-user (with agent-user) or unsafe`,
    );
  }
  // A missing agent stays the spawn error it is (setpriv would turn it into its own exit code 127).
  if (!findExecutable(cmd.file, cmd.env.PATH)) return { command: cmd, header: "Safety: no-sudo" };
  const flags =
    ctx.uid === 0
      ? ["--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--clear-groups"]
      : ["--no-new-privs"];
  return {
    command: { ...cmd, file: ctx.setpriv, args: [...flags, "--", cmd.file, ...cmd.args] },
    header:
      "Safety: no-sudo (no_new_privs: sudo and setuid programs cannot raise privileges in the agent's tree)",
  };
}

/** An executable file named `file`, as a path or on `PATH`; undefined when there is none. */
export function findExecutable(file: string, searchPath: string | undefined): string | undefined {
  const candidates = file.includes("/")
    ? [file]
    : (searchPath ?? "")
        .split(path.delimiter)
        .filter(Boolean)
        .map((d) => path.join(d, file));
  for (const c of candidates) {
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {}
  }
  return undefined;
}

/** Programs of the system live in sbin too, which a job user's PATH may not hold. */
const SYSTEM_DIRS = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];

export function findSystemProgram(program: string, searchPath: string | undefined): string | undefined {
  return findExecutable(program, [searchPath ?? "", ...SYSTEM_DIRS].filter(Boolean).join(path.delimiter));
}

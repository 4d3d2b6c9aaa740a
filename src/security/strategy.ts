/**
 * What the agent may reach of the job's privileges (input `safety-strategy`). On a GitHub-hosted runner the
 * job's user has passwordless `sudo` (administrator rights on Windows): with it, any process of the agent's
 * could read any process's memory, the runner's worker included, which holds every secret of the job.
 * - `no-sudo`: the agent is started through `setpriv --no-new-privs` (and, as root, with no capabilities
 *   and no supplementary groups): nothing in its tree can gain privileges, so `sudo` and setuid programs
 *   fail there. The job's later steps are not affected: the flag is the agent's tree's alone. Linux only.
 * - `unprivileged-user`: the agent runs as another user (src/security/agent-user.ts sets it up), which
 *   cannot read the action's environment, memory or files. Linux only.
 * - `unsafe`: as the job's user, with a notice of what it can reach.
 * - `auto` (the default): `unprivileged-user` where the job can set it up (root, or passwordless sudo as on
 *   GitHub-hosted Linux runners), else `no-sudo`, else (macOS, Windows, a Linux without setpriv) the job's
 *   user; each with one notice of what it leaves open.
 *
 * Off Linux `auto` settles for the job's user, on purpose. macOS has no no_new_privs, setpriv, useradd or
 * setfacl; an own user there (dscl or sysadminctl, ACLs by chmod +a, `sudo -u`) might be built, and a
 * Seatbelt profile (sandbox-exec) could deny sudo, signals and process inspection, but nothing here can
 * run macOS to prove either, and the CLI sandboxes its own commands with Seatbelt on macOS, which a profile
 * around it would break (profiles do not nest). A protection that cannot be tested is a claim, not a
 * protection: the notice says what is left open instead. Everything the action does whatever the strategy
 * still holds there: the agent's environment holds no token but the API key (agent/command.ts), the log
 * and the report are redacted, this step's file commands are put back after it (file-commands.ts).
 *
 * An explicit strategy the machine cannot honour is an input error before anything starts (the run
 * resolves it before its gates, its install and its agent: run/live-agent.ts).
 */
import { accessSync, constants } from "node:fs";
import path from "node:path";
import type { AgentCommand } from "../agent/command.js";
import { InputError } from "../base/errors.js";
import { SYSTEM_DIRS } from "../base/system-dirs.js";
import type { SafetyStrategy } from "../settings/settings.js";

export type Strategy = Exclude<SafetyStrategy, "auto">;

/** What the machine allows. Passed in: tests decide macOS and Windows runs on Linux. */
export interface StrategyProbe {
  platform: NodeJS.Platform;
  uid: number;
  /** Whether `sudo -n true` succeeds (asked only when not root, and only when it decides). */
  passwordlessSudo: () => boolean;
  /** Where a program of the system is (findSystemProgram: never through the job's PATH). */
  find: (program: string) => string | undefined;
}

/** The strategy a run uses, and what it needs to apply it. */
export interface Resolved {
  strategy: Strategy;
  /** Under `no-sudo`: where setpriv is. */
  setpriv?: string;
  /** Why `auto` settled for the job's user (for the log's header). */
  settled?: string;
  /** The one notice of what the strategy leaves open (none for the agent's own user). */
  notice?: string;
}

/**
 * The programs the agent's own user needs, from the system's directories (packages passwd, acl,
 * util-linux, procps, findutils): it is created and removed with useradd and userdel, its processes ended
 * with kill, its files in the shared temporary directories found with find (security/agent-user.ts).
 */
const AGENT_USER_PROGRAMS = ["useradd", "userdel", "setfacl", "setpriv", "kill", "find"];

const OS_NAME: Partial<Record<NodeJS.Platform, string>> = { darwin: "macOS", win32: "Windows" };
const osName = (platform: NodeJS.Platform) => OS_NAME[platform] ?? platform;

export const NO_SUDO_NOTICE =
  "safety-strategy auto chose no-sudo (the job has neither root nor passwordless sudo, or lacks useradd, userdel, setfacl, setpriv, kill or find in the system's directories): the agent runs as this job's user, so it can signal and stop the action, read what this user can read, and, where ptrace is allowed, the action's memory; its own privileges cannot rise. For the agent's own user, run where the job has root or passwordless sudo, or set safety-strategy: unprivileged-user.";

/**
 * What running as the job's user leaves open, on `platform`: the same user can signal the action and read
 * its memory, and with the job's sudo (administrator rights on Windows) any process's. Off Linux the
 * action's own environment keeps the secrets it was started with (security/environ.ts can wipe them only
 * through Linux's /proc/self/mem; macOS shows a process's environment to its user, Windows its memory).
 */
export function jobUserNotice(platform: NodeJS.Platform, lead: string): string {
  const rights = platform === "win32" ? "administrator rights" : "sudo";
  const environ =
    platform === "linux"
      ? "where ptrace is allowed, the action's memory"
      : `the action's environment, which still holds the secrets it was started with (the GitHub token among them: off Linux they cannot be wiped), and its memory`;
  return `${lead}: the agent and every command it runs act as this job's user, with its ${rights}: they can signal and stop the action, read what this user can read and ${environ}, and, with ${rights}, any process's memory, the runner's secrets included. Their own environment holds no token but the API key, and this step's outputs are put back after them.`;
}

export const UNSAFE_NOTICE = jobUserNotice("linux", "safety-strategy unsafe");

/** The strategy a run uses: `auto` resolved on this machine, an explicit one checked against it. */
export function resolveStrategy(chosen: SafetyStrategy, probe: StrategyProbe): Resolved {
  const linux = probe.platform === "linux";
  const setpriv = linux ? probe.find("setpriv") : undefined;
  if (chosen === "unsafe") {
    return { strategy: "unsafe", notice: jobUserNotice(probe.platform, "safety-strategy unsafe") };
  }
  if (chosen === "no-sudo") {
    if (!setpriv)
      throw cannot(
        "no-sudo",
        linux
          ? "setpriv (util-linux), which is not installed"
          : `Linux's setpriv, which ${osName(probe.platform)} does not have`,
      );
    return { strategy: "no-sudo", setpriv };
  }
  const missing = linux
    ? AGENT_USER_PROGRAMS.filter((p) => probe.find(p) === undefined)
    : AGENT_USER_PROGRAMS;
  if (chosen === "unprivileged-user") {
    if (!linux)
      throw cannot(
        chosen,
        `Linux (${AGENT_USER_PROGRAMS.join(", ")}), which ${osName(probe.platform)} does not have`,
      );
    if (missing.length > 0)
      throw cannot(
        chosen,
        `${AGENT_USER_PROGRAMS.join(", ")}, and ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} not installed in the system's directories (packages passwd, acl, util-linux, procps, findutils)`,
      );
    if (!privileged(probe))
      throw cannot(chosen, "root or passwordless sudo to set up the agent's user, and this job has neither");
    return { strategy: chosen };
  }
  if (missing.length === 0 && privileged(probe)) return { strategy: "unprivileged-user" };
  if (setpriv) return { strategy: "no-sudo", setpriv, notice: NO_SUDO_NOTICE };
  const settled = linux
    ? "setpriv (util-linux) is not installed"
    : `no-sudo and unprivileged-user need Linux, not ${osName(probe.platform)}`;
  return {
    strategy: "unsafe",
    settled,
    notice: jobUserNotice(probe.platform, `safety-strategy auto chose the job's user (${settled})`),
  };
}

const privileged = (probe: StrategyProbe) => probe.uid === 0 || probe.passwordlessSudo();

function cannot(strategy: Strategy, needs: string): InputError {
  return new InputError(
    "safety-strategy",
    `${strategy} needs ${needs}: choose auto (the strongest this runner allows, with a notice of what it leaves open) or another strategy`,
  );
}

export interface Guarded {
  command: AgentCommand;
  /** One line for the log's header. */
  header: string;
}

export interface StrategyContext {
  resolved: Resolved;
  /** Our effective uid (0: root, which may drop capabilities and groups too). */
  uid: number;
  /** For `unprivileged-user`: how to start a command as that user (from its setup). */
  asUser?: (cmd: AgentCommand) => AgentCommand;
  agentUser?: string;
  /** What that user sees of the machine (agent-user.ts): said in the header. */
  agentView?: string;
}

export function guardAgent(cmd: AgentCommand, ctx: StrategyContext): Guarded {
  const { strategy, setpriv, settled } = ctx.resolved;
  if (strategy === "unsafe") {
    const why = settled ? `auto: ${settled}; ` : "";
    return {
      command: cmd,
      header: `Safety: unsafe (${why}the agent runs with this job's privileges, sudo included)`,
    };
  }
  if (strategy === "unprivileged-user") {
    if (!ctx.asUser) throw new InputError("safety-strategy", "unprivileged-user could not be set up");
    return {
      command: ctx.asUser(cmd),
      header: `Safety: unprivileged-user (the agent runs as ${ctx.agentUser}, with no new privileges${ctx.agentView ? `; ${ctx.agentView}` : ""})`,
    };
  }
  // resolveStrategy gives no-sudo only with setpriv found.
  if (!setpriv) throw new InputError("safety-strategy", "no-sudo needs setpriv, which was not found");
  // A missing agent stays the spawn error it is (setpriv would turn it into its own exit code 127).
  if (!findExecutable(cmd.file, cmd.env.PATH)) return { command: cmd, header: "Safety: no-sudo" };
  const flags =
    ctx.uid === 0
      ? ["--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--clear-groups"]
      : ["--no-new-privs"];
  return {
    command: { ...cmd, file: setpriv, args: [...flags, "--", cmd.file, ...cmd.args] },
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

/** A program of the system, from {@link SYSTEM_DIRS} alone; undefined when it is not there. */
export function findSystemProgram(program: string): string | undefined {
  if (program.includes("/")) return undefined;
  return findExecutable(program, SYSTEM_DIRS.join(path.delimiter));
}

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
 */
import { accessSync, constants } from "node:fs";
import path from "node:path";
import type { AgentCommand } from "../agent/command.js";
import { InputError } from "../base/errors.js";
import type { SafetyStrategy } from "../settings/settings.js";

export interface Guarded {
  command: AgentCommand;
  /** One line for the log's header. */
  header: string;
  /** A notice to print (the `unsafe` strategy's). */
  notice?: string;
}

export interface StrategyContext {
  strategy: SafetyStrategy;
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

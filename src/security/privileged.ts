/**
 * How the agent's user's set-up and end run programs: as root (or with sudo) and as the agent's user, each
 * found in the system's directories alone (strategy.ts findSystemProgram), never through the job's PATH.
 */
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { SYSTEM_DIRS } from "../base/system-dirs.js";
import type { Privileged, Ran } from "./agent-user-end.js";
import { findSystemProgram } from "./strategy.js";

/** The system's programs the agent's user needs (strategy.ts requires the ones a machine may lack). */
const PROGRAMS = [
  "id",
  "getent",
  "useradd",
  "userdel",
  "groupdel",
  "setfacl",
  "setpriv",
  "chown",
  "mkdir",
  "rm",
  "kill",
  "find",
  "env",
] as const;
export type Programs = Record<(typeof PROGRAMS)[number] | "sudo", string> & {
  /** For the agent's own view (agent-view.ts); without it the workspace is shared by ACL. */
  python3?: string;
};

export type Fail = (what: string, err: string) => never;

export function systemPrograms(uid: number, fail: Fail): Programs {
  const out: Partial<Programs> = {};
  for (const name of [...PROGRAMS, ...(uid === 0 ? [] : ["sudo" as const])]) {
    const found = findSystemProgram(name);
    if (!found) fail(`${name} is not in the system's directories (${SYSTEM_DIRS.join(", ")})`, "");
    out[name] = found;
  }
  out.python3 = findSystemProgram("python3");
  return out as Programs;
}

/** `file args` as root: itself when we are root, else through `sudo -n`. */
function asRootCommand(
  uid: number,
  sudo: string | undefined,
  file: string,
  args: string[],
): [string, string[]] {
  return uid === 0 || !sudo ? [file, args] : [sudo, ["-n", file, ...args]];
}

export function privileged(uid: number, sudo: string | undefined): Privileged {
  return (file, args, timeoutMs) =>
    ran(spawnSync(...asRootCommand(uid, sudo, file, args), asOptions(timeoutMs)), timeoutMs);
}

/**
 * A program run as the agent's user: the kill can end only its processes, the sweep remove only what it
 * could. By its ids (setpriv, as root or through sudo): with its own view it has no account.
 */
export function asAgentUser(u: { root: boolean; uid: number; gid: number; bin: Programs }): Privileged {
  return (file, args, timeoutMs) => {
    const dropped = [u.bin.setpriv, ...dropTo(u.uid, u.gid), "--", file, ...args];
    const [cmd, argv] = asRootCommand(u.root ? 0 : -1, u.bin.sudo, dropped[0] as string, dropped.slice(1));
    return ran(spawnSync(cmd, argv, asOptions(timeoutMs)), timeoutMs);
  };
}

/** setpriv's flags for a process of the agent's user: its uid and group alone, no capability left. */
export function dropTo(uid: number, gid: number | string): string[] {
  return [`--reuid=${uid}`, `--regid=${gid}`, "--clear-groups", "--inh-caps=-all", "--bounding-set=-all"];
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

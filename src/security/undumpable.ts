/**
 * Under `no-sudo` the agent is this job's user, as the action is: it could raise the action's core-dump
 * limit (`prlimit --pid`) and crash it with a signal, leaving a core file, the GitHub token in it, in the
 * workspace. The action's own hard limit goes to 0 before the agent starts: raising a hard limit again
 * needs CAP_SYS_RESOURCE, which the agent's tree does not have (no_new_privs, and as root no capabilities).
 * Node has no setrlimit, so util-linux's prlimit (the package that brings setpriv) sets it.
 */
import { spawnSync } from "node:child_process";
import { findSystemProgram } from "./strategy.js";

/** Undefined when done; else why not, for the log. */
export function forbidOwnCoreDumps(searchPath: string | undefined): string | undefined {
  const prlimit = findSystemProgram("prlimit", searchPath);
  if (!prlimit) return "prlimit (util-linux) is not installed";
  const r = spawnSync(prlimit, ["--pid", String(process.pid), "--core=0:0"], { encoding: "utf8" });
  if (r.status === 0) return undefined;
  return `prlimit failed: ${(r.stderr || r.error?.message || `exit ${r.status}`).trim().split("\n")[0]}`;
}

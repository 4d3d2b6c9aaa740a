/**
 * Under `no-sudo` the agent is this job's user, as the action is: it could raise the action's core-dump
 * limit (`prlimit --pid`) and crash it with a signal, leaving a core file, the GitHub token in it, in the
 * workspace. The action's own hard limit goes to 0 before the agent starts: raising a hard limit again
 * needs CAP_SYS_RESOURCE, which the agent's tree does not have (no_new_privs, and as root no capabilities).
 * Node has no setrlimit, so util-linux's prlimit (the package that brings setpriv) sets it.
 */
import { execFile } from "node:child_process";
import { findSystemProgram } from "./strategy.js";

/**
 * Resolves undefined when done, else why not (for the log). Started early and awaited just before the
 * agent is spawned, so that its process overlaps the run's other preparations (start-up).
 */
export function forbidOwnCoreDumps(): Promise<string | undefined> {
  const prlimit = findSystemProgram("prlimit");
  if (!prlimit) return Promise.resolve("prlimit (util-linux) is not installed");
  return new Promise((resolve) => {
    execFile(prlimit, ["--pid", String(process.pid), "--core=0:0"], (error, _out, stderr) => {
      if (!error) return resolve(undefined);
      resolve(`prlimit failed: ${(stderr || error.message).trim().split("\n")[0]}`);
    });
  });
}

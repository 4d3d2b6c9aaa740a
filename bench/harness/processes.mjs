// @ts-check
/**
 * Running `node` children for the bench: every child is tracked and killed, with all its descendants, if
 * the bench stops early or a run times out; an agent left running after its run is reported and killed.
 */
import { closeSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isProcessAlive, spawnAction } from "../../test/harness/launch.mjs";
import { OUT } from "./paths.mjs";

/** @type {Set<{ pid: number | undefined, extra: () => number[] }>} */
const live = new Set();

/** All descendants of `pid`, from /proc (the agent sits in its own process group, so a group kill misses it). */
export function descendants(/** @type {number} */ pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // ended while we looked
    }
  }
  const out = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const c of children.get(/** @type {number} */ (queue.pop())) ?? []) {
      out.push(c);
      queue.push(c);
    }
  }
  return out;
}

/** @param {number[]} pids */
export function killPids(pids) {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/**
 * True when `pid` is a process this bench started for a run: its command line or environment names a
 * run directory under bench/out/run/. Guards every kill of a pid read from a file (the agent's), which
 * may have ended and had its pid reused by now.
 * @param {number} pid
 */
export function isOurs(pid) {
  const marker = path.join(OUT, "run");
  for (const f of ["cmdline", "environ"]) {
    try {
      if (readFileSync(`/proc/${pid}/${f}`, "utf8").includes(marker)) return true;
    } catch {
      // gone, or not ours to read
    }
  }
  return false;
}

/** @param {{ pid: number | undefined, extra: () => number[] }} entry */
function killEntry(entry) {
  const pids = entry.pid === undefined ? [] : [entry.pid, ...descendants(entry.pid)];
  killPids([...pids, ...entry.extra().filter(isOurs)]);
  live.delete(entry);
}

export function killAll() {
  for (const entry of [...live]) killEntry(entry);
}

/** Kill every child (and its descendants) when we exit or are stopped. */
export function installCleanup() {
  process.on("exit", killAll);
  for (const sig of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
    process.on(sig, () => {
      killAll();
      process.stderr.write(`\nbench: stopped by ${sig}; child processes killed\n`);
      process.exit(130);
    });
  }
}

export const wallNow = () => performance.timeOrigin + performance.now();

/**
 * @typedef {object} RunSpec
 * @property {string[]} args arguments of `node` (process.execPath)
 * @property {Record<string, string>} env
 * @property {string} cwd
 * @property {string} [stdoutFile] stdout goes straight to this file (else it is a pipe read here)
 * @property {(chunk: Buffer, at: number) => void} [onStdout] each chunk with its wall-clock arrival
 * @property {boolean} [countStdout] read piped stdout only to count it (no copy kept)
 * @property {number} timeoutMs
 * @property {() => number[]} [extraPids] pids to kill too if we stop early (the agent, once known)
 */

/**
 * @typedef {object} RunResult
 * @property {number | null} code
 * @property {NodeJS.Signals | null} signal
 * @property {number} wallMs from just before spawn to the process's exit
 * @property {number} exitedAt the wall clock (ms since the epoch, {@link wallNow}) at the process's exit
 * @property {string} stdout when piped and no onStdout (first MB)
 * @property {number} stdoutBytes when piped
 * @property {number | undefined} firstStdoutMs when piped: from just before spawn to the first chunk
 * @property {string} stderr first 64 KB
 */

/** @param {RunSpec} spec @returns {Promise<RunResult>} */
export function runNode(spec) {
  return new Promise((resolve, reject) => {
    const fd = spec.stdoutFile ? openSync(spec.stdoutFile, "w") : undefined;
    const t0 = performance.now();
    const child = spawnAction({ args: spec.args, cwd: spec.cwd, env: spec.env, stdout: fd ?? "pipe" });
    if (fd !== undefined) closeSync(fd);
    const entry = { pid: child.pid, extra: spec.extraPids ?? (() => []) };
    live.add(entry);
    let stdout = "";
    let stdoutBytes = 0;
    /** @type {number | undefined} */
    let firstStdoutMs;
    let stderr = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (c) => {
      if (stderr.length < 65536) stderr += c;
    });
    child.stdout?.on("data", (/** @type {Buffer} */ c) => {
      firstStdoutMs ??= performance.now() - t0;
      stdoutBytes += c.length;
      if (spec.onStdout) spec.onStdout(c, wallNow());
      else if (!spec.countStdout && stdout.length < 1 << 20) stdout += c.toString("utf8");
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killEntry(entry);
    }, spec.timeoutMs);
    child.once("error", (e) => {
      clearTimeout(timer);
      live.delete(entry);
      reject(e);
    });
    child.once("exit", (code, signal) => {
      const wallMs = performance.now() - t0;
      const exitedAt = wallNow();
      clearTimeout(timer);
      const done = () => {
        live.delete(entry);
        if (timedOut) reject(new Error(`timed out after ${spec.timeoutMs} ms: node ${spec.args.join(" ")}`));
        else resolve({ code, signal, wallMs, exitedAt, stdout, stdoutBytes, firstStdoutMs, stderr });
      };
      // Let piped stdout drain (a pipe held open by a leftover would never close: bounded).
      if (child.stdout && !child.stdout.readableEnded) {
        const t = setTimeout(done, 2000);
        child.stdout.once("close", () => {
          clearTimeout(t);
          done();
        });
      } else done();
    });
  });
}

/** Kills and reports an agent left running after its run (there should be none). @param {number | undefined} pid */
export function checkGone(pid, /** @type {string[]} */ leftovers, /** @type {string} */ what) {
  if (pid !== undefined && isProcessAlive(pid) && isOurs(pid)) {
    leftovers.push(`${what} (pid ${pid})`);
    killPids([pid, ...descendants(pid)]);
  }
}

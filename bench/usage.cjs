/**
 * Preloaded with `node --require bench/usage.cjs <script>`: when the process exits, writes its own
 * resource usage to the file named by `BENCH_USAGE_FILE` (then removed from the environment, so the
 * processes it starts do not see it). `maxRSS` is getrusage(RUSAGE_SELF): this process alone, not the
 * children it reaped (which is what `/usr/bin/time`'s %M would fold in: the agent, here). VmHWM from
 * /proc/self/status is read as a cross-check; they agree while the bench itself is small. Not always: the
 * kernel keeps ru_maxrss across execve, so a child starts from its parent's RSS at the fork (a bench that
 * had read 64 MiB made every child's ru_maxrss 162 MiB); bench/run.mjs reports VmHWM, the process's own.
 *
 * CPU: `userMs` / `systemMs` are this process's own (getrusage, µs); `childUserMs` / `childSystemMs` are
 * its waited-for descendants' (the agent, its wrapper, git: /proc/self/stat's cutime and cstime, in
 * clock ticks of 10 ms), so that self + children is the CPU time of the whole process tree.
 *
 * Phases (with `BENCH_PHASES_SPAWN` and `BENCH_PHASES_READ`, both then removed from the environment):
 * when the process spawned its agent (the first spawn naming `BENCH_PHASES_SPAWN` in its file or
 * arguments) and read the first and the last bytes of the agent's stdout (`readSync` on a file whose path
 * holds `BENCH_PHASES_READ`, opened to read), with the main thread's own CPU time at each; the time it
 * waited on the run queue (runnable, no core free: /proc/<tid>/schedstat) at the first read and at exit;
 * and the CPU of V8's worker threads (background compiles, GC helpers) at exit. Times are the wall clock,
 * in ms, as the bench's own.
 */
const fs = require("node:fs");
const { readFileSync, writeFileSync } = fs;

const out = process.env.BENCH_USAGE_FILE;
delete process.env.BENCH_USAGE_FILE;
const spawnMatch = process.env.BENCH_PHASES_SPAWN;
const readMatch = process.env.BENCH_PHASES_READ;
delete process.env.BENCH_PHASES_SPAWN;
delete process.env.BENCH_PHASES_READ;

/** @typedef {{ at: number, mainCpuMs: number, runQueueMs?: number }} Moment */
/** @type {{ spawnAt?: number, firstRead?: Moment, lastRead?: Moment, exit?: Moment, v8WorkersMs?: number } | undefined} */
const phases = out && spawnMatch && readMatch ? {} : undefined;
const now = () => performance.timeOrigin + performance.now();
/**
 * The wall clock and the main thread's CPU (cheap: taken at every read), and with `queue` the time it
 * has waited on the run queue so far (a file read: only at the first read and at exit).
 * @returns {Moment}
 */
const moment = (queue = false) => {
  const cpu = process.threadCpuUsage();
  /** @type {Moment} */
  const m = { at: now(), mainCpuMs: (cpu.user + cpu.system) / 1000 };
  if (queue) {
    try {
      // schedstat: time on a core, time runnable without one (ns), timeslices.
      const f = readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ");
      m.runQueueMs = Number(f[1]) / 1e6;
    } catch {
      // not Linux
    }
  }
  return m;
};

if (phases) {
  const cp = require("node:child_process");
  const spawn = cp.ChildProcess.prototype.spawn;
  cp.ChildProcess.prototype.spawn = function (/** @type {{ file?: string, args?: string[] }} */ o) {
    if (phases.spawnAt === undefined && [o?.file, ...(o?.args ?? [])].some((a) => a?.includes(spawnMatch))) {
      phases.spawnAt = now();
    }
    return spawn.call(this, o);
  };
  // Descriptors opened to read the file (not the agent's own, opened to write: once handed to the agent
  // and closed, its number is reused, by the module loader among others), until closed.
  const watched = new Set();
  const { openSync, readSync, closeSync } = fs;
  fs.openSync = (/** @type {Parameters<typeof openSync>} */ ...args) => {
    const fd = openSync(...args);
    if (String(args[0]).includes(readMatch) && (args[1] === undefined || args[1] === "r")) watched.add(fd);
    return fd;
  };
  fs.closeSync = (/** @type {number} */ fd) => {
    watched.delete(fd);
    return closeSync(fd);
  };
  fs.readSync = (/** @type {[number, any, ...any[]]} */ ...args) => {
    const [fd] = args;
    const n = readSync(...args);
    if (n > 0 && watched.has(fd)) {
      if (phases.firstRead === undefined) phases.firstRead = moment(true);
      else phases.lastRead = moment();
    }
    return n;
  };
}

/** The fields of a /proc `stat` line after the command's name (which may hold spaces): field 3 first. */
const statFields = (/** @type {string} */ stat) => stat.slice(stat.lastIndexOf(")") + 2).split(" ");

/** CPU (ms) of this process's threads named `V8Worker` (V8's platform workers). */
function v8WorkersMs() {
  let ms = 0;
  for (const t of fs.readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${t}/stat`, "utf8");
      if (!stat.includes("(V8Worker)")) continue;
      const f = statFields(stat);
      ms += (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      // the thread is gone
    }
  }
  return ms;
}

if (out) {
  process.on("exit", () => {
    if (phases) {
      phases.exit = moment(true);
      try {
        phases.v8WorkersMs = v8WorkersMs();
      } catch {
        // not Linux
      }
    }
    const u = process.resourceUsage();
    let hwmKiB;
    let childUserMs;
    let childSystemMs;
    try {
      const f = statFields(readFileSync("/proc/self/stat", "utf8"));
      // Fields 16 and 17 of proc(5) (cutime, cstime), here at 13 and 14 (counted from field 3), in USER_HZ (100).
      childUserMs = Number(f[13]) * 10;
      childSystemMs = Number(f[14]) * 10;
    } catch {
      // not Linux
    }
    try {
      const m = /VmHWM:\s*(\d+)\s*kB/.exec(readFileSync("/proc/self/status", "utf8"));
      if (m) hwmKiB = Number(m[1]);
    } catch {
      // not Linux
    }
    writeFileSync(
      out,
      JSON.stringify({
        maxRssKiB: u.maxRSS,
        hwmKiB,
        userMs: u.userCPUTime / 1000,
        systemMs: u.systemCPUTime / 1000,
        childUserMs,
        childSystemMs,
        phases,
      }),
    );
  });
}

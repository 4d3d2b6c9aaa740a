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
 */
const { readFileSync, writeFileSync } = require("node:fs");

const out = process.env.BENCH_USAGE_FILE;
delete process.env.BENCH_USAGE_FILE;

if (out) {
  process.on("exit", () => {
    const u = process.resourceUsage();
    let hwmKiB;
    let childUserMs;
    let childSystemMs;
    try {
      const stat = readFileSync("/proc/self/stat", "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
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
      }),
    );
  });
}

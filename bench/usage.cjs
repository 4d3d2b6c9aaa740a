/**
 * Preloaded with `node --require bench/usage.cjs <script>`: when the process exits, writes its own
 * resource usage to the file named by `BENCH_USAGE_FILE` (then removed from the environment, so the
 * processes it starts do not see it). `maxRSS` is getrusage(RUSAGE_SELF): this process alone, not the
 * children it reaped (which is what `/usr/bin/time`'s %M would fold in: the agent, here). VmHWM from
 * /proc/self/status is read as a cross-check; they agree.
 */
const { readFileSync, writeFileSync } = require("node:fs");

const out = process.env.BENCH_USAGE_FILE;
delete process.env.BENCH_USAGE_FILE;

if (out) {
  process.on("exit", () => {
    const u = process.resourceUsage();
    let hwmKiB;
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
      }),
    );
  });
}

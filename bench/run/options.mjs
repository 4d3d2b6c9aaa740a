// @ts-check
/** `npm run bench`'s options (bench/run.mjs's header lists them), and how it stops on a wrong one. */

/** @param {string[]} argv */
export function parseOptions(argv) {
  const o = {
    bigRuns: 5,
    startupRuns: 15,
    latencyRuns: 3,
    delayMs: 20,
    dist: "worktree",
    /** Sizes (MiB) of the edit-heavy run for the memory curve (64 is the 5-run one). */
    curve: [16, 64, 256, 1024],
    /** Tool-call counts for memory against calls. */
    calls: [100_000, 1_000_000],
    filesRuns: 3,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = () => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 1) fail(`${a} needs a whole number of at least 1`);
      return v;
    };
    const list = () => {
      const v = (argv[++i] ?? "").split(",").map(Number);
      if (v.some((x) => !Number.isInteger(x) || x < 1)) fail(`${a} needs whole numbers, comma-separated`);
      return v;
    };
    if (a === "--quick")
      Object.assign(o, {
        bigRuns: 1,
        startupRuns: 3,
        latencyRuns: 1,
        curve: [64],
        calls: [100_000],
        filesRuns: 1,
      });
    else if (a === "--curve") o.curve = list();
    else if (a === "--calls") o.calls = list();
    else if (a === "--files-runs") o.filesRuns = num();
    else if (a === "--big-runs") o.bigRuns = num();
    else if (a === "--startup-runs") o.startupRuns = num();
    else if (a === "--latency-runs") o.latencyRuns = num();
    else if (a === "--delay-ms") o.delayMs = num();
    else if (a === "--dist") o.dist = argv[++i] ?? fail("--dist needs worktree or a git revision");
    else
      fail(
        `unknown option ${a} (use --dist REV, --quick, --big-runs N, --startup-runs N, --latency-runs N, --delay-ms N, --curve MiB,…, --calls N,…, --files-runs N)`,
      );
  }
  return o;
}

/** @param {string} message @returns {never} */
export function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

import { defineConfig } from "vitest/config";
import Interleaved from "./test/harness/sequencer.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Builds src/ once for every worker: the end-to-end tests run that build, not the committed dist/.
    // Then one temporary directory for the run, removed at its end (test/harness/scratch.ts).
    globalSetup: ["test/harness/build-bundle.ts", "test/harness/scratch.ts"],
    // Bounds that only a hang reaches: a test's run through the bundle takes seconds here (the longest ~17 s)
    // and must pass on a machine several times slower or busier (CI may be one).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A test file's workers are reused by the next file (no fresh module graph per file): the suite's own
    // start-up per file was a third of its CPU. No test leaves global state behind (fake timers and
    // environment changes are undone in the test that makes them).
    isolate: false,
    // End-to-end tests spawn the bundle and the fake agent, and many of them mostly wait (on GitHub's
    // stand-in, on the agent's gates, on the action's deadlines): four files at a time keep two cores busy.
    maxWorkers: 4,
    // The workers live for the whole suite with large heaps (the API description, fixtures, property
    // tests' data): with V8's default young generation they scavenge and promote often. 32 MiB semi-spaces:
    // the suite's CPU 78.8 → 77.1 s, 64 MiB 75.7 s (one run each, alternating; the gain is in GC).
    execArgv: ["--max-semi-space-size=32"],
    // The files that mostly wait interleaved with the others (test/harness/sequencer.ts).
    sequence: { sequencer: Interleaved },
  },
});

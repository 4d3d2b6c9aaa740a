import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Builds src/ once for every worker: the end-to-end tests run that build, not the committed dist/.
    globalSetup: ["test/harness/build-bundle.ts"],
    // Bounds that only a hang reaches: a test's run through the bundle takes seconds here (the longest ~17 s)
    // and must pass on a machine several times slower or busier (CI may be one).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // End-to-end tests spawn the bundle and the fake agent: two cores, so keep the pool small.
    maxWorkers: 2,
  },
});

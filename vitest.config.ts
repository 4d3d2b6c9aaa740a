import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Builds src/ once for every worker: the end-to-end tests run that build, not the committed dist/.
    globalSetup: ["test/harness/build-bundle.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // End-to-end tests spawn the bundle and the fake agent: two cores, so keep the pool small.
    maxWorkers: 2,
  },
});

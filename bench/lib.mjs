// @ts-check
/**
 * Shared by bench/run.mjs, bench/profile.mjs, bench/ab.mjs and bench/isolation.mjs: the paths
 * (harness/paths.mjs), running `node` children that are always cleaned up (harness/processes.mjs), the
 * build under test (harness/target.mjs), and preparing a run of the action next to the floor's view of the
 * same agent (harness/checkout.mjs). The bench measures a build as committed (dist/, or a revision's
 * dist/), not src/.
 */
export * from "./harness/checkout.mjs";
export * from "./harness/paths.mjs";
export * from "./harness/processes.mjs";
export * from "./harness/target.mjs";

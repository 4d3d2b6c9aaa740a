// @ts-check
/**
 * A faster clock for the action under test, preloaded with `node --import <this file>?rate=N` (the
 * harness's `clockRate` option): the process sees time pass N times faster. Its timers fire after 1/N of
 * their delay, and `Date.now()` and `performance.now()` advance N times faster from the moment it starts,
 * so every deadline the action computes stays consistent with the timers that enforce it.
 *
 * Why: a few tests are about what happens at the action's own deadlines (a GitHub that never answers is
 * given up on after 20 s per request, up to ~50 s a run). Waiting them out in real time made one file of
 * the suite take ~50 s. With the clock running faster the same bundle, unchanged, reaches the same
 * deadlines in the same order, as fake timers would in-process; the test still needs a real process,
 * because what it checks is that the process exits.
 *
 * What it does not touch, so a slow machine cannot fail a right run through it: Node's own internal timers
 * (a child process's `timeout`, i.e. the action's git deadline; undici's, which back `fetch`), which hold
 * references taken before this file runs. Only a test whose assertions do not depend on how long the
 * action's own work takes should use it.
 */
import { syncBuiltinESMExports } from "node:module";
import timers from "node:timers";
import timersPromises from "node:timers/promises";

const rate = Number(new URL(import.meta.url).searchParams.get("rate") ?? "1");
if (!Number.isFinite(rate) || rate < 1) throw new Error(`fast-clock: rate must be a number ≥ 1 (${rate})`);

/**
 * A delay as the faster clock sees it (what is not a positive number is left as Node would take it).
 * @param {any} ms @returns {any}
 */
const scaled = (ms) => (typeof ms === "number" && ms > 0 ? ms / rate : ms);

const realNow = Date.now;
const startedAt = realNow();
const realPerformanceNow = performance.now.bind(performance);
const perfStart = realPerformanceNow();

// Object.assign rather than assignments: TypeScript (which checks this file) would take an assignment to a
// builtin's property for a new declaration of it.
Object.assign(Date, { now: () => Math.floor(startedAt + (realNow() - startedAt) * rate) });
Object.assign(performance, { now: () => perfStart + (realPerformanceNow() - perfStart) * rate });

const real = {
  setTimeout: timers.setTimeout,
  setInterval: timers.setInterval,
  promisedTimeout: timersPromises.setTimeout,
  promisedInterval: timersPromises.setInterval,
  wait: timersPromises.scheduler.wait.bind(timersPromises.scheduler),
};
/** @param {(...args: unknown[]) => void} callback @param {any} ms @param {unknown[]} args */
const fastTimeout = (callback, ms, ...args) => real.setTimeout(callback, scaled(ms), ...args);
/** @param {(...args: unknown[]) => void} callback @param {any} ms @param {unknown[]} args */
const fastInterval = (callback, ms, ...args) => real.setInterval(callback, scaled(ms), ...args);
Object.assign(globalThis, { setTimeout: fastTimeout, setInterval: fastInterval });
Object.assign(timers, { setTimeout: fastTimeout, setInterval: fastInterval });
Object.assign(timersPromises, {
  /** @param {any} ms @param {any[]} rest */
  setTimeout: (ms, ...rest) => real.promisedTimeout(scaled(ms), ...rest),
  /** @param {any} ms @param {any[]} rest */
  setInterval: (ms, ...rest) => real.promisedInterval(scaled(ms), ...rest),
});
Object.assign(timersPromises.scheduler, {
  /** @param {any} ms @param {any[]} rest */
  wait: (ms, ...rest) => real.wait(scaled(ms), ...rest),
});

// An ES module's `import { setTimeout } from "node:timers/promises"` reads the builtin's named exports.
syncBuiltinESMExports();

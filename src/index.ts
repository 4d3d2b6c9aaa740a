/** The action's entry point: only runs it (src/main.ts holds the action, so other hosts can import it). */
import { run } from "./main.js";

await run();
// The run's work is done, its outputs and log written: nothing a library left pending (a retry's timer, a
// keep-alive socket, a cache client's backoff) may hold the step open after it.
setTimeout(() => process.exit(), 1_000).unref();

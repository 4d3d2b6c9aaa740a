/** The action's entry point: only runs it (src/main.ts holds the action, so other hosts can import it). */
import { setFlagsFromString } from "node:v8";
import { run } from "./main.js";

// Memory flat at any scale (BENCHMARKS.md): V8 doubles the young generation each time enough of it
// survives collections, up to tens of MB a semi-space, and on a long stream enough always does (a run's
// medium-lived objects: open calls, queued log output). Growth off: peak RSS on 1M tool calls 215 → 116 MB
// at the same speed. A runtime flag (read when the space would grow); the runner gives node no options.
setFlagsFromString("--semi-space-growth-factor=1");

await run();

/** The action's entry point: only runs it (src/main.ts holds the action, so other hosts can import it). */
import { run } from "./main.js";
import { capYoungGeneration } from "./run/heap.js";

capYoungGeneration();
await run();

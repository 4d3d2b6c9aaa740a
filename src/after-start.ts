/**
 * What a run needs once its agent is starting: the pipeline (stream → events → model, with zod), the live
 * log, the change tracker (with jsdiff), the report and publishing. One dynamic import, started first thing
 * in execute(), so that loading it (~15 ms) overlaps the snapshot's git processes and the agent's own start
 * instead of coming before them: the agent is spawned sooner (start-up, BENCHMARKS.md).
 */
export { ChangeTracker } from "./changes/tracker.js";
export { Pipeline } from "./pipeline.js";
export { jobUrl, publish } from "./publish.js";
export { LiveLog } from "./render/live-log.js";
export { warmFinalMessage } from "./report/report.js";

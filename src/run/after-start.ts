/**
 * What a run needs once its agent is starting: the pipeline (stream → events → model, with zod), the live
 * log, the change tracker (with jsdiff), the report and publishing. One dynamic import, made once the agent
 * is spawned (a replay: at once), so that loading it (~15 ms) overlaps the agent's own start instead of
 * coming before it: the agent is spawned sooner (start-up, BENCHMARKS.md). The young generation's cap
 * comes with it (node:v8 took ~2 ms to load before the spawn): only a stream grows that generation.
 */
export { ChangeTracker } from "../changes/tracker.js";
export { Pipeline } from "../pipeline/pipeline.js";
export { publish } from "../publish/publish.js";
export { LiveLog } from "../render/live-log.js";
export { warmFinalMessage } from "../report/report.js";
export { capYoungGeneration } from "./heap.js";

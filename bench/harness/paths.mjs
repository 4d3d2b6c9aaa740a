// @ts-check
/** The bench's paths (its agents, the floor, the usage probe, bench/out/) and the fixed values of its runs. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FAKE_AGENT } from "../../test/harness/launch.mjs";

export const BENCH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ROOT = path.resolve(BENCH, "..");
export const OUT = path.join(BENCH, "out");
export const DIST = path.join(ROOT, "dist", "index.js");
export { FAKE_AGENT };
export const PACED_AGENT = path.join(BENCH, "paced-agent.mjs");
/** The agent of the throughput and start-up runs: replays a transcript in 64 KiB writes (its header). */
export const REPLAY_AGENT = path.join(BENCH, "replay-agent.mjs");
export const EDIT_AGENT = path.join(BENCH, "agent-then-edit.sh");
export const FLOOR = path.join(BENCH, "floor.mjs");
export const USAGE = path.join(BENCH, "usage.cjs");
export const API_KEY = "key_bench0000000000000000000000000000000000000000";
/** Never valid: GITHUB_API_URL points at a closed local port, so no call leaves the machine. */
export const GITHUB_TOKEN = "ghs_bench000000000000000000000000000000";
export const PROMPT = "Refactor pricing and cart to integer cents; keep the API; make the tests pass.";

import { describe, expect, it } from "vitest";
import { DEFAULT_GRACES } from "../../src/agent/session.js";
import {
  CANCEL_BUDGET,
  CANCEL_BUDGET_TOTAL_MS,
  RUN_DEADLINES,
  RUNNER_CANCEL_GRACE_MS,
} from "../../src/base/deadlines.js";

describe("the cancel budget", () => {
  it("adds up to less than the runner's 7.5 s between SIGINT and SIGTERM, with room to render and exit", () => {
    const sum = Object.values(CANCEL_BUDGET).reduce((a, b) => a + b, 0);
    expect(sum).toBe(CANCEL_BUDGET_TOTAL_MS);
    // Rendering the report and writing outputs after the last wait: at least half a second is left.
    expect(RUNNER_CANCEL_GRACE_MS - sum).toBeGreaterThanOrEqual(500);
  });
  it("is what the agent session uses after a cancel", () => {
    expect(DEFAULT_GRACES.cancelKillMs).toBe(CANCEL_BUDGET.agentKillMs);
    expect(DEFAULT_GRACES.cancelDrainMs).toBe(CANCEL_BUDGET.drainMs);
    // Each share is smaller than the run's own wait for the same thing: a cancel only ever hurries.
    expect(CANCEL_BUDGET.agentKillMs).toBeLessThanOrEqual(RUN_DEADLINES.agentKillMs);
    expect(CANCEL_BUDGET.drainMs).toBeLessThanOrEqual(RUN_DEADLINES.drainMs);
    expect(CANCEL_BUDGET.changesMs).toBeLessThanOrEqual(RUN_DEADLINES.changesMs);
    expect(CANCEL_BUDGET.reviewMs).toBeLessThanOrEqual(RUN_DEADLINES.reviewMs);
    expect(CANCEL_BUDGET.commentMs).toBeLessThanOrEqual(RUN_DEADLINES.commentMs);
  });
});

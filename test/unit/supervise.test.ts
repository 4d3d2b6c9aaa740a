/** The supervisor's timing, with fake timers: what it sends to the agent's group, and when. */
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunningAgent } from "../../src/agent/process.js";
import { Supervisor } from "../../src/agent/supervise.js";
import type { ExitInfo, Stopped } from "../../src/model/verdict.js";

function fakeAgent() {
  let exit!: (e: ExitInfo) => void;
  const sent: [string, number][] = [];
  const agent: RunningAgent = {
    pid: 1234,
    stdout: Object.assign(new PassThrough(), { stopReading: () => 0 }),
    exited: new Promise((r) => {
      exit = r;
    }),
    signal: (sig) => void sent.push([sig, Date.now()]),
    release: () => {},
    stderrDone: Promise.resolve(),
  };
  return { agent, sent, exit };
}

const opts = (onStop: (s: Stopped) => void) => ({
  timeoutMs: 60_000,
  hangGraceMs: 5_000,
  killGraceMs: 5_000,
  now: Date.now,
  onStop,
});

describe("Supervisor", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a timeout: SIGTERM to the group at the limit, SIGKILL after the grace period", async () => {
    const { agent, sent } = fakeAgent();
    const stops: Stopped[] = [];
    new Supervisor(
      agent,
      opts((s) => stops.push(s)),
    );
    await vi.advanceTimersByTimeAsync(59_999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(stops).toEqual([{ reason: "timeout", afterMs: 60_000 }]);
    expect(sent).toEqual([["SIGTERM", 60_000]]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toEqual([
      ["SIGTERM", 60_000],
      ["SIGKILL", 65_000],
    ]);
  });

  it("no timeout when the limit is 0", async () => {
    const { agent, sent } = fakeAgent();
    new Supervisor(agent, { ...opts(() => {}), timeoutMs: 0 });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sent).toEqual([]);
  });

  it("a hang after the result: stopped after the hang grace, not when the agent exits in time", async () => {
    const hung = fakeAgent();
    const stops: Stopped[] = [];
    const sup = new Supervisor(
      hung.agent,
      opts((s) => stops.push(s)),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    sup.expectExit();
    sup.expectExit(); // once is enough: the grace does not restart
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stops).toEqual([{ reason: "hang-after-result", afterMs: 6_000 }]);

    const fine = fakeAgent();
    const sup2 = new Supervisor(
      fine.agent,
      opts(() => {}),
    );
    sup2.expectExit();
    fine.exit({ code: 0 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fine.sent).toEqual([]);
    expect(sup2.stopped).toBeUndefined();
  });

  it("a cancel during a slow stop only hurries the SIGKILL", async () => {
    const { agent, sent } = fakeAgent();
    const stops: Stopped[] = [];
    const sup = new Supervisor(
      agent,
      opts((s) => stops.push(s)),
    );
    await vi.advanceTimersByTimeAsync(60_000); // timeout: SIGTERM at 60 s, SIGKILL due at 65 s
    await vi.advanceTimersByTimeAsync(1_000);
    sup.stop("cancel", 2_500);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(stops.map((s) => s.reason)).toEqual(["timeout"]);
    expect(sent).toEqual([
      ["SIGTERM", 60_000],
      ["SIGKILL", 63_500],
    ]);
  });

  it("dispose cancels every timer", async () => {
    const { agent, sent } = fakeAgent();
    const sup = new Supervisor(
      agent,
      opts(() => {}),
    );
    sup.expectExit();
    sup.dispose();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent).toEqual([]);
  });
});

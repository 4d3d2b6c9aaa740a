/**
 * The waits after the agent against a cancel that comes while they run (#41 item 6): each ends at its share
 * of the cancel budget from the cancel, never at its own longer deadline (base/deadlines.ts waitEnd), and
 * the change summary gives what git has not answered its fallback at once (changes/time-budget.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { waitEnd } from "../../src/base/deadlines.js";
import { ChangeTracker } from "../../src/changes/tracker.js";
import type { GitReader } from "../../src/git/reader.js";
import { replay } from "../helpers/replay.js";

const lines = (...events: object[]) => Buffer.from(events.map((e) => `${JSON.stringify(e)}\n`).join(""));

describe("waitEnd", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** When (ms from now, on the fake clock) `end` aborts: at most `within`. */
  async function endsAfter(end: ReturnType<typeof waitEnd>, within = 60_000): Promise<number> {
    const start = Date.now();
    for (let t = 0; t <= within && !end.signal.aborted; t += 10) await vi.advanceTimersByTimeAsync(10);
    return Date.now() - start;
  }

  it("without a cancel, ends at its own time", async () => {
    const cancel = new AbortController();
    const end = waitEnd(30_000, 250, cancel.signal);
    expect(await endsAfter(end)).toBe(30_000);
    expect((end.signal.reason as Error).message).toBe("no end within 30.0 s");
    expect(end.limitMs).toBe(30_000);
  });

  it("a cancel heard before it began: its share", async () => {
    const cancel = new AbortController();
    cancel.abort();
    const end = waitEnd(30_000, 250, cancel.signal);
    expect(await endsAfter(end)).toBe(250);
    expect((end.signal.reason as Error).message).toBe("no end within 250 ms of the cancel");
  });

  it("a cancel while it runs: its share from the cancel, the wait already begun cut short", async () => {
    const cancel = new AbortController();
    const end = waitEnd(30_000, 1_000, cancel.signal);
    await vi.advanceTimersByTimeAsync(5_000);
    cancel.abort();
    expect(await endsAfter(end)).toBe(1_000);
    expect(end.limitMs).toBe(1_000);
  });

  it("a cancel only ever hurries it: near its end, the end stays", async () => {
    const cancel = new AbortController();
    const end = waitEnd(2_000, 1_000, cancel.signal);
    await vi.advanceTimersByTimeAsync(1_500);
    cancel.abort();
    expect(await endsAfter(end)).toBe(500);
  });

  it("disposed, it never ends (its timer is gone)", async () => {
    const end = waitEnd(1_000, 250);
    end.dispose();
    expect(await endsAfter(end, 5_000)).toBeGreaterThan(1_000);
    expect(end.signal.aborted).toBe(false);
  });
});

describe("the change summary after a cancel", () => {
  it("a git that never answers: a cancel ends the reading at once, with the events' account", async () => {
    const ws = "/ws";
    const r = replay(
      lines(
        { type: "system", subtype: "init", cwd: ws, session_id: "s", model: "m" },
        ...["started", "completed"].map((subtype) => ({
          type: "tool_call",
          subtype,
          call_id: "c1",
          tool_call: {
            editToolCall: {
              args: { path: `${ws}/a.txt` },
              result: {
                success: { path: `${ws}/a.txt`, beforeFullFileContent: "1\n", afterFullFileContent: "2\n" },
              },
            },
          },
        })),
      ),
    );
    const tracker = new ChangeTracker({ workspace: ws });
    for (const u of r.updates) tracker.onUpdate(u);
    let asked: () => void = () => {};
    const gitAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const never = <T>(): Promise<T> => {
      asked();
      return new Promise<T>(() => {});
    };
    const git: GitReader = { isRepo: never, show: never, status: never, numstat: never, read: never };
    const cancel = new AbortController();
    // Its own time is far beyond this test's: only the cancel can end it.
    const finished = tracker.finish({ git, budgetMs: 3_600_000, until: cancel.signal });
    await gitAsked;
    cancel.abort();
    const set = await finished;
    expect(set.files).toEqual([
      expect.objectContaining({ path: "a.txt", added: 1, removed: 1, baseline: "before" }),
    ]);
  });
});

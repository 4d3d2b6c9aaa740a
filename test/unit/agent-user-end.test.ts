/**
 * The agent's own user's name and end, without root: the name fits useradd, the kill loop stops when
 * /proc shows nothing of the uid and gives up, naming what is left, at its deadline.
 */
import { describe, expect, it } from "vitest";
import { endProcesses, processesOf } from "../../src/security/agent-user-end.js";
import { runUserName, UID_RANGE } from "../../src/security/user-account.js";

describe("the agent's user for one run", () => {
  it("is the prefix and 8 random hex digits, within useradd's 32 characters", () => {
    expect(runUserName("cursor-agent", "0a1b2c3d")).toBe("cursor-agent-0a1b2c3d");
    const long = runUserName("a".repeat(32), "0a1b2c3d");
    expect(long).toHaveLength(32);
    expect(long.endsWith("-0a1b2c3d")).toBe(true);
    expect(runUserName("cursor-agent")).toMatch(/^cursor-agent-[0-9a-f]{8}$/);
    expect(runUserName("cursor-agent")).not.toBe(runUserName("cursor-agent"));
  });

  it("draws its uid under 60000 and within 16 bits", () => {
    expect(UID_RANGE.from).toBeGreaterThan(1000);
    expect(UID_RANGE.from + UID_RANGE.count).toBeLessThanOrEqual(60_000);
  });
});

describe.skipIf(process.platform !== "linux")("ending its processes", () => {
  it("sees this process among its uid's", () => {
    const uid = process.getuid?.() ?? -1;
    expect(processesOf(uid)).toContain(process.pid);
  });

  it("kills until none is left, then stops", () => {
    let kills = 0;
    // A uid nothing runs as: the first look finds nothing.
    expect(endProcesses(() => kills++, 59_999, Date.now() + 1_000)).toEqual([]);
    expect(kills).toBe(1);
  });

  it("gives up at its deadline, naming what is still there", () => {
    const uid = process.getuid?.() ?? -1;
    let now = 0;
    let kills = 0;
    const left = endProcesses(
      () => kills++,
      uid,
      3,
      () => now++,
    );
    expect(left).toContain(process.pid);
    expect(kills).toBe(4);
  });
});

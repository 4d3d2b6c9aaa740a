/**
 * The agent's own view's plan (src/security/agent-view.ts): what is covered and what is shown again, on a
 * GitHub-hosted runner's layout, a self-hosted one's, and the tests' own (everything under /tmp). The view
 * itself, made as root, is the hostile tests' (test/hostile/agent-view.test.ts).
 */
import { describe, expect, it } from "vitest";
import { planText, planView, uncovered } from "../../src/security/agent-view.js";

const TEMP = ["/tmp", "/var/tmp", "/dev/shm", "/run/lock"];
const base = { owner: [1001, 127] as const, agent: [45001, 45001] as const, temp: TEMP };

describe("planView", () => {
  it("a hosted runner: the home covered (RUNNER_TEMP and the workspace's neighbours with it), the workspace, home and install shown", () => {
    const plan = planView({
      ...base,
      workspace: "/home/runner/work/repo/repo",
      home: "/tmp/cursor-agent-1a2b3c4d-home-x",
      install: { dir: "/home/runner/.local/share/cursor-agent/versions/2026.11.20", owner: [1001, 127] },
      hidden: ["/home/runner", "/home/runner/work/_temp"],
    });
    expect(plan.covers).toEqual([
      { path: "/tmp", shared: true },
      { path: "/var/tmp", shared: true },
      { path: "/dev/shm", shared: true },
      { path: "/run/lock", shared: true },
      { path: "/home/runner" },
    ]);
    expect(plan.views).toEqual([
      { path: "/home/runner/work/repo/repo", owner: [1001, 127] },
      { path: "/tmp/cursor-agent-1a2b3c4d-home-x" },
      {
        path: "/home/runner/.local/share/cursor-agent/versions/2026.11.20",
        owner: [1001, 127],
        readOnly: true,
      },
    ]);
    // Passage is needed by name only where no cover is: /home, which others may pass.
    expect(uncovered(["/home/runner/work/repo", "/home/runner", "/home"], plan)).toEqual(["/home"]);
  });

  it("a self-hosted runner: the workspace's parent, RUNNER_TEMP and the home each covered", () => {
    const plan = planView({
      ...base,
      workspace: "/opt/actions-runner/_work/repo/repo",
      home: "/tmp/h",
      hidden: ["/home/ci", "/opt/actions-runner/_work/_temp"],
    });
    expect(plan.covers.filter((c) => !c.shared).map((c) => c.path)).toEqual([
      "/home/ci",
      "/opt/actions-runner/_work/_temp",
      "/opt/actions-runner/_work/repo",
    ]);
  });

  it("never the system: a HOME of / or /opt, a workspace right under /, are left visible", () => {
    const plan = planView({ ...base, workspace: "/ws", home: "/tmp/h", hidden: ["/", "/opt", "/root"] });
    expect(plan.covers.filter((c) => !c.shared).map((c) => c.path)).toEqual(["/root"]);
  });

  it("one cover per place: a shared /tmp wins over a workspace's parent there; one inside another goes", () => {
    const plan = planView({
      ...base,
      workspace: "/tmp/run-1/ws",
      home: "/tmp/run-1/home",
      hidden: ["/tmp", "/tmp/run-1/temp"],
    });
    expect(plan.covers).toEqual(TEMP.map((path) => ({ path, shared: true })));
  });

  it("a cover inside a view stays: RUNNER_TEMP inside the workspace is hidden in it", () => {
    const plan = planView({
      ...base,
      workspace: "/srv/ci/ws",
      home: "/tmp/h",
      hidden: ["/srv/ci/ws/_temp", "/srv/ci"],
    });
    expect(plan.covers.filter((c) => !c.shared).map((c) => c.path)).toEqual(["/srv/ci/ws/_temp", "/srv/ci"]);
  });
});

describe("planText", () => {
  it("a line each, names in hex: a path with a space, a line break or a non-ASCII name stays one field", () => {
    const odd = "/w/a b\nview 00 - - 1/é";
    const text = planText({
      agent: [45001, 45002],
      views: [
        { path: odd, owner: [1001, 121] },
        { path: "/tmp/h", readOnly: true },
      ],
      covers: [{ path: "/home/runner" }, { path: "/tmp", shared: true }],
      account: { name: "cursor-agent-0a1b2c3d", home: "/tmp/h" },
    });
    const hex = (s: string) => Buffer.from(s, "utf8").toString("hex");
    expect(text.split("\n")).toEqual([
      "agent 45001 45002",
      `view ${hex(odd)} 1001 121 0`,
      `view ${hex("/tmp/h")} - - 1`,
      `cover ${hex("/home/runner")} 0`,
      `cover ${hex("/tmp")} 1`,
      `account ${hex("cursor-agent-0a1b2c3d")} ${hex("/tmp/h")}`,
    ]);
  });
});

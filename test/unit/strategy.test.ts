/**
 * The safety strategy decided for each platform, with the machine handed in (a probe): `auto` never fails
 * because of the platform and says once what it leaves open; a strategy the machine cannot honour is one
 * input error naming `safety-strategy`; the command each one runs.
 */
import { describe, expect, it } from "vitest";
import type { AgentCommand } from "../../src/agent/command.js";
import {
  guardAgent,
  jobUserNotice,
  NO_SUDO_NOTICE,
  type Resolved,
  resolveStrategy,
  type StrategyProbe,
  UNSAFE_NOTICE,
} from "../../src/security/strategy.js";
import type { SafetyStrategy } from "../../src/settings/settings.js";

/** A GitHub-hosted runner of `platform`: passwordless sudo, and on Linux every program the strategies use. */
const probe = (over: Partial<StrategyProbe> = {}): StrategyProbe => ({
  platform: "linux",
  uid: 1001,
  passwordlessSudo: () => true,
  find: (p) => `/usr/bin/${p}`,
  ...over,
});
const without =
  (...missing: string[]) =>
  (p: string) =>
    missing.includes(p) ? undefined : `/usr/bin/${p}`;
const error = (chosen: SafetyStrategy, p: StrategyProbe) => {
  try {
    resolveStrategy(chosen, p);
  } catch (e) {
    return (e as Error).message;
  }
  return "no error";
};

describe("safety-strategy auto, resolved on the machine", () => {
  it("Linux: the agent's own user with root or passwordless sudo (a GitHub-hosted runner)", () => {
    expect(resolveStrategy("auto", probe())).toEqual({ strategy: "unprivileged-user" });
    expect(resolveStrategy("auto", probe({ uid: 0, passwordlessSudo: () => false }))).toEqual({
      strategy: "unprivileged-user",
    });
  });

  it("Linux: no-sudo with its notice without sudo or a program of the agent's user", () => {
    for (const p of [probe({ passwordlessSudo: () => false }), probe({ find: without("setfacl") })]) {
      expect(resolveStrategy("auto", p)).toEqual({
        strategy: "no-sudo",
        setpriv: "/usr/bin/setpriv",
        notice: NO_SUDO_NOTICE,
      });
    }
  });

  it("Linux without setpriv: the job's user, never a failure, one notice saying why", () => {
    const r = resolveStrategy("auto", probe({ find: without("setpriv") }));
    expect(r.strategy).toBe("unsafe");
    expect(r.settled).toBe("setpriv (util-linux) is not installed");
    expect(r.notice).toMatch(
      /^safety-strategy auto chose the job's user \(setpriv \(util-linux\) is not installed\): /,
    );
  });

  it("macOS and Windows: the job's user, with one notice naming what that leaves open; nothing probed", () => {
    for (const platform of ["darwin", "win32"] as const) {
      const asked: string[] = [];
      const p = probe({
        platform,
        passwordlessSudo: () => asked.push("sudo") > 0,
        find: (x) => {
          asked.push(x);
          return `/usr/bin/${x}`;
        },
      });
      const r = resolveStrategy("auto", p);
      const os = platform === "darwin" ? "macOS" : "Windows";
      expect(r).toEqual({
        strategy: "unsafe",
        settled: `no-sudo and unprivileged-user need Linux, not ${os}`,
        notice: jobUserNotice(platform, `safety-strategy auto chose the job's user (${r.settled})`),
      });
      // Linux's programs may be installed (Homebrew has util-linux): they are not what decides.
      expect(asked).toEqual([]);
      const rights = platform === "darwin" ? "sudo" : "administrator rights";
      expect(r.notice).toContain(`act as this job's user, with its ${rights}`);
      expect(r.notice).toContain("signal and stop the action");
      expect(r.notice).toContain(
        "the action's environment, which still holds the secrets it was started with",
      );
      expect(r.notice).toContain(`with ${rights}, any process's memory, the runner's secrets included`);
    }
  });
});

describe("a strategy the workflow named", () => {
  it("is kept where the machine can honour it; only unprivileged-user asks sudo", () => {
    let asked = 0;
    const p = probe({ passwordlessSudo: () => ++asked > 0 });
    expect(resolveStrategy("no-sudo", p)).toEqual({ strategy: "no-sudo", setpriv: "/usr/bin/setpriv" });
    expect(resolveStrategy("unsafe", p)).toEqual({ strategy: "unsafe", notice: UNSAFE_NOTICE });
    expect(asked).toBe(0);
    expect(resolveStrategy("unprivileged-user", p)).toEqual({ strategy: "unprivileged-user" });
    expect(asked).toBe(1);
    expect(resolveStrategy("unsafe", probe({ platform: "darwin" })).notice).toBe(
      jobUserNotice("darwin", "safety-strategy unsafe"),
    );
  });

  it("no-sudo or unprivileged-user off Linux: one input error naming safety-strategy and what is missing", () => {
    expect(error("no-sudo", probe({ platform: "darwin" }))).toBe(
      "Input 'safety-strategy': no-sudo needs Linux's setpriv, which macOS does not have: choose auto (the strongest this runner allows, with a notice of what it leaves open) or another strategy",
    );
    expect(error("unprivileged-user", probe({ platform: "win32" }))).toBe(
      "Input 'safety-strategy': unprivileged-user needs Linux (useradd, userdel, setfacl, setpriv, kill, find), which Windows does not have: choose auto (the strongest this runner allows, with a notice of what it leaves open) or another strategy",
    );
    expect(error("no-sudo", probe({ platform: "freebsd" }))).toMatch(/which freebsd does not have/);
  });

  it("on Linux: no-sudo without setpriv, unprivileged-user without its programs or privileges", () => {
    expect(error("no-sudo", probe({ find: without("setpriv") }))).toMatch(
      /^Input 'safety-strategy': no-sudo needs setpriv \(util-linux\), which is not installed: choose auto /,
    );
    expect(error("unprivileged-user", probe({ find: without("setfacl", "kill") }))).toMatch(
      /^Input 'safety-strategy': unprivileged-user needs useradd, userdel, setfacl, setpriv, kill, find, and setfacl, kill are not installed in the system's directories \(packages passwd, acl, util-linux, procps, findutils\)/,
    );
    expect(error("unprivileged-user", probe({ passwordlessSudo: () => false }))).toMatch(
      /^Input 'safety-strategy': unprivileged-user needs root or passwordless sudo to set up the agent's user, and this job has neither/,
    );
    expect(error("unprivileged-user", probe({ uid: 0, passwordlessSudo: () => false }))).toBe("no error");
  });
});

describe("the command each strategy runs", () => {
  const cmd: AgentCommand = { file: process.execPath, args: ["--print"], cwd: "/", env: { PATH: "" } };
  const guard = (resolved: Resolved, uid = 1001) => guardAgent(cmd, { resolved, uid });

  it("the job's user: the command as it is; the header says auto settled, and why", () => {
    const settled = resolveStrategy("auto", probe({ platform: "darwin" }));
    expect(guard(settled)).toEqual({
      command: cmd,
      header:
        "Safety: unsafe (auto: no-sudo and unprivileged-user need Linux, not macOS; the agent runs with this job's privileges, sudo included)",
    });
    expect(guard({ strategy: "unsafe" }).header).toBe(
      "Safety: unsafe (the agent runs with this job's privileges, sudo included)",
    );
  });

  it("no-sudo: through the setpriv found, with no capabilities or groups as root", () => {
    const r = resolveStrategy("no-sudo", probe({ find: (p) => `/opt/util-linux/${p}` }));
    expect(guard(r).command).toEqual({
      ...cmd,
      file: "/opt/util-linux/setpriv",
      args: ["--no-new-privs", "--", process.execPath, "--print"],
    });
    expect(guard(r, 0).command.args).toEqual([
      "--no-new-privs",
      "--inh-caps=-all",
      "--bounding-set=-all",
      "--clear-groups",
      "--",
      process.execPath,
      "--print",
    ]);
  });
});

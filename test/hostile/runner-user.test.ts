/**
 * As on a GitHub-hosted runner: the action runs as a user with passwordless sudo (not root). With the
 * default `no-sudo`, sudo fails in the agent's tree; with `unsafe` it works; the action's own environment
 * holds no secret either way. Needs root to create that user: skipped, saying so, otherwise.
 */
import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareStep, readFileCommand } from "../harness/launch.mjs";
import { can, cleanupActionRuns, fixture, sharedWithOtherUsers } from "../harness/run-action.js";

const USER = "runner-test";
const ready = process.geteuid?.() === 0 && can("sudo") && can("setpriv") && can("useradd");
const TOKEN = "ghs_harnessTokenForTests0000000000000000";

describe.skipIf(!ready)(
  `as a user with passwordless sudo${ready ? "" : " (skipped: needs root, sudo, setpriv, useradd)"}`,
  () => {
    afterAll(cleanupActionRuns);
    beforeAll(async () => {
      try {
        execFileSync("id", ["-u", USER], { stdio: "ignore" });
      } catch {
        execFileSync("useradd", ["--create-home", "--user-group", USER]);
      }
      writeFileSync(`/etc/sudoers.d/${USER}`, `${USER} ALL=(ALL) NOPASSWD:ALL\n`, { mode: 0o440 });
      // The bundle built (and shared) before the tests' own time runs: a cold build on a busy machine is slow.
      await sharedWithOtherUsers();
    }, 300_000);

    /**
     * `hold`: the agent (a shell here) says READY and waits, noting the signals it gets, and the action is
     * cancelled as the runner cancels it (SIGINT to the action's process alone).
     */
    async function run(strategy: string, extra: Record<string, string> = {}, hold = false) {
      // Node, the bundle and the fake agent where that user can reach them (the checkout may be private).
      const shared = await sharedWithOtherUsers();
      const base = mkdtempSync(path.join(tmpdir(), "runner-user-"));
      chmodSync(base, 0o777);
      const ws = path.join(base, "ws");
      mkdirSync(ws, { mode: 0o777 });
      chmodSync(ws, 0o777);
      execFileSync("setpriv", [
        `--reuid=${USER}`,
        `--regid=${USER}`,
        "--init-groups",
        "git",
        "init",
        "-q",
        ws,
      ]);
      const transcript = path.join(base, "t.ndjson");
      copyFileSync(fixture("cursed-mac-read-edit-usage.ndjson"), transcript);
      const scenario = path.join(base, "scenario.json");
      writeFileSync(scenario, JSON.stringify({ transcript }));
      // In the workspace: the one place every strategy lets the agent write.
      const found = path.join(ws, "found.txt");
      const spy = path.join(base, "spy.sh");
      writeFileSync(
        spy,
        `#!/bin/sh
echo "UID=$(id -u)" > "${found}"
tr '\\0' '\\n' < /proc/$PPID/environ >> "${found}" 2>/dev/null || echo "ENVIRON=denied" >> "${found}"
grep NoNewPrivs /proc/self/status >> "${found}"
if sudo -n true 2>/dev/null; then echo "SUDO=yes" >> "${found}"; else echo "SUDO=no" >> "${found}"; fi
${
  hold
    ? `trap 'echo "GOT=TERM" >> "${found}"; exit 143' TERM
echo READY >> "${found}"
while :; do sleep 0.1; done`
    : `exec "${shared.fakeAgent}" "$@"`
}
`,
        { mode: 0o755 },
      );
      const step = prepareStep({
        workspace: ws,
        runnerTemp: path.join(base, "temp"),
        home: `/home/${USER}`,
        pathFirst: [shared.fakeAgentDir, shared.bin],
        event: {},
        token: TOKEN,
        inputs: { prompt: "go", "agent-path": spy, "safety-strategy": strategy, ...extra },
        env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef", FAKE_AGENT_SCENARIO: scenario },
      });
      execFileSync("chown", ["-R", `${USER}:${USER}`, base]);
      // The action as that user, started as the runner starts a step (test/harness/launch.mjs's environment), via setpriv.
      const asUser = spawn(
        "setpriv",
        [`--reuid=${USER}`, `--regid=${USER}`, "--init-groups", shared.node, shared.entry],
        { cwd: ws, env: step.env, stdio: ["ignore", "pipe", "pipe"] },
      );
      let stdout = "";
      asUser.stdout?.on("data", (c: Buffer) => {
        stdout += c.toString();
      });
      if (hold) {
        // Once the agent runs (its READY), the runner's cancel: the action alone gets SIGINT.
        const read = () => (existsSync(found) ? readFileSync(found, "utf8") : "");
        while (!read().includes("READY")) await new Promise((r) => setTimeout(r, 50));
        asUser.kill("SIGINT");
      }
      const code = await new Promise<number | null>((resolve) => asUser.on("close", resolve));
      return {
        code,
        stdout,
        found: readFileSync(found, "utf8"),
        outputs: readFileCommand(step.files.GITHUB_OUTPUT).values,
      };
    }

    it("no-sudo: sudo refused in the agent's tree; unsafe: allowed; no secret in the action's environ", async () => {
      const [safe, unsafe] = await Promise.all([run("no-sudo"), run("unsafe")]);
      expect([safe.code, safe.outputs.conclusion]).toEqual([0, "success"]);
      expect(safe.stdout).toContain("Safety: no-sudo");
      expect(safe.found).toMatch(/^NoNewPrivs:\s+1$/m);
      expect(safe.found).toContain("SUDO=no");
      expect(unsafe.found).toContain("SUDO=yes");
      for (const r of [safe, unsafe]) expect(r.found).not.toContain(TOKEN);
    }, 60_000);

    it("unprivileged-user set up through sudo: the agent runs as its own user and cannot read the action", async () => {
      const r = await run("unprivileged-user", { "agent-user": "cursor-agent-test2" });
      expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
      expect(r.stdout).toContain("Safety: unprivileged-user (the agent runs as cursor-agent-test2");
      // Its own view, set up through sudo as through root (security/agent-view.ts).
      expect(r.stdout).toContain("it sees the workspace, its home and the system");
      const runnerUid = execFileSync("id", ["-u", USER]).toString().trim();
      expect(r.found).toMatch(/^UID=\d+$/m);
      expect(r.found).not.toMatch(new RegExp(`^UID=${runnerUid}$`, "m"));
      expect(r.found).toContain("ENVIRON=denied");
      expect(r.found).toContain("SUDO=no");
    }, 60_000);

    it("unprivileged-user through sudo, cancelled: the agent gets the SIGTERM (passed on through sudo, the view's process and its init)", async () => {
      const r = await run("unprivileged-user", { "agent-user": "cursor-agent-test3" }, true);
      expect(r.stdout).toContain("it sees the workspace, its home and the system");
      expect(r.outputs.conclusion).toBe("cancelled");
      // Another uid's, behind a root process: the group's signal cannot reach it but passed on.
      expect(r.found).toMatch(/^GOT=TERM$/m);
    }, 60_000);
  },
);

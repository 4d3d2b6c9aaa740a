/**
 * The agent's own view is started with the strategy and held until the agent's command is known
 * (src/security/held-view.ts): a root process waiting on a pipe. Whatever ends the run before the agent
 * starts ends it too, with nothing run: the action killed outright while it waits on GitHub (the pipe's end
 * is the held process's end), or a refusal at admission (let go of, and its new transcript file removed).
 * Default strategy, as root. Needs root: skipped, saying so, otherwise.
 */
import { readdirSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startGitHubApi } from "../harness/github-api.js";
import { can, cleanupActionRuns, runAction, startAction } from "../harness/run-action.js";
import { withSilentApi } from "../harness/silent-api.js";

afterAll(cleanupActionRuns);

const ready = process.geteuid?.() === 0 && ["setpriv", "python3"].every(can);
const KEY = "key_0123456789abcdef0123456789abcdef";
const TOKEN = "ghs_harnessTokenForTests0000000000000000";
/** Far beyond any machine's pace: only a process that never ends meets it. */
const LIMIT_MS = 120_000;

/** A comment on a pull request by `login`: admission asks GitHub for the commenter's permission. */
function commentEvent(login: string) {
  return {
    action: "created",
    issue: { number: 3, pull_request: { url: "x" } },
    comment: { id: 9, body: "/cursor fix the tests", user: { login, type: "User" } },
    sender: { login, type: "User" },
    repository: { full_name: "octo/repo" },
  };
}

/** The held view's processes: agent-view.py running in the workspace (its cwd), by pid. */
function heldIn(workspace: string): number[] {
  const real = realpathSync(workspace);
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "utf8");
      if (cmdline.includes("agent-view.py") && readlinkSync(`/proc/${name}/cwd`) === real)
        found.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Waits until `test` holds, looking again every 50 ms; fails after LIMIT_MS (a hang, not a slow machine). */
async function until(what: string, test: () => boolean): Promise<void> {
  const end = Date.now() + LIMIT_MS;
  while (!test()) {
    if (Date.now() > end) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!ready)(`the held view${ready ? "" : " (skipped: needs root, setpriv, python3)"}`, () => {
  it("the action killed while it waits on GitHub: the held view ends with it, nothing ran", async () => {
    await withSilentApi(async (api) => {
      const h = await startAction({
        inputs: { prompt: "go", "safety-strategy": undefined },
        env: { CURSOR_API_KEY: KEY },
        scenario: {},
        eventName: "issue_comment",
        eventPayload: commentEvent("writer"),
        apiUrl: api.url,
        githubToken: TOKEN,
        timeoutMs: LIMIT_MS,
      });
      // Admission waits on the permission request, which the silent API never answers: the view is held.
      await until("the held view", () => heldIn(h.dirs.workspace).length > 0);
      expect(h.kill("SIGKILL")).toBe(true);
      const r = await h.done;
      expect(r.signal).toBe("SIGKILL");
      await until("the held view to end", () => heldIn(h.dirs.workspace).length === 0);
      expect(r.record, "the agent never started").toBeUndefined();
    });
  });

  it("refused at admission: nothing ran, nothing held, no transcript left", async () => {
    const api = await startGitHubApi({ token: TOKEN, permissions: { reader: "read" } });
    try {
      const r = await runAction({
        inputs: { prompt: "go", "safety-strategy": undefined },
        env: { CURSOR_API_KEY: KEY },
        scenario: {},
        eventName: "issue_comment",
        eventPayload: commentEvent("reader"),
        apiUrl: api.url,
        githubToken: TOKEN,
      });
      expect(r.code).toBe(1);
      expect(r.outputs.error).toMatch(/^reader has read permission/);
      expect(r.record).toBeUndefined();
      await until("the held view to end", () => heldIn(r.dirs.workspace).length === 0);
      // The transcript the held view was given as its stdout is not left behind, empty.
      const dir = path.join(r.dirs.runnerTemp, "cursor-agent");
      let left: string[] = [];
      try {
        left = readdirSync(dir);
      } catch {
        // never made
      }
      expect(left).toEqual([]);
    } finally {
      await api.close();
    }
  });
});

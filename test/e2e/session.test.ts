/**
 * `session: pull-request` through the bundle: the real @actions/cache client in the action against the
 * cache service stand-in (test/harness/cache-service.ts), the fake CLI keeping chats as the CLI does. Run 1
 * of pull request #7 starts a chat and saves it; run 2 (a new home: nothing of run 1 on disk but the cache)
 * continues it; pull request #70 never gets #7's chat; a cache that fails is a notice and a new chat. Then
 * the same two runs with the fake CLI under each rule a build may follow for where it keeps its chats
 * (test/fake-agent/fake-agent.mjs ChatRule), under the default strategy (as root: the agent's own user)
 * and under no-sudo, with a job that sets every variable a rule reads.
 */
import { chmodSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { agentRecordsDir, removeAgentRecordDirs } from "../harness/agent-records.js";
import { type CacheService, startCacheService } from "../harness/cache-service.js";
import {
  can,
  cleanupActionRuns,
  type FakeAgentScenario,
  runAction,
  sharedWithOtherUsers,
} from "../harness/run-action.js";

afterAll(cleanupActionRuns);
afterAll(removeAgentRecordDirs);

let svc: CacheService;
/** A runner's temp directory is the same path every job (/home/runner/work/_temp): the cache's version
 * of an entry depends on the paths it holds. */
let runnerTemp: string;
beforeEach(async () => {
  svc = await startCacheService();
  runnerTemp = mkdtempSync(path.join(tmpdir(), "session-runner-temp-"));
});
afterEach(() => svc.close());

/** The runner's variables the cache client reads, this test's stand-in in them. */
function runnerEnv(): Record<string, string> {
  return {
    CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef",
    ACTIONS_RUNTIME_TOKEN: svc.token,
    ACTIONS_RESULTS_URL: svc.url,
    ACTIONS_CACHE_SERVICE_V2: "True",
    RUNNER_TEMP: runnerTemp,
  };
}

function run(number: number, extra: Record<string, string> = {}) {
  return runAction({
    // No PR comment: this is about the chat (GitHub is not reachable here, and would only be retried).
    inputs: { prompt: `message to #${number}`, session: "pull-request", comment: "false", ...extra },
    env: runnerEnv(),
    // A cache that fails is waited for up to its deadline (30 s), which only a hang would double.
    timeoutMs: 120_000,
    pullRequest: { number },
    scenario: { chats: true },
  });
}

const notices = (r: Awaited<ReturnType<typeof run>>) =>
  r.log.commands.filter((c) => c.name === "notice").map((c) => c.data);

describe("a pull request's chat across runs", () => {
  it("saved by the first run, continued by the next; another pull request starts its own", async () => {
    const first = await run(7);
    expect(first.outputs.conclusion).toBe("success");
    expect(first.outputs.resumed).toBe("false");
    const chat = first.outputs["session-id"];
    expect(chat).toMatch(/^[0-9a-f-]{36}$/);
    expect(svc.calls("CreateCacheEntry").map((c) => c.body?.key)).toEqual([
      expect.stringMatching(/^cursor-agent-chat\/octo\/repo\/7\//),
    ]);
    // The token the cache needs never reaches the agent.
    expect(JSON.stringify(first.record)).not.toContain(svc.token);

    const second = await run(7);
    expect(second.outputs.conclusion).toBe("success");
    expect(second.record?.parsed?.options.resume).toBe(chat);
    expect([second.outputs["session-id"], second.outputs.resumed]).toEqual([chat, "true"]);
    expect(svc.calls("CreateCacheEntry")).toHaveLength(2);

    const other = await run(70);
    expect(other.record?.parsed?.options.resume ?? null).toBeNull();
    expect(other.outputs["session-id"]).not.toBe(chat);
    expect(other.outputs.resumed).toBe("false");
  }, 120_000);

  it("an issue's thread has its chat too (issues and pull requests share one number space)", async () => {
    const onIssue = (n: number) =>
      runAction({
        // The issue events are gated: the actor is let in by name (no GitHub to ask here).
        inputs: {
          prompt: "on the issue",
          session: "pull-request",
          comment: "false",
          "allowed-users": "octocat",
        },
        env: runnerEnv(),
        eventName: "issues",
        eventPayload: { action: "opened", issue: { number: n }, sender: { login: "octocat", type: "User" } },
        scenario: { chats: true },
      });
    const first = await onIssue(9);
    expect(svc.calls("CreateCacheEntry").map((c) => c.body?.key)).toEqual([
      expect.stringMatching(/^cursor-agent-chat\/octo\/repo\/9\//),
    ]);
    const second = await onIssue(9);
    expect([second.outputs["session-id"], second.outputs.resumed]).toEqual([
      first.outputs["session-id"],
      "true",
    ]);
  }, 120_000);

  // A 5xx is retried by the cache client up to the restore's deadline (30 s): the in-process tests
  // (test/unit/session.test.ts) hold that; here a refusal, which answers at once.
  it("a cache that refuses (401): a notice, a new chat, a green step", async () => {
    svc.fail(401);
    const r = await run(8);
    expect(r.outputs.conclusion).toBe("success");
    expect(r.outputs.resumed).toBe("false");
    expect(notices(r).some((n) => n.includes("could not be restored"))).toBe(true);
  }, 150_000);
});

type Rule = NonNullable<FakeAgentScenario["chatRule"]>;
const RULES: Rule[] = ["env", "data", "xdg", "home"];

const root = process.geteuid?.() === 0;
const ready = root && can("setfacl") && can("useradd") && can("setpriv") && can("pkill");
/** A user of this file's own: test files run side by side, and a run ends every process of its user. */
const USER = "cursor-agent-chat";

/**
 * The job's own CURSOR_CONFIG_DIR, CURSOR_DATA_DIR and XDG_CONFIG_HOME, new for each run (a runner is a new
 * machine each job: nothing of the last run is on disk), closed to others as a job user's are.
 */
function jobDirs(): Record<string, string> {
  const base = mkdtempSync(path.join(tmpdir(), "session-job-dirs-"));
  const dirs = { CURSOR_CONFIG_DIR: "config", CURSOR_DATA_DIR: "data", XDG_CONFIG_HOME: "xdg" };
  return Object.fromEntries(
    Object.entries(dirs).map(([name, dir]) => {
      mkdirSync(path.join(base, dir), { mode: 0o700 });
      return [name, path.join(base, dir)];
    }),
  );
}

async function runUnder(strategy: "auto" | "no-sudo", rule: Rule, prompt: string, records: string) {
  const env: Record<string, string> = { ...runnerEnv(), ...jobDirs() };
  const inputs: Record<string, string> = { "safety-strategy": strategy };
  if (strategy === "auto") {
    // As root, auto is unprivileged-user: the fake CLI and Node where the agent's user can run them.
    const shared = await sharedWithOtherUsers();
    env.PATH = [shared.fakeAgentDir, shared.bin, process.env.PATH].join(path.delimiter);
    inputs["agent-user"] = USER;
  }
  return runAction({
    inputs: { prompt, session: "pull-request", comment: "false", ...inputs },
    env,
    timeoutMs: 120_000,
    pullRequest: { number: 5 },
    // The record where the agent's user can write it.
    scenario: { chats: true, chatRule: rule, record: path.join(records, `${prompt}.json`) },
  });
}

/** Run 1 starts the chat and saves it, run 2 (nothing of run 1 on disk) continues it. */
async function twoRuns(strategy: "auto" | "no-sudo", rule: Rule) {
  // Under the agent's own user (auto, as root), outside the temporary directories its end empties.
  const records =
    strategy === "auto" ? agentRecordsDir("session") : mkdtempSync(path.join(tmpdir(), "session-records-"));
  chmodSync(records, 0o777);
  const first = await runUnder(strategy, rule, "first", records);
  expect(first.outputs.conclusion).toBe("success");
  expect(notices(first)).toEqual([]);
  const chat = first.outputs["session-id"];
  expect(first.record?.chat?.id).toBe(chat);
  expect(svc.calls("CreateCacheEntry")).toHaveLength(1);
  const second = await runUnder(strategy, rule, "second", records);
  expect(second.record?.parsed?.options.resume).toBe(chat);
  expect(second.record?.chat).toMatchObject({ id: chat, resumed: true, before: ["first"] });
  expect([second.outputs["session-id"], second.outputs.resumed]).toEqual([chat, "true"]);
  expect(notices(second)).toEqual([]);
  return [first, second] as const;
}

describe("the chat found wherever the CLI keeps it", () => {
  it.skipIf(!ready).each(RULES)(
    `default strategy (the agent's own user), rule %s: continued by the next run${ready ? "" : " (skipped: needs root, setfacl, useradd, setpriv and pkill)"}`,
    async (rule) => {
      const runs = await twoRuns("auto", rule);
      for (const r of runs) {
        expect(r.stdout).toContain(`Safety: unprivileged-user (the agent runs as ${USER}`);
        // Every place a rule names is in the agent's own home, never one of the job's.
        const home = r.record?.env.HOME ?? "";
        expect(home).not.toBe("");
        for (const name of ["CURSOR_CONFIG_DIR", "CURSOR_DATA_DIR", "XDG_CONFIG_HOME"]) {
          expect(r.record?.env[name]?.startsWith(`${home}/`), name).toBe(true);
        }
      }
    },
    120_000,
  );

  it.each(RULES)(
    "no-sudo, rule %s, a job setting CURSOR_CONFIG_DIR, CURSOR_DATA_DIR and XDG_CONFIG_HOME: continued",
    async (rule) => {
      const [first] = await twoRuns("no-sudo", rule);
      const kept = first.record?.chat?.dir ?? "";
      const expected = {
        env: first.record?.env.CURSOR_CONFIG_DIR,
        data: first.record?.env.CURSOR_DATA_DIR,
        xdg: `${first.record?.env.XDG_CONFIG_HOME}/cursor`,
        home: `${first.record?.env.HOME}/.cursor`,
      }[rule];
      // Each rule kept it in a place of its own: the action had to look in that one.
      expect(kept.startsWith(`${expected}/chats/`)).toBe(true);
    },
    120_000,
  );
});

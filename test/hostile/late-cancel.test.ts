/**
 * A cancel after the agent has ended (#41 item 6): the runner's SIGINT can come at any moment, also while
 * the action saves the chat, waits for the progress comment's last update or reads the changes. Those
 * waits had their own deadlines (30 s, 10 s, 30 s) and ignored a cancel that came while they ran: the
 * runner's SIGKILL (10 s after its SIGINT) then ended the step with no outputs, no summary, no conclusion.
 * Each now ends at its share of the cancel budget from the moment the cancel is heard, so the step is done
 * before the runner's SIGTERM (7.5 s after its SIGINT; `cancelLikeRunner` sends them as the runner does).
 *
 * The SIGINT is timed on events: the cache stand-in has received the save's request (and holds it), or
 * the agent has exited and the progress comment's request is open against a GitHub that never answers.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, expect, it } from "vitest";
import { CANCEL_BUDGET_TOTAL_MS } from "../../src/base/deadlines.js";
import { type CacheService, startCacheService } from "../harness/cache-service.js";
import { cleanupActionRuns, fixture, startAction } from "../harness/run-action.js";
import { withSilentApi } from "../harness/silent-api.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";
/** Only a hang reaches it: the harness then kills the action (`timedOut`). */
const LIMIT_MS = 2 * CANCEL_BUDGET_TOTAL_MS + 60_000;
/** Not the agent's own user: these runs are about the waits after it (and files run side by side). */
const STRATEGY = { "safety-strategy": "no-sudo" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let svc: CacheService;
beforeEach(async () => {
  svc = await startCacheService();
});
afterEach(() => svc.close());

it(
  "a cancel while the chat is saved: the save is given up at its share, outputs and summary written",
  async () => {
    // The restore finds nothing and is answered; everything after it (the save) is held.
    void svc.waitFor("GetCacheEntryDownloadURL").then(() => svc.hang());
    const h = await startAction({
      inputs: { prompt: "go", session: "pull-request", comment: "false", ...STRATEGY },
      env: {
        CURSOR_API_KEY: KEY,
        ACTIONS_RUNTIME_TOKEN: svc.token,
        ACTIONS_RESULTS_URL: svc.url,
        ACTIONS_CACHE_SERVICE_V2: "True",
        RUNNER_TEMP: mkdtempSync(path.join(tmpdir(), "late-cancel-temp-")),
      },
      pullRequest: { number: 7 },
      scenario: { chats: true },
      timeoutMs: LIMIT_MS,
    });
    await svc.waitFor("CreateCacheEntry");
    const r = await h.cancelLikeRunner();
    expect(r.timedOut).toBe(false);
    // Done before the runner's SIGTERM.
    expect(r.signalsSent.map((s) => s.signal)).toEqual(["SIGINT"]);
    // The agent had ended well: the cancel came after it.
    expect(r.outputs.conclusion).toBe("success");
    expect(r.summary).toContain("Cursor agent succeeded");
    const notices = r.log.commands.filter((c) => c.name === "notice").map((c) => c.data);
    expect(notices).toContainEqual(
      expect.stringMatching(/^The chat of #7 could not be saved \(no end within 250 ms of the cancel\)/),
    );
  },
  LIMIT_MS + 60_000,
);

it(
  "a cancel while the progress comment's last update is awaited: the wait ends with it, the report is written",
  () =>
    withSilentApi(async (api) => {
      const h = await startAction({
        // The agent is stopped at its second call (max-tool-calls): a SIGINT after that, wherever it finds
        // the action, cannot make it a cancelled run, so the conclusion is known.
        inputs: { prompt: "go", "max-tool-calls": "1", ...STRATEGY },
        env: { CURSOR_API_KEY: KEY },
        pullRequest: { number: 7 },
        apiUrl: api.url,
        githubToken: "ghs_harnessTokenForTests0000000000000000",
        scenario: { transcript: fixture("cursed-mac-read-edit-usage.ndjson") },
        timeoutMs: LIMIT_MS,
      });
      // The agent has exited, and the progress comment's first request is open and never answered: the
      // end of the run waits for it (10 s without a cancel).
      await h.waitForRecord((record) => record.exitCode !== undefined, 60_000);
      while (api.requests.length === 0) await sleep(20);
      const r = await h.cancelLikeRunner();
      expect(r.timedOut).toBe(false);
      expect(r.signalsSent.map((s) => s.signal)).toEqual(["SIGINT"]);
      expect(r.outputs.conclusion).toBe("budget_exceeded");
      expect(r.summary).toContain("max-tool-calls");
      const warnings = r.log.commands.filter((c) => c.name === "warning").map((c) => c.data);
      expect(warnings.join("\n")).toMatch(/Could not write the PR comment \(no answer within 1 s\)/);
    }),
  LIMIT_MS + 60_000,
);

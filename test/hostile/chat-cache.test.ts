/**
 * A poisoned cache entry (#41): anyone who can write one entry in a scope the run reads (for an
 * `issue_comment` run, the default branch's, which other workflows write) chooses every byte of the chat's
 * archive, and its version is predictable. Each entry here is one such: absolute member names, `../`
 * names, a link and then a file written through it, a hard link to a root-only file. The run restores
 * nothing of it (a notice says the chat is refused), writes nothing outside its own directory, carries
 * nothing into the agent's home, and succeeds with a new chat. As root (as CI runs) under the default
 * strategy, the agent its own user; the action's restore as root is what an entry attacks.
 */
import { chmodSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, expect, it } from "vitest";
import { type CacheService, startCacheService } from "../harness/cache-service.js";
import { cleanupActionRuns, runAction, sharedWithOtherUsers } from "../harness/run-action.js";
import { cacheArchive, type TarMember } from "../harness/tar-archive.js";

afterAll(cleanupActionRuns);

const root = process.geteuid?.() === 0;
/** A user of this file's own: tests run side by side, and a run ends every process of its user. */
const USER = "cursor-agent-poison";
const CHAT = "0f0e0d0c-0000-4000-8000-00000000c0de";
const NUMBER = 9;

let svc: CacheService;
let victim: string;
let runnerTemp: string;
beforeEach(async () => {
  svc = await startCacheService();
  // What an entry must never reach: a directory of the machine's outside the run's.
  victim = mkdtempSync(path.join(tmpdir(), "chat-cache-victim-"));
  chmodSync(victim, 0o755);
  writeFileSync(path.join(victim, "secret"), "root-only secret\n", { mode: 0o600 });
  runnerTemp = mkdtempSync(path.join(tmpdir(), "chat-cache-runner-temp-"));
});
afterEach(() => svc.close());

/** A chat as a saved entry holds it, and then the attack. */
function entry(attack: (victim: string) => TarMember[]): Buffer {
  return cacheArchive([
    { name: "./", type: "5" },
    { name: "./chat.json", data: JSON.stringify({ id: CHAT }) },
    { name: "./chat/", type: "5" },
    ...attack(victim),
  ]);
}

const ATTACKS: [string, (v: string) => TarMember[]][] = [
  ["absolute member names", (v) => [{ name: `${v}/absolute`, data: "planted" }]],
  ["`../` member names", (v) => [{ name: `${"../".repeat(24)}${v.slice(1)}/dotdot`, data: "planted" }]],
  [
    "a link, then a file written through it",
    (v) => [
      { name: "./chat/link", type: "2", link: v },
      { name: "./chat/link/through", data: "planted" },
    ],
  ],
  [
    "a hard link to a root-only file, carried into the agent's home",
    (v) => [
      { name: "./chat/store.db", type: "1", link: `${v}/secret` },
      { name: "./chat/store.db-wal", data: "" },
    ],
  ],
];

it.skipIf(!root).each(ATTACKS)("a cache entry with %s: nothing of it is restored", async (_, attack) => {
  svc.plant(`cursor-agent-chat/octo/repo/${NUMBER}/planted`, entry(attack));
  const shared = await sharedWithOtherUsers();
  const r = await runAction({
    inputs: { prompt: "go on", session: "pull-request", comment: "false", "agent-user": USER },
    env: {
      CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef",
      ACTIONS_RUNTIME_TOKEN: svc.token,
      ACTIONS_RESULTS_URL: svc.url,
      ACTIONS_CACHE_SERVICE_V2: "True",
      RUNNER_TEMP: runnerTemp,
      PATH: [shared.fakeAgentDir, shared.bin, process.env.PATH].join(path.delimiter),
    },
    timeoutMs: 120_000,
    pullRequest: { number: NUMBER },
    scenario: { chats: true },
  });
  // Nothing written outside the run's own directory.
  expect(readdirSync(victim)).toEqual(["secret"]);
  expect(r.stdout).not.toContain("root-only secret");
  expect(r.outputs.conclusion).toBe("success");
  // A new chat: the planted one is not continued.
  expect(r.outputs.resumed).toBe("false");
  expect(r.record?.parsed?.options.resume).toBeUndefined();
  const notices = r.log.commands.filter((c) => c.name === "notice").map((c) => c.data);
  expect(notices).toEqual([
    expect.stringMatching(/^The chat of #9 could not be restored \(the saved chat is refused: /),
  ]);
});

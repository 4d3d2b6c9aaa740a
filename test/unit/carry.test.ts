/**
 * session: pull-request, in-process: the real @actions/cache client against the cache service stand-in
 * (test/harness/cache-service.ts), and the fake CLI keeping its chats as the CLI does. A run is: restore,
 * the fake agent (a turn of the chat), save; the next run's agent gets a fresh home.
 */
import childProcess, { spawnSync } from "node:child_process";
import diagnostics from "node:diagnostics_channel";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { settledCalls } from "../../src/session/cache.js";
import {
  type CarryDeps,
  type ChatPlace,
  restoreChat,
  saveChat,
  stagingDir,
} from "../../src/session/carry.js";
import { type Copy, pick } from "../../src/session/found.js";
import { chatIn, statePlaces, threadPrefix } from "../../src/session/key.js";
import { type CacheService, startCacheService } from "../harness/cache-service.js";
import { cacheArchive } from "../harness/tar-archive.js";

const FAKE_AGENT = path.resolve("test/fake-agent/fake-agent.mjs");
const uid = process.geteuid?.() ?? -1;
const thread = { owner: "octo", repo: "hello", number: 12 };

let svc: CacheService;
let dir: string;
let notices: string[];
let logs: string[];
let clock: number;

beforeEach(async () => {
  svc = await startCacheService();
  dir = mkdtempSync(path.join(tmpdir(), "session-test-"));
  mkdirSync(path.join(dir, "ws"));
  mkdirSync(path.join(dir, "temp"));
  notices = [];
  logs = [];
  clock = 1_000;
});
afterEach(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});
// The cache's calls replace `process.env` and `process.stdout.write` while they run (session/cache.ts):
// the next file in this worker finds them as this one did, once every client has given up.
const globals = { env: process.env, write: process.stdout.write };
afterAll(async () => {
  await settledCalls();
  expect(process.env).toBe(globals.env);
  expect(process.stdout.write).toBe(globals.write);
});

function runnerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    RUNNER_TEMP: path.join(dir, "temp"),
    GITHUB_WORKSPACE: path.join(dir, "ws"),
    ACTIONS_RESULTS_URL: svc.url,
    ACTIONS_CACHE_SERVICE_V2: "True",
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_RUN_ID: "77",
    GITHUB_RUN_ATTEMPT: "1",
    ...extra,
  };
}

function deps(token: string | undefined = svc.token, env = runnerEnv()): CarryDeps {
  return {
    cache: { token, env },
    now: () => ++clock,
    log: (l) => logs.push(l),
    notice: (m) => notices.push(m),
  };
}

/** A run's place: a new home for the agent (as unprivileged-user gives it). */
function place(home: string, t = thread): ChatPlace {
  mkdirSync(home, { recursive: true });
  return {
    thread: t,
    workspace: path.join(dir, "ws"),
    agentEnv: { HOME: home },
    agent: { uid },
    self: { uid },
  };
}

interface Turn {
  sessionId: string;
  chat: { id: string; resumed: boolean; before: string[]; dir: string };
}

type Rule = "env" | "data" | "xdg" | "home";

/**
 * One turn of the fake CLI, with chats kept (where `rule` says, in `env` with HOME `home`); its init
 * event's session id and what it found.
 */
function agentTurn(
  home: string,
  prompt: string,
  resume?: string,
  rule?: Rule,
  env: NodeJS.ProcessEnv = {},
): Turn {
  const scenario = path.join(dir, `scenario-${prompt}.json`);
  const record = path.join(dir, `record-${prompt}.json`);
  writeFileSync(scenario, JSON.stringify({ chats: true, chatRule: rule, record }));
  const args = ["-p", "--output-format", "stream-json", "--trust", "--workspace", path.join(dir, "ws")];
  if (resume) args.push("--resume", resume);
  const r = spawnSync(process.execPath, [FAKE_AGENT, ...args, prompt], {
    env: { PATH: process.env.PATH, ...env, HOME: home, CURSOR_API_KEY: "k", FAKE_AGENT_SCENARIO: scenario },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  expect(r.status, r.stderr).toBe(0);
  const init = JSON.parse(r.stdout.split("\n")[0] ?? "{}") as { session_id: string };
  const rec = JSON.parse(readFileSync(record, "utf8")) as { chat: Turn["chat"] & { dir: string } };
  return { sessionId: init.session_id, chat: rec.chat };
}

/**
 * The deadline the tests give a restore or a save that is expected to finish: a bound only a hang meets
 * (a busy machine took a 10 s one), not a figure to hold the code to; the deadline tests give their own.
 */
const HANG = 100_000;

describe("a pull request's chat across runs", () => {
  it("is saved after the first run and continued by the next, from the newest entry of its prefix", async () => {
    const home1 = path.join(dir, "home1");
    expect(await restoreChat(place(home1), deps(), HANG)).toEqual({});
    expect(logs.join("\n")).toContain("No saved chat for #12");
    const lookup = svc.calls("GetCacheEntryDownloadURL")[0];
    expect(lookup?.headers.authorization).toBe(`Bearer ${svc.token}`);
    expect(lookup?.body?.restore_keys).toEqual(["cursor-agent-chat/octo/hello/12/"]);
    expect(lookup?.body?.key).toMatch(/^cursor-agent-chat\/octo\/hello\/12\//);
    expect(lookup?.body?.version).toMatch(/^[0-9a-f]{64}$/);

    const first = agentTurn(home1, "first");
    expect(first.chat.resumed).toBe(false);
    expect(await saveChat(place(home1), first.sessionId, deps(), HANG)).toBe(true);
    const created = svc.calls("CreateCacheEntry")[0];
    expect(created?.body?.key).toMatch(/^cursor-agent-chat\/octo\/hello\/12\/77-1-\d+$/);
    expect(created?.body?.version).toBe(lookup?.body?.version);
    const finalized = svc.calls("FinalizeCacheEntryUpload")[0];
    expect(Number(finalized?.body?.size_bytes)).toBe(svc.entries[0]?.data?.length);
    expect(svc.requests.some((r) => r.method === "PUT" && r.path === "/blob/1" && r.status === 201)).toBe(
      true,
    );

    // The next run: a new home, the chat restored into it, the CLI continues it.
    rmSync(home1, { recursive: true });
    const home2 = path.join(dir, "home2");
    const restored = await restoreChat(place(home2), deps(), HANG);
    expect(restored).toEqual({ resume: first.sessionId, key: created?.body?.key });
    expect(notices).toEqual([]);
    const second = agentTurn(home2, "second", restored.resume);
    expect(second.chat).toMatchObject({ id: first.sessionId, resumed: true, before: ["first"] });
    expect(second.sessionId).toBe(first.sessionId);
    expect(await saveChat(place(home2), second.sessionId, deps(), HANG)).toBe(true);

    // A third run gets the newest entry: both turns.
    const home3 = path.join(dir, "home3");
    const third = await restoreChat(place(home3), deps(), HANG);
    expect(third.key).toBe(svc.calls("CreateCacheEntry")[1]?.body?.key);
    expect(agentTurn(home3, "third", third.resume).chat.before).toEqual(["first", "second"]);
    // Nothing is left in the staging directory, and the token never stayed in the environment.
    expect(existsSync(stagingDir(runnerEnv()))).toBe(false);
    expect(process.env.ACTIONS_RUNTIME_TOKEN).toBeUndefined();
  });

  it("never goes to another number: #12's prefix is not #123's", async () => {
    expect(threadPrefix({ ...thread, number: 12 })).not.toBe("");
    expect(threadPrefix({ ...thread, number: 123 }).startsWith(threadPrefix(thread))).toBe(false);
    const home = path.join(dir, "home");
    const other = { ...thread, number: 123 };
    const turn = agentTurn(home, "other");
    expect(await saveChat(place(home, other), turn.sessionId, deps(), HANG)).toBe(true);
    expect(await restoreChat(place(path.join(dir, "h12")), deps(), HANG)).toEqual({});
    expect((await restoreChat(place(path.join(dir, "h123"), other), deps(), HANG)).resume).toBe(
      turn.sessionId,
    );
  });

  it("saves the chat of a run that failed or was stopped: whatever the CLI left in its store", async () => {
    const home = path.join(dir, "home");
    const turn = agentTurn(home, "cut");
    // Only the store is read: the run's end is not the module's to know.
    expect(await saveChat(place(home), turn.sessionId, deps(), HANG)).toBe(true);
    expect(await saveChat(place(home), undefined, deps(), HANG)).toBe(false);
    expect(logs.join("\n")).toContain("the agent named none");
  });
});

describe("a cache that cannot be used is a notice, and a new chat", () => {
  it("with no runtime token: nothing is asked", async () => {
    expect(await restoreChat(place(path.join(dir, "h")), deps(""), HANG)).toEqual({});
    expect(notices[0]).toContain("no runtime token");
    expect(svc.requests).toEqual([]);
  });

  it("answering 500 (which the client retries): the wait ends, with what was answered", async () => {
    svc.fail(500);
    // The wait is ended once the service has answered (not after some time): the client would retry.
    const answered = (method: string) =>
      svc.waitFor(method).then(
        () =>
          new Promise<void>((resolve) => {
            // Once the client has read the answer (the service's side has sent it).
            const read = () => {
              diagnostics.unsubscribe("http.client.response.finish", read);
              setImmediate(resolve);
            };
            diagnostics.subscribe("http.client.response.finish", read);
          }),
      );
    const d = deps();
    const restored = restoreChat(
      place(path.join(dir, "h")),
      { ...d, cache: { ...d.cache, until: answered("GetCacheEntryDownloadURL") } },
      60_000,
    );
    expect(await restored).toEqual({});
    expect(notices[0]).toMatch(/could not be restored \(answered 500; stopped waiting\): a new chat starts/);
    const home = path.join(dir, "home");
    const turn = agentTurn(home, "t");
    const saved = saveChat(
      place(home),
      turn.sessionId,
      { ...d, cache: { ...d.cache, until: answered("CreateCacheEntry") } },
      60_000,
    );
    expect(await saved).toBe(false);
    expect(notices[1]).toMatch(/could not be saved \(answered 500; stopped waiting\)/);
  });

  it("answering 400 (not retried): the client's own words", async () => {
    svc.fail(400);
    expect(await restoreChat(place(path.join(dir, "h")), deps(), 60_000)).toEqual({});
    expect(notices[0]).toMatch(/could not be restored \(answered 400; Failed to GetCacheEntryDownloadURL: /);
  });

  it("refusing the token (401)", async () => {
    expect(await restoreChat(place(path.join(dir, "h")), deps("not-the-token"), HANG)).toEqual({});
    expect(notices[0]).toMatch(/could not be restored \(answered 401; /);
  });

  it("never answering: the deadline ends the call, its requests destroyed", async () => {
    svc.hang();
    // The deadline's timer is a fake one, run once the request is there: on a busy machine the client's
    // first request can come later than a real 300 ms deadline, which then ended the call before it.
    const deadlineAfter = async (request: Promise<unknown>) => {
      await request;
      vi.advanceTimersByTime(300);
    };
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const asked = svc.waitFor("GetCacheEntryDownloadURL");
      const restored = restoreChat(place(path.join(dir, "h")), deps(), 300);
      await deadlineAfter(asked);
      expect((await asked).status).toBe(0);
      expect(await restored).toEqual({});
      expect(notices[0]).toContain("no answer within");
      const home = path.join(dir, "home");
      const turn = agentTurn(home, "t");
      const created = svc.waitFor("CreateCacheEntry");
      const saved = saveChat(place(home), turn.sessionId, deps(), 300);
      await deadlineAfter(created);
      expect(await saved).toBe(false);
      expect(notices[1]).toContain("no answer within");
    } finally {
      vi.useRealTimers();
    }
  });

  it("a fork's pull request: nothing restored nor saved", async () => {
    const p = { ...place(path.join(dir, "h")), fromFork: true };
    expect(await restoreChat(p, deps(), HANG)).toEqual({});
    expect(await saveChat(p, "abc", deps(), HANG)).toBe(false);
    expect(notices[0]).toContain("fork");
    expect(svc.requests).toEqual([]);
  });
});

describe("what is kept and handed back", () => {
  it("a chat holding a link is not saved (it could point at the action's files)", async () => {
    const home = path.join(dir, "home");
    const turn = agentTurn(home, "t");
    const chat = chatIn(path.join(home, ".cursor"), path.join(dir, "ws"), turn.sessionId);
    writeFileSync(path.join(dir, "secret"), "s3cret");
    symlinkSync(path.join(dir, "secret"), path.join(chat, "store.db-wal"));
    expect(await saveChat(place(home), turn.sessionId, deps(), HANG)).toBe(false);
    expect(notices[0]).toContain("store.db-wal is not a regular file");
    expect(svc.calls("CreateCacheEntry")).toEqual([]);
  });

  it("an entry whose id is not a chat id is refused", async () => {
    svc.plant(
      `${threadPrefix(thread)}planted`,
      cacheArchive([
        { name: "./", type: "5" },
        { name: "./chat/", type: "5" },
        { name: "./chat/store.db", data: "x" },
        { name: "./chat.json", data: JSON.stringify({ id: "--force" }) },
      ]),
    );
    expect(await restoreChat(place(path.join(dir, "h")), deps(), HANG)).toEqual({});
    expect(notices[0]).toContain("no valid id");
  });

  it("no child the cache client starts gets the runtime token, nor comes from the job's PATH", async () => {
    // Every child as spawned, with the environment it gets (child_process's own default: process.env).
    const real = childProcess.spawn;
    const envs: NodeJS.ProcessEnv[] = [];
    childProcess.spawn = ((file: string, args: unknown, options: unknown) => {
      const o = (Array.isArray(args) ? options : args) as { env?: NodeJS.ProcessEnv } | undefined;
      envs.push({ ...(o?.env ?? process.env) });
      return (real as (...a: unknown[]) => unknown)(file, args, options);
    }) as typeof childProcess.spawn;
    syncBuiltinESMExports();
    // A zstd and a tar an earlier step put on the job's PATH: never run.
    const bin = path.join(dir, "bin");
    mkdirSync(bin);
    const planted = path.join(dir, "planted-ran");
    for (const name of ["zstd", "unzstd", "zstdmt", "tar"]) {
      writeFileSync(
        path.join(bin, name),
        `#!/bin/sh
touch "${planted}"
exit 1
`,
      );
      chmodSync(path.join(bin, name), 0o755);
    }
    const oldPath = process.env.PATH;
    process.env.PATH = `${bin}:${oldPath}`;
    try {
      const home = path.join(dir, "home");
      const turn = agentTurn(home, "t");
      expect(await saveChat(place(home), turn.sessionId, deps(), HANG)).toBe(true);
      expect((await restoreChat(place(path.join(dir, "h2")), deps(), HANG)).resume).toBe(turn.sessionId);
    } finally {
      process.env.PATH = oldPath;
      childProcess.spawn = real;
      syncBuiltinESMExports();
    }
    expect(existsSync(planted)).toBe(false);
    expect(envs.length).toBeGreaterThan(0);
    for (const env of envs) {
      expect(env.PATH?.split(":")).not.toContain(bin);
      expect(JSON.stringify(env)).not.toContain(svc.token);
    }
    expect(process.env.ACTIONS_RUNTIME_TOKEN).toBeUndefined();
  });
});

describe("the CLI's places for its chats (builds differ: each rule is one)", () => {
  it("every candidate, in order: CURSOR_CONFIG_DIR, CURSOR_DATA_DIR, XDG_CONFIG_HOME/cursor, ~/.cursor", () => {
    const env = { CURSOR_CONFIG_DIR: "/c", CURSOR_DATA_DIR: "/d", XDG_CONFIG_HOME: "/x", HOME: "/h" };
    expect(statePlaces(env, "/ws")).toEqual(["/c", "/d", "/x/cursor", "/h/.cursor"]);
    // Blank is unset, a repeat is one place, a relative one is the agent's working directory's.
    expect(
      statePlaces({ CURSOR_CONFIG_DIR: " ", CURSOR_DATA_DIR: "/h/.cursor/", HOME: "/h" }, "/ws"),
    ).toEqual(["/h/.cursor"]);
    expect(statePlaces({ CURSOR_DATA_DIR: "state", XDG_CONFIG_HOME: "" }, "/ws")).toEqual(["/ws/state"]);
    expect(statePlaces({}, "/ws")).toEqual([]);
  });

  it("of two copies the newest is kept (the one the CLI wrote), a tie goes to the first, a refused one never", () => {
    const copy = (place: string, newestMs: number, refused?: string): Copy => ({
      place,
      dir: `/s/${place}`,
      newestMs,
      ...(refused ? { refused } : {}),
    });
    expect(pick([copy("a", 1), copy("b", 2)])?.place).toBe("b");
    expect(pick([copy("a", 2), copy("b", 2)])?.place).toBe("a");
    expect(pick([copy("a", 1), copy("b", 9, "a link")])?.place).toBe("a");
    expect(pick([copy("b", 9, "a link")])).toBeUndefined();
    expect(pick([])).toBeUndefined();
  });

  /** An environment whose every variable names a place of its own, as a job may set them all. */
  function everyVariable(root: string): NodeJS.ProcessEnv {
    return {
      CURSOR_CONFIG_DIR: path.join(root, "config"),
      CURSOR_DATA_DIR: path.join(root, "data"),
      XDG_CONFIG_HOME: path.join(root, "xdg"),
    };
  }

  it.each(["env", "data", "xdg", "home"] as const)(
    "rule %s: restored into every place, found where the CLI wrote it, continued three times",
    async (rule) => {
      const runPlace = (n: number): ChatPlace => {
        const home = path.join(dir, `home${n}`);
        return { ...place(home), agentEnv: { HOME: home, ...everyVariable(path.join(dir, `job${n}`)) } };
      };
      const turn = (n: number, p: ChatPlace, resume?: string) =>
        agentTurn(p.agentEnv.HOME ?? "", `turn${n}`, resume, rule, p.agentEnv);
      const p1 = runPlace(1);
      const first = turn(1, p1);
      expect(await saveChat(p1, first.sessionId, deps(), HANG)).toBe(true);

      const p2 = runPlace(2);
      const restored = await restoreChat(p2, deps(), HANG);
      // In each of the four places: whichever the CLI reads, it has the chat.
      for (const d of statePlaces(p2.agentEnv, p2.workspace)) {
        expect(existsSync(path.join(chatIn(d, p2.workspace, first.sessionId), "store.db")), d).toBe(true);
      }
      const second = turn(2, p2, restored.resume);
      expect(second.chat).toMatchObject({ id: first.sessionId, resumed: true, before: ["turn1"] });
      logs = [];
      expect(await saveChat(p2, second.sessionId, deps(), HANG)).toBe(true);
      // The three copies the run restored and the CLI did not touch are older than the one it wrote.
      expect(logs.join("\n")).toContain(
        `was in 4 places: ${path.join(second.chat.dir, first.sessionId)} is kept (the newest)`,
      );

      const p3 = runPlace(3);
      const third = await restoreChat(p3, deps(), HANG);
      expect(turn(3, p3, third.resume).chat.before).toEqual(["turn1", "turn2"]);
      expect(notices).toEqual([]);
    },
  );

  it("one state dir laid out for every rule: found once through a link to it, restored there alone", async () => {
    /** A home as unprivileged-user lays it out: ~/.cursor, the variables naming it, XDG's a link to it. */
    const laidOut = (home: string, link: boolean): ChatPlace => {
      const state = path.join(home, ".cursor");
      mkdirSync(state, { recursive: true });
      mkdirSync(path.join(home, ".config"));
      if (link) symlinkSync("../.cursor", path.join(home, ".config", "cursor"));
      const agentEnv = {
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, ".config"),
        CURSOR_CONFIG_DIR: state,
        CURSOR_DATA_DIR: state,
      };
      return { ...place(home), agentEnv, stateDir: state };
    };
    const home1 = path.join(dir, "home1");
    const p1 = laidOut(home1, true);
    // A build that reads XDG alone writes through the link.
    const first = agentTurn(home1, "one", undefined, "xdg", p1.agentEnv);
    expect(first.chat.dir.startsWith(path.join(home1, ".config", "cursor"))).toBe(true);
    expect(await saveChat(p1, first.sessionId, deps(), HANG)).toBe(true);
    expect(logs.join("\n")).not.toContain("places");

    // Without the link this time: the chat is restored into the state dir only.
    const home2 = path.join(dir, "home2");
    const p2 = laidOut(home2, false);
    const restored = await restoreChat(p2, deps(), HANG);
    expect(existsSync(path.join(home2, ".config", "cursor"))).toBe(false);
    const second = agentTurn(home2, "two", restored.resume, "home", p2.agentEnv);
    expect(second.chat).toMatchObject({ id: first.sessionId, resumed: true, before: ["one"] });
  });

  it("a chat in none of the places: a notice naming them, nothing saved", async () => {
    const home = path.join(dir, "home");
    const turn = agentTurn(home, "t");
    const p = { ...place(home), agentEnv: { HOME: home, XDG_CONFIG_HOME: path.join(dir, "xdg") } };
    rmSync(chatIn(path.join(home, ".cursor"), p.workspace, turn.sessionId), { recursive: true });
    expect(await saveChat(p, turn.sessionId, deps(), HANG)).toBe(false);
    expect(notices[0]).toContain("it is in none of the 2 places the CLI may keep it");
    const looked = [path.join(dir, "xdg", "cursor"), path.join(home, ".cursor")];
    expect(logs.join("\n")).toContain(
      `none of the places the CLI may keep it: ${looked.map((d) => chatIn(d, p.workspace, turn.sessionId)).join(", ")}.`,
    );
    expect(svc.calls("CreateCacheEntry")).toEqual([]);
  });
});

describe("what the cache's calls do to the process", () => {
  it("is seen by the calls alone, and given back by the last of calls that overlap", async () => {
    const real = process.env;
    const before = {
      url: real.ACTIONS_RESULTS_URL,
      temp: real.RUNNER_TEMP,
      token: "ACTIONS_RUNTIME_TOKEN" in real,
    };
    // A client of an earlier test may still be giving up, its stand-in in place: this test's recorder
    // goes under the stand-in its calls put in, not over it.
    await settledCalls();
    // What this test writes while the calls run must reach what it would have reached without them.
    const out = process.stdout.write;
    const written: string[] = [];
    const recorder = ((chunk: string) => written.push(chunk) > 0) as typeof process.stdout.write;
    process.stdout.write = recorder;
    svc.hang();
    let stop = () => {};
    const until = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const d = deps();
    const held = { ...d, cache: { ...d.cache, until } };
    try {
      // Two calls in flight at once, each held at its request.
      const asked = svc.waitFor("GetCacheEntryDownloadURL");
      const first = restoreChat(place(path.join(dir, "h1")), held, HANG);
      await asked;
      const again = svc.waitFor("GetCacheEntryDownloadURL");
      const second = restoreChat(place(path.join(dir, "h2")), held, HANG);
      await again;
      // Beside them, the process's own environment and output.
      expect({
        url: process.env.ACTIONS_RESULTS_URL,
        temp: process.env.RUNNER_TEMP,
        token: "ACTIONS_RUNTIME_TOKEN" in process.env,
      }).toEqual(before);
      process.stdout.write("beside the calls\n");
      expect(written).toEqual(["beside the calls\n"]);
      stop();
      expect([await first, await second]).toEqual([{}, {}]);
      expect(process.env).toBe(real);
      await settledCalls();
      expect(process.stdout.write).toBe(recorder);
      process.stdout.write("after them\n");
      expect(written).toEqual(["beside the calls\n", "after them\n"]);
    } finally {
      process.stdout.write = out;
    }
    expect(notices).toEqual([
      expect.stringMatching(/could not be restored \(stopped waiting\)/),
      expect.stringMatching(/could not be restored \(stopped waiting\)/),
    ]);
  });
});

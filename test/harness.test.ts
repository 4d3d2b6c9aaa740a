/**
 * Tests of the test harness itself: the fake cursor-agent, the GitHub API stand-in, the runner's
 * workflow-command reader and the runner-like launcher. The end-to-end tests rely on all four
 * behaving like the real things, so each is checked here against the behaviour it imitates.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type GitHubApi, linkHeader, seedComments, startGitHubApi } from "./harness/github-api.js";
import {
  cleanupActionRuns,
  FAKE_AGENT,
  type FakeAgentRecord,
  type FakeAgentScenario,
  fixture,
  inputEnvName,
  isProcessAlive,
  parseFileCommand,
  readActionManifest,
  runAction,
  startAction,
} from "./harness/run-action.js";
import {
  RunnerLineSplitter,
  readWorkflowCommandLines,
  readWorkflowCommands,
  splitRunnerLines,
} from "./harness/workflow-commands.js";

const scratch = mkdtempSync(join(tmpdir(), "harness-test-"));
let scratchCount = 0;
function scratchPath(name: string): string {
  scratchCount++;
  return join(scratch, `${scratchCount}-${name}`);
}

afterAll(async () => {
  await cleanupActionRuns();
  rmSync(scratch, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// The fake agent, run directly

interface FakeRun {
  child: ChildProcess;
  stdout: () => Buffer;
  stderr: () => string;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: string }>;
  recordPath: string;
  record: () => FakeAgentRecord;
}

function startFake(
  args: string[],
  options: {
    scenario?: FakeAgentScenario;
    env?: Record<string, string>;
    stdin?: "ignore" | "pipe-open" | "pipe-closed";
  } = {},
): FakeRun {
  const recordPath = options.scenario?.record ?? scratchPath("record.json");
  const scenarioPath = scratchPath("scenario.json");
  writeFileSync(scenarioPath, JSON.stringify({ ...options.scenario, record: recordPath }));
  const child = spawn(FAKE_AGENT, args, {
    env: {
      // The launcher's `#!/usr/bin/env node` must find the Node running the tests.
      PATH: [dirname(process.execPath), process.env.PATH ?? ""].join(delimiter),
      FAKE_AGENT_SCENARIO: scenarioPath,
      ...options.env,
    },
    stdio: [options.stdin === "ignore" || options.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  if (options.stdin === "pipe-closed") child.stdin?.end();
  const out: Buffer[] = [];
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    err += chunk;
  });
  const done = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: Buffer;
    stderr: string;
  }>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      child.stdin?.destroy();
      resolve({ code, signal, stdout: Buffer.concat(out), stderr: err });
    });
  });
  return {
    child,
    stdout: () => Buffer.concat(out),
    stderr: () => err,
    done,
    recordPath,
    record: () => JSON.parse(readFileSync(recordPath, "utf8")) as FakeAgentRecord,
  };
}

async function runFake(...parameters: Parameters<typeof startFake>) {
  const run = startFake(...parameters);
  const result = await run.done;
  return { ...result, record: run.record() };
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const KEY = { CURSOR_API_KEY: "key_test" };
const RUN = ["-p", "--trust", "--output-format", "stream-json"];

describe("fake cursor-agent: command line", () => {
  it("parses the real CLI's options, `--` and a prompt that starts with a dash", async () => {
    const argv = [
      "--print",
      "--output-format",
      "stream-json",
      "--stream-partial-output",
      "--model=gpt-5",
      "--workspace",
      "/tmp",
      "-f",
      "--trust",
      "--yolo",
      "--approve-mcps",
      "-H",
      "X-One: 1",
      "--header",
      "X-Two: 2",
      "--resume",
      "chat-123",
      "--",
      "-x is",
      "--the prompt",
    ];
    const { code, record, stdout } = await runFake(argv, { env: KEY });
    expect(code).toBe(0);
    expect(record.argv).toEqual(argv);
    expect(record.parsed?.prompt).toBe("-x is --the prompt");
    expect(record.parsed?.options).toEqual({
      print: true,
      outputFormat: "stream-json",
      streamPartialOutput: true,
      model: "gpt-5",
      workspace: "/tmp",
      force: true,
      trust: true,
      yolo: true,
      approveMcps: true,
      header: ["X-One: 1", "X-Two: 2"],
      resume: "chat-123",
    });
    const events = stdout
      .toString("utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events.map((event) => `${event.type}/${event.subtype ?? ""}`)).toEqual([
      "system/init",
      "assistant/",
      "result/success",
    ]);
    expect(events[0]).toMatchObject({ model: "gpt-5", cwd: "/tmp", apiKeySource: "env" });
    expect(events[2].result).toBe("Done: -x is --the prompt");
  });

  it("combines short flags and gives `--resume` no chat id when an option follows", async () => {
    const { code, record } = await runFake(["-pf", "--resume", "--trust", "hello", "world"], { env: KEY });
    expect(code).toBe(0);
    // commander gives an optional-value option without its value the value `true`
    expect(record.parsed?.options).toMatchObject({ print: true, force: true, resume: true, trust: true });
    expect(record.parsed?.prompt).toBe("hello world");
  });

  it("rejects an unknown option with commander's message", async () => {
    const { code, stdout, stderr } = await runFake([...RUN, "--no-such-flag", "off", "hi"], { env: KEY });
    expect(code).toBe(1);
    expect(stdout.length).toBe(0);
    expect(stderr).toBe("error: unknown option '--no-such-flag'\n");
  });

  it("rejects an --output-format it does not know, and a missing option value", async () => {
    const format = await runFake(["-p", "--trust", "--output-format", "xml", "hi"], { env: KEY });
    expect(format.code).toBe(1);
    expect(format.stderr).toMatch(/^error: option '--output-format <format>' argument 'xml' is invalid\./);
    const missing = await runFake(["-p", "--trust", "--model"], { env: KEY });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("error: option '--model <model>' argument missing\n");
  });

  it("requires --print", async () => {
    const { code, stdout } = await runFake(["--trust", "hi"], { env: KEY });
    expect(code).toBe(1);
    expect(stdout.length).toBe(0);
  });
});

describe("fake cursor-agent: how runs end", () => {
  it("fails without credentials: empty stdout, the CLI's message, exit 1", async () => {
    const { code, stdout, stderr, record } = await runFake([...RUN, "hi"]);
    expect(code).toBe(1);
    expect(stdout.length).toBe(0);
    expect(stderr).toBe(
      "Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.\n",
    );
    expect(record.outcome).toBe("auth-required");
  });

  it("rejects the scenario's bad key, from the environment or --api-key, with ANSI colours", async () => {
    const expected = "\u001b[33m⚠ Warning: The provided API key is invalid.\u001b[0m\n";
    const fromEnv = await runFake([...RUN, "hi"], {
      env: { CURSOR_API_KEY: "nope" },
      scenario: { badKey: "nope" },
    });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.stdout.length).toBe(0);
    expect(fromEnv.stderr).toBe(expected);
    const fromFlag = await runFake([...RUN, "--api-key", "nope", "hi"], { scenario: { badKey: "nope" } });
    expect(fromFlag.code).toBe(1);
    expect(fromFlag.stderr).toBe(expected);
  });

  it("refuses an untrusted workspace unless --trust, --yolo or -f (or requireTrust: false)", async () => {
    const untrusted = await runFake(["-p", "--output-format", "stream-json", "hi"], { env: KEY });
    expect(untrusted.code).toBe(1);
    expect(untrusted.stdout.length).toBe(0);
    expect(untrusted.stderr).toMatch(
      /^Workspace Trust Required: .* Pass --trust, --yolo, or -f to trust this workspace\.\n$/,
    );
    for (const flag of ["--trust", "--yolo", "-f"]) {
      expect((await runFake(["-p", flag, "hi"], { env: KEY })).code).toBe(0);
    }
    expect((await runFake(["-p", "hi"], { env: KEY, scenario: { requireTrust: false } })).code).toBe(0);
  });

  it("refuses a model not in the scenario's list", async () => {
    const { code, stdout, stderr } = await runFake([...RUN, "--model", "gpt-9", "hi"], {
      env: KEY,
      scenario: { models: ["auto", "gpt-5"] },
    });
    expect(code).toBe(1);
    expect(stdout.length).toBe(0);
    expect(stderr).toBe("Cannot use this model: gpt-9. Available models: auto, gpt-5\n");
  });

  it("replays a transcript byte for byte", async () => {
    const path = fixture("cursed-mac-read-edit-usage.ndjson");
    const { code, stdout, stderr } = await runFake([...RUN, "hi"], {
      env: KEY,
      scenario: { transcript: path },
    });
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout.equals(readFileSync(path))).toBe(true);
  });

  it("replays in fixed-size chunks and keeps a missing final newline", async () => {
    const path = scratchPath("no-final-newline.ndjson");
    const bytes = Buffer.from(
      '{"type":"a"}\r\n{"type":"b","text":"é"}\n{"type":"result","subtype":"success"}',
    );
    writeFileSync(path, bytes);
    const { stdout } = await runFake([...RUN, "hi"], {
      env: KEY,
      scenario: { transcript: path, chunkBytes: 5 },
    });
    expect(stdout.equals(bytes)).toBe(true);
  });

  it("stops after N lines", async () => {
    const path = fixture("cursed-mac-read-edit-usage.ndjson");
    const { code, stdout } = await runFake([...RUN, "hi"], {
      env: KEY,
      scenario: { transcript: path, stopAfterLines: 3, exitCode: 0 },
    });
    expect(code).toBe(0);
    const expected = readFileSync(path, "utf8").split("\n").slice(0, 3).join("\n");
    expect(stdout.toString("utf8")).toBe(`${expected}\n`);
  });

  it("ends with the scenario's stderr and exit code", async () => {
    const { code, signal, stderr } = await runFake([...RUN, "hi"], {
      env: KEY,
      scenario: { stderr: "boom\n", exitCode: 3 },
    });
    expect({ code, signal, stderr }).toEqual({ code: 3, signal: null, stderr: "boom\n" });
  });

  it("dies by a signal after the replay", async () => {
    const killed = await runFake([...RUN, "hi"], { env: KEY, scenario: { signal: "SIGKILL" } });
    expect(killed.code).toBe(null);
    expect(killed.signal).toBe("SIGKILL");
    expect(killed.stdout.toString()).toContain('"subtype":"success"');
    const terminated = await runFake([...RUN, "hi"], { env: KEY, scenario: { signal: "SIGTERM" } });
    expect(terminated.signal).toBe("SIGTERM");
  });

  it("exits 143 on SIGTERM, writing nothing more", async () => {
    const run = startFake([...RUN, "hi"], { env: KEY, scenario: { hang: "after-result" } });
    await waitUntil(() => run.stdout().toString().includes('"type":"result"'));
    const before = run.stdout().length;
    run.child.kill("SIGTERM");
    const { code, signal, stdout, stderr } = await run.done;
    expect({ code, signal, stderr }).toEqual({ code: 143, signal: null, stderr: "" });
    expect(stdout.length).toBe(before);
    expect(run.record().signals).toEqual(["SIGTERM"]);
  });

  it("exits 130 on SIGINT with 'Aborting operation...'", async () => {
    const run = startFake([...RUN, "hi"], { env: KEY, scenario: { hang: "mid-stream" } });
    await waitUntil(() => run.stdout().toString().includes('"type":"assistant"'));
    run.child.kill("SIGINT");
    const { code, signal, stdout, stderr } = await run.done;
    expect({ code, signal, stderr }).toEqual({ code: 130, signal: null, stderr: "Aborting operation...\n" });
    expect(stdout.toString()).not.toContain('"type":"result"');
    expect(run.record().signals).toEqual(["SIGINT"]);
  });

  it("with ignoreSigterm, survives SIGTERM and SIGINT until SIGKILL", async () => {
    const run = startFake([...RUN, "hi"], {
      env: KEY,
      scenario: { hang: "after-result", ignoreSigterm: true },
    });
    await waitUntil(() => run.stdout().toString().includes('"type":"result"'));
    run.child.kill("SIGTERM");
    await waitUntil(() => run.record().signals.length === 1);
    run.child.kill("SIGINT");
    await waitUntil(() => run.record().signals.length === 2);
    expect(run.child.exitCode).toBe(null);
    run.child.kill("SIGKILL");
    const { signal } = await run.done;
    expect(signal).toBe("SIGKILL");
    expect(run.record().signals).toEqual(["SIGTERM", "SIGINT"]);
  });

  it("hangs mid-stream before the result line", async () => {
    const path = fixture("cursed-mac-read-edit-usage.ndjson");
    const run = startFake([...RUN, "hi"], { env: KEY, scenario: { transcript: path, hang: "mid-stream" } });
    const lines = readFileSync(path, "utf8").split("\n");
    const expected = `${lines.slice(0, 7).join("\n")}\n`;
    await waitUntil(() => run.stdout().toString() === expected);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(run.child.exitCode).toBe(null);
    expect(run.record().outcome).toBe("hanging-mid-stream");
    run.child.kill("SIGKILL");
    await run.done;
  });
});

describe("fake cursor-agent: record", () => {
  it("records argv, env, cwd, pid and that stdin was /dev/null", async () => {
    const run = startFake([...RUN, "hi"], { env: { ...KEY, MARKER: "m-1" }, stdin: "ignore" });
    await run.done;
    const record = run.record();
    expect(record.argv).toEqual([...RUN, "hi"]);
    expect(record.env.MARKER).toBe("m-1");
    expect(record.env.CURSOR_API_KEY).toBe("key_test");
    expect(record.cwd).toBe(process.cwd());
    expect(record.pid).toBe(run.child.pid);
    expect(record.stdinIsClosedOrNull).toBe(true);
    expect(record.outcome).toBe("finished");
    expect(record.exitCode).toBe(0);
  });

  it("tells a closed stdin pipe from one left open", async () => {
    expect(
      (await runFake([...RUN, "hi"], { env: KEY, stdin: "pipe-closed" })).record.stdinIsClosedOrNull,
    ).toBe(true);
    expect((await runFake([...RUN, "hi"], { env: KEY, stdin: "pipe-open" })).record.stdinIsClosedOrNull).toBe(
      false,
    );
  });

  it("spawns a child in its own process group and records its pid", async () => {
    const run = startFake([...RUN, "hi"], { env: KEY, scenario: { spawnChild: true, hang: "after-result" } });
    await waitUntil(() => existsSync(run.recordPath) && run.record().childPid !== undefined);
    const { pid, childPid, grandchildPid } = run.record();
    expect(childPid).toBeGreaterThan(0);
    expect(grandchildPid).toBeGreaterThan(0);
    expect(isProcessAlive(childPid!)).toBe(true);
    // Under load the fork may not have exec'd `sleep` yet: wait for it rather than race it.
    await waitUntil(() => readFileSync(`/proc/${grandchildPid}/cmdline`, "utf8") === "sleep\u0000300\u0000");
    const processGroup = (p: number) => readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ")[2];
    expect(processGroup(childPid!)).toBe(processGroup(pid));
    expect(processGroup(grandchildPid!)).toBe(processGroup(pid));
    run.child.kill("SIGKILL");
    await run.done;
    for (const p of [childPid!, grandchildPid!]) process.kill(p, "SIGKILL");
    await waitUntil(() => !isProcessAlive(childPid!) && !isProcessAlive(grandchildPid!));
  });
});

// ---------------------------------------------------------------------------------------------
// The GitHub API stand-in

async function api(
  server: GitHubApi,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; scheme?: string } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      accept: "application/vnd.github+json",
      ...(options.token ? { authorization: `${options.scheme ?? "token"} ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text === "" ? undefined : JSON.parse(text),
  };
}

/** Parses `<url>; rel="x", ...` into { x: url }. */
function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? "").split(",")) {
    const match = /<([^>]+)>;\s*rel="([^"]+)"/.exec(part.trim());
    if (match) out[match[2]!] = match[1]!;
  }
  return out;
}

describe("GitHub API stand-in", () => {
  it("paginates 150 comments with a Link header in GitHub's own /repositories/{id}/ form", async () => {
    const server = await startGitHubApi({ comments: seedComments(150, { issue: 7 }) });
    try {
      const first = await api(server, "GET", "/repos/octo/repo/issues/7/comments?per_page=100");
      expect(first.status).toBe(200);
      expect(first.json).toHaveLength(100);
      const byId = (page: number) =>
        expect.stringMatching(
          new RegExp(`^${server.url}/repositories/\\d+/issues/7/comments\\?per_page=100&page=${page}$`),
        );
      expect(links(first.headers.get("link"))).toEqual({ next: byId(2), last: byId(2) });
      const second = await api(server, "GET", "/repos/octo/repo/issues/7/comments?per_page=100&page=2");
      expect(second.json).toHaveLength(50);
      expect(links(second.headers.get("link"))).toEqual({ prev: byId(1), first: byId(1) });

      // Following rel="next" from the default page size visits every comment once, in order.
      const bodies: string[] = [];
      let next: string | undefined = `${server.url}/repos/octo/repo/issues/7/comments`;
      let pages = 0;
      while (next) {
        const response = await fetch(next);
        bodies.push(...((await response.json()) as { body: string }[]).map((c) => c.body));
        next = links(response.headers.get("link")).next;
        pages++;
      }
      expect(pages).toBe(5);
      expect(bodies).toEqual(Array.from({ length: 150 }, (_, i) => `comment ${i + 1}`));

      const authors = (first.json as { user: { login: string; type: string } }[])
        .slice(0, 3)
        .map((c) => c.user);
      expect(authors).toEqual([
        expect.objectContaining({ login: "github-actions[bot]", type: "Bot" }),
        expect.objectContaining({ login: "github-actions[bot]", type: "Bot" }),
        expect.objectContaining({ login: "octocat", type: "User" }),
      ]);
      expect((await api(server, "GET", "/repos/octo/repo/issues/8/comments")).headers.get("link")).toBe(null);
    } finally {
      await server.close();
    }
  });

  it("builds GitHub's Link header order: prev, next, last, first", () => {
    expect(linkHeader("http://h/x", { per_page: "10" }, 2, 3)).toBe(
      '<http://h/x?per_page=10&page=1>; rel="prev", <http://h/x?per_page=10&page=3>; rel="next", ' +
        '<http://h/x?per_page=10&page=3>; rel="last", <http://h/x?per_page=10&page=1>; rel="first"',
    );
  });

  it("creates, updates and reads comments, and records the requests", async () => {
    const server = await startGitHubApi({ token: "ghs_t", pullRequests: [12] });
    try {
      const created = await api(server, "POST", "/repos/octo/repo/issues/12/comments", {
        body: { body: "hello" },
        token: "ghs_t",
      });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({
        body: "hello",
        user: { login: "github-actions[bot]", type: "Bot" },
        html_url: `https://github.com/octo/repo/pull/12#issuecomment-${created.json.id}`,
      });
      expect(created.headers.get("location")).toBe(
        `${server.url}/repos/octo/repo/issues/comments/${created.json.id}`,
      );

      const patched = await api(server, "PATCH", `/repos/octo/repo/issues/comments/${created.json.id}`, {
        body: { body: "edited" },
        token: "ghs_t",
        scheme: "Bearer",
      });
      expect(patched.status).toBe(200);
      expect(patched.json.body).toBe("edited");
      expect(server.commentsOn(12).map((c) => c.body)).toEqual(["edited"]);

      const missing = await api(server, "PATCH", "/repos/octo/repo/issues/comments/99", {
        body: { body: "x" },
        token: "ghs_t",
      });
      expect(missing.status).toBe(404);
      expect(missing.json.message).toBe("Not Found");

      const tooLong = await api(server, "POST", "/repos/octo/repo/issues/12/comments", {
        body: { body: "x".repeat(65_537) },
        token: "ghs_t",
      });
      expect(tooLong.status).toBe(422);
      expect(tooLong.json.errors[0].message).toBe("body is too long (maximum is 65536 characters)");

      const unauthorized = await api(server, "GET", "/repos/octo/repo/issues/12/comments", {
        token: "wrong",
      });
      expect(unauthorized.status).toBe(401);
      expect(unauthorized.json.message).toBe("Bad credentials");

      expect(server.requests[0]).toMatchObject({
        method: "POST",
        path: "/repos/octo/repo/issues/12/comments",
        body: { body: "hello" },
        status: 201,
      });
      expect(server.requests[0]!.headers.authorization).toBe("token ghs_t");
      expect(server.requests.map((r) => r.status)).toEqual([201, 200, 404, 422, 401]);
    } finally {
      await server.close();
    }
  });

  it("answers collaborator permissions from its map, 404 for others", async () => {
    const server = await startGitHubApi({ permissions: { alice: "maintain", bob: "read" } });
    try {
      const alice = await api(server, "GET", "/repos/octo/repo/collaborators/alice/permission");
      expect(alice.json).toMatchObject({
        permission: "write",
        role_name: "maintain",
        user: { login: "alice" },
      });
      const bob = await api(server, "GET", "/repos/octo/repo/collaborators/bob/permission");
      expect(bob.json).toMatchObject({ permission: "read", role_name: "read" });
      expect((await api(server, "GET", "/repos/octo/repo/collaborators/mallory/permission")).status).toBe(
        404,
      );
    } finally {
      await server.close();
    }
  });

  it("injects failures with GitHub's error bodies, a given number of times", async () => {
    const server = await startGitHubApi({
      failNext: [{ status: 403, match: /^POST /, times: 1 }],
    });
    try {
      const denied = await api(server, "POST", "/repos/octo/repo/issues/1/comments", { body: { body: "x" } });
      expect(denied.status).toBe(403);
      expect(denied.json).toMatchObject({
        message: "Resource not accessible by integration",
        documentation_url: expect.stringMatching(/^https:\/\/docs\.github\.com\/rest/),
      });
      expect((await api(server, "GET", "/repos/octo/repo/issues/1/comments")).status).toBe(200);
      expect(
        (await api(server, "POST", "/repos/octo/repo/issues/1/comments", { body: { body: "x" } })).status,
      ).toBe(201);

      server.failNext({ status: 502, times: 2, message: "Bad Gateway", headers: { "retry-after": "1" } });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await api(server, "GET", "/repos/octo/repo/issues/1/comments")).status);
      expect(statuses).toEqual([502, 502, 200]);
      expect(server.state.failures).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The runner's reading of stdout

describe("workflow-command reader", () => {
  it("recognises `::name::data`, also after leading .NET whitespace", () => {
    const log = readWorkflowCommands("::warning::x\n  ::error::y\n\t\u00a0::notice title=T::z\nplain\n");
    expect(log.commands.map((c) => [c.name, c.data])).toEqual([
      ["warning", "x"],
      ["error", "y"],
      ["notice", "z"],
    ]);
    expect(log.commands[2]!.properties).toEqual({ title: "T" });
    expect(log.plainLines).toEqual(["plain"]);
  });

  it("recognises the legacy `##[name]` anywhere in a line", () => {
    const log = readWorkflowCommands("foo ##[error]bar\nsome ##[section]text\n");
    expect(log.commands).toMatchObject([{ name: "error", data: "bar", syntax: "##[" }]);
    expect(log.plainLines).toEqual(["some ##[section]text"]);
  });

  it("splits on \\r, \\n and \\r\\n like StreamReader.ReadLine", () => {
    expect(splitRunnerLines("a\rb\r\nc\nd")).toEqual(["a", "b", "c", "d"]);
    expect(splitRunnerLines("\uFEFFa\n\n")).toEqual(["a", ""]);
    const log = readWorkflowCommands("progress 10%\r::warning::hidden behind a carriage return\rdone");
    expect(log.commands.map((c) => c.data)).toEqual(["hidden behind a carriage return"]);

    const splitter = new RunnerLineSplitter();
    const lines = [
      ...splitter.push("a\r"),
      ...splitter.push("\nb\r"),
      ...splitter.push("c"),
      ...splitter.end(),
    ];
    expect(lines).toEqual(["a", "b", "c"]);
  });

  it("pauses at stop-commands until the exact token, which is masked", () => {
    const log = readWorkflowCommands(
      [
        "::stop-commands::tok-1234567",
        "::error::not a command",
        "##[group]nor this",
        "::tok-1234568::",
        "::TOK-1234567::",
        "::error::a command again",
      ].join("\n"),
    );
    expect(log.commands.map((c) => c.name)).toEqual(["stop-commands", "tok-1234567", "error"]);
    expect(log.plainLines).toEqual(["::error::not a command", "##[group]nor this", "::tok-1234568::"]);
    expect(log.masks).toEqual(["tok-1234567"]);
    expect(log.stoppedAtEnd).toBe(false);
    expect(readWorkflowCommands("::stop-commands::abc\n::warning::x\n").stoppedAtEnd).toBe(true);
    // The legacy syntax resumes too.
    expect(readWorkflowCommands("::stop-commands::abc\nx ##[abc]\n::warning::y").commands).toHaveLength(3);
  });

  it("refuses an empty or command-named stop token (and the step fails)", () => {
    const log = readWorkflowCommands("::stop-commands::warning\n::error::still processed\n");
    expect(log.errors).toHaveLength(1);
    expect(log.stoppedAtEnd).toBe(false);
    expect(log.commands.map((c) => c.name)).toEqual(["error"]);
  });

  it("ignores unregistered names and matches registered ones case-insensitively", () => {
    const log = readWorkflowCommands(
      "::foo::bar\n::WARNING::loud\n::warn\u0131ng::dotless\n::set-output::x\n",
    );
    expect(log.commands.map((c) => [c.name, c.rawName])).toEqual([
      ["warning", "WARNING"],
      ["set-output", "set-output"],
    ]);
    expect(log.errors.map((e) => e.message)).toEqual(["required field 'name' is missing in set-output"]);
  });

  it("unescapes data and properties as the runner does", () => {
    const log = readWorkflowCommands(
      "::error file=a.ts,line=3,title=x%2Cy%3Az,bad, spaced=1::multi%0Aline %25 0A\n##[warning k=a%3Bb;j=%5D]c%3Bd%25\n",
    );
    expect(log.commands[0]).toMatchObject({
      properties: { file: "a.ts", line: "3", title: "x,y:z", " spaced": "1" },
      data: "multi\nline % 0A",
    });
    expect(log.commands[1]).toMatchObject({ properties: { k: "a;b", j: "]" }, data: "c;d%" });
    expect(readWorkflowCommands("::error p==v,q=::x").commands[0]!.properties).toEqual({ p: "v" });
  });

  it("tracks groups, masks and refused commands", () => {
    const flat = readWorkflowCommands("::group::a\nx\n::endgroup::\n::group::b\n::endgroup::\n");
    expect(flat.groups).toEqual({ balanced: true, maxDepth: 1, neverNested: true, titles: ["a", "b"] });
    const nested = readWorkflowCommands("::group::a\n::group::b\n::endgroup::\n::endgroup::\n::endgroup::\n");
    expect(nested.groups).toMatchObject({ balanced: false, maxDepth: 2, neverNested: false });
    const masked = readWorkflowCommands("::add-mask::s3cret\n::add-mask::  \n::set-env name=A::1\n");
    expect(masked.masks).toEqual(["s3cret"]);
    expect(masked.errors.map((e) => e.message)).toEqual(["the 'set-env' command is disabled"]);
  });

  it("treats commands hidden behind ICU-ignorable characters as commands (unless told not to)", () => {
    const text = "::warning:\u00ad:x\n\u200b::error::y\n";
    const log = readWorkflowCommands(text);
    expect(log.commands.map((c) => [c.name, c.viaIgnorableCharacters])).toEqual([
      ["warning", true],
      ["error", true],
    ]);
    expect(readWorkflowCommands(text, { cultureSensitive: false }).commands).toEqual([]);
  });

  it("reads pre-split lines (stdout and stderr interleaved)", () => {
    const log = readWorkflowCommandLines(["::stop-commands::abcdefgh", "::error::x", "::abcdefgh::"]);
    expect(log.commands.map((c) => c.name)).toEqual(["stop-commands", "abcdefgh"]);
  });
});

// ---------------------------------------------------------------------------------------------
// The runner-like launcher, with small stand-in entry scripts (the real bundle is tested elsewhere)

function entryScript(source: string): string {
  const path = scratchPath("entry.mjs");
  writeFileSync(path, source);
  return path;
}

const AGENT_ENTRY = entryScript(`
import { appendFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
const agent = spawnSync("cursor-agent", ["-p", "--trust", "--output-format", "stream-json", "--", process.env["INPUT_PROMPT"]], {
  encoding: "utf8",
  stdio: ["ignore", "pipe", "pipe"],
});
process.stdout.write("::group::agent\\n" + agent.stdout + "::endgroup::\\n");
process.stderr.write(agent.stderr);
appendFileSync(process.env.GITHUB_OUTPUT, "exit-code=" + agent.status + "\\nresult<<ghadelimiter_1\\nline 1\\nline 2\\nghadelimiter_1\\n");
appendFileSync(process.env.GITHUB_STEP_SUMMARY, "## Agent\\n");
appendFileSync(process.env.GITHUB_STATE, "k=v\\n");
const inputs = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("INPUT_")));
appendFileSync(process.env.RUNNER_TEMP + "/seen.json", JSON.stringify({ inputs, cwd: process.cwd() }));
process.exitCode = agent.status ?? 1;
`);

describe("runAction", () => {
  it("runs an entry like the runner: inputs with defaults, PATH to the fake, outputs parsed", async () => {
    const result = await runAction({
      entry: AGENT_ENTRY,
      inputs: { prompt: "-dash first", model: undefined },
      env: KEY,
      scenario: { transcript: fixture("cursed-mac-read-edit-usage.ndjson") },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toEqual({ "exit-code": "0", result: "line 1\nline 2" });
    expect(result.summary).toBe("## Agent\n");
    expect(result.state).toEqual({ k: "v" });
    expect(result.log.groups).toMatchObject({ balanced: true, maxDepth: 1, titles: ["agent"] });
    expect(result.record?.parsed?.prompt).toBe("-dash first");
    expect(result.record?.stdinIsClosedOrNull).toBe(true);
    expect(result.record?.env.ACTIONS_RUNTIME_TOKEN).toBe(result.env.ACTIONS_RUNTIME_TOKEN);
    expect(result.stdout).toContain(readFileSync(fixture("cursed-mac-read-edit-usage.ndjson"), "utf8"));

    const seen = JSON.parse(readFileSync(join(result.dirs.runnerTemp, "seen.json"), "utf8"));
    expect(seen.cwd).toBe(result.dirs.workspace);
    for (const input of readActionManifest().inputs)
      expect(seen.inputs).toHaveProperty(inputEnvName(input.name));
    expect(seen.inputs.INPUT_PROMPT).toBe("-dash first");
    expect(seen.inputs.INPUT_WORKSPACE).toBe(result.dirs.workspace);
    expect(seen.inputs["INPUT_API-KEY"]).toBe("");
    expect(result.env.GITHUB_SHA).toMatch(/^[0-9a-f]{40}$/);
    expect(existsSync(join(result.dirs.workspace, ".git"))).toBe(true);
  });

  it("parses $GITHUB_OUTPUT like the runner, errors included", () => {
    expect(parseFileCommand("a=1\nb<<EOF\nx\r\n\nEOF\nc=\n\nd=e=f")).toEqual({
      a: "1",
      b: "x\r\n",
      c: "",
      d: "e=f",
    });
    expect(() => parseFileCommand("a<<EOF\nx\n")).toThrow("Matching delimiter not found 'EOF'");
    expect(() => parseFileCommand("just text\n")).toThrow("Invalid format 'just text'");
  });

  it("passes pull_request events and the API URL", async () => {
    const result = await runAction({
      entry: entryScript(
        `import { readFileSync } from "node:fs"; console.log(process.env.GITHUB_API_URL, JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH, "utf8")).pull_request.number, process.env.GITHUB_EVENT_NAME);`,
      ),
      pullRequest: { number: 42, fork: true },
      apiUrl: "http://127.0.0.1:1",
    });
    expect(result.stdout).toBe("http://127.0.0.1:1 42 pull_request\n");
  });

  it("cancels like the runner: SIGINT, then SIGTERM, then SIGKILL", async () => {
    const handle = await startAction({
      entry: entryScript(
        `process.on("SIGINT", () => console.log("got SIGINT")); setInterval(() => {}, 1000); console.log("ready");`,
      ),
    });
    await handle.waitForStdout("ready");
    const result = await handle.cancelLikeRunner({ sigintMs: 200, sigtermMs: 200 });
    expect(result.signalsSent.map((s) => s.signal)).toEqual(["SIGINT", "SIGTERM"]);
    expect(result.signal).toBe("SIGTERM");
    expect(result.stdout).toBe("ready\ngot SIGINT\n");
  });

  it("reports an agent left running after the action exited, and kills it", async () => {
    const handle = await startAction({
      // Starts the agent, waits until it has answered, and exits without stopping it.
      entry: entryScript(`
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
spawn("cursor-agent", ["-p", "--trust", "x"], { stdio: "ignore", detached: true }).unref();
const { record } = JSON.parse(readFileSync(process.env.FAKE_AGENT_SCENARIO, "utf8"));
const timer = setInterval(() => {
  try {
    if (JSON.parse(readFileSync(record, "utf8")).outcome === "hanging-after-result") clearInterval(timer);
  } catch {}
}, 10);
`),
      env: KEY,
      scenario: { hang: "after-result", spawnChild: true },
    });
    const result = await handle.done;
    const record = result.record!;
    expect(record.outcome).toBe("hanging-after-result");
    expect(result.agentAliveAfterExit).toBe(true);
    expect(result.agentChildAliveAfterExit).toBe(true);
    await waitUntil(() =>
      [record.pid, record.childPid!, record.grandchildPid!].every((p) => !isProcessAlive(p)),
    );
  });

  it("kills an action that runs past its timeout", async () => {
    const result = await runAction({ entry: entryScript("setInterval(() => {}, 1000);"), timeoutMs: 300 });
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe("SIGKILL");
  });
});

/**
 * The entry, in-process, one test a branch of the run (as the official typescript-action template tests
 * `run()`): the dependencies are handed in (outputs, the step's failure, warnings, the log's stream, the
 * GitHub client), the inputs come through the environment as the runner sets them, and the stream comes
 * from a saved transcript (no process needed) or, for the install, a local HTTP server. The subprocess
 * tests in test/e2e/ run the same through the bundle.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { GitHubClient } from "../../src/github/api.js";
import { type Deps, run } from "../../src/main.js";
import { OUTPUT_NAMES } from "../../src/publish/outputs.js";
import { withCliDownloads } from "../harness/cli-downloads.js";
import { FAKE_AGENT } from "../harness/launch.mjs";
import { FIXTURES, ROOT } from "../helpers/replay.js";

const fixture = (name: string) => path.join(FIXTURES, name);

const KEY = "key_0123456789abcdef0123456789abcdef";

interface Ran {
  outputs: Record<string, string>;
  failed: string[];
  warnings: string[];
  log: string;
  summary: string;
}

/** Runs the action in-process with `inputs` (as `INPUT_*`) and `env`; `deps` replaces any dependency. */
async function runWith(
  inputs: Record<string, string>,
  env: NodeJS.ProcessEnv = {},
  deps: Partial<Deps> = {},
): Promise<Ran> {
  const dir = mkdtempSync(path.join(tmpdir(), "run-"));
  const summaryFile = path.join(dir, "summary.md");
  writeFileSync(summaryFile, "");
  const r: Ran = { outputs: {}, failed: [], warnings: [], log: "", summary: "" };
  const given: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    RUNNER_TEMP: dir,
    GITHUB_STEP_SUMMARY: summaryFile,
    INPUT_WORKSPACE: dir,
    ...env,
  };
  for (const [name, value] of Object.entries(inputs)) given[`INPUT_${name.toUpperCase()}`] = value;
  await run({
    env: given,
    stdout: {
      write: (s: string) => {
        r.log += s;
        return true;
      },
    },
    setOutput: (name, value) => {
      r.outputs[name] = value;
    },
    setFailed: (m) => r.failed.push(m),
    warning: (m) => r.warnings.push(m),
    github: async () => {
      throw new Error("no GitHub in this test");
    },
    ...deps,
  });
  r.summary = readFileSync(summaryFile, "utf8");
  return r;
}

/** A transcript of one answer: init, the final message, the result. */
function transcript(final: string): string {
  const ev = (e: object) => JSON.stringify(e);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "run-t-")), "t.ndjson");
  const lines = [
    ev({ type: "system", subtype: "init", session_id: "s-1", model: "m" }),
    ev({ type: "assistant", message: { content: [{ type: "text", text: final }] } }),
    ev({ type: "result", subtype: "success", is_error: false, result: final, session_id: "s-1" }),
  ];
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

const block = (v: unknown) => `Done.\n\n\`\`\`json\n${JSON.stringify(v)}\n\`\`\``;

const webhooks = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve("@octokit/webhooks-examples"), "utf8"),
) as { name: string; examples: { action?: string }[] }[];

/** GitHub's own example payload of an event, written where the runner would put it. */
// biome-ignore lint/suspicious/noExplicitAny: a webhook payload, edited by the test that needs it
type Payload = Record<string, any>;

function eventFile(event: string, action: string, edit: (p: Payload) => void): string {
  const found = webhooks.find((e) => e.name === event)?.examples.find((x) => x.action === action);
  const payload = structuredClone(found) as Payload;
  edit(payload);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "run-event-")), "event.json");
  writeFileSync(file, JSON.stringify(payload));
  return file;
}

describe("run(), one branch at a time", () => {
  it("a saved transcript: the run's outputs from the real capture, the step green", async () => {
    const r = await runWith({ transcript: fixture("cursorhack-parallel-sleep-mac-parallel-shell.ndjson") });
    expect(r.failed).toEqual([]);
    expect(r.outputs.conclusion).toBe("success");
    expect(r.outputs["tool-calls"]).toBe("2");
    expect(r.outputs["transcript-file"]).toMatch(/cursorhack-parallel-sleep-mac-parallel-shell\.ndjson$/);
    expect(r.log).toContain("(no agent is started)");
    expect(r.summary).toContain("Cursor agent succeeded");
  });

  it("a bad input: one line naming it, conclusion failure, no stack", async () => {
    const r = await runWith({ prompt: "go", "timeout-minutes": "soon" });
    expect(r.failed).toHaveLength(1);
    expect(r.failed[0]).toMatch(/^Input 'timeout-minutes': /);
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.outputs.error).toBe(r.failed[0]);
    expect(r.log).not.toMatch(/\n\s+at /);
    expect(r.summary).toContain("Cursor agent failed");
  });

  it("skipped: a fork's pull request has no API key; a notice, the step green", async () => {
    const event = eventFile("pull_request", "opened", (p) => {
      p.pull_request.head.repo.full_name = "someone/fork";
    });
    const r = await runWith(
      { prompt: "go" },
      {
        GITHUB_EVENT_NAME: "pull_request",
        GITHUB_EVENT_PATH: event,
        GITHUB_REPOSITORY: "Codertocat/Hello-World",
      },
    );
    expect(r.failed).toEqual([]);
    expect(r.outputs).toEqual({ conclusion: "skipped", error: "" });
    expect(r.log).toMatch(/::notice::No Cursor API key, so the agent was not started/);
    expect(r.summary).toContain("Cursor agent was not started");
  });

  it("refused: a commenter without write permission; the step fails, the agent never starts", async () => {
    const event = eventFile("issue_comment", "created", (p) => {
      p.sender.login = "stranger";
      p.sender.type = "User";
    });
    let asked = "";
    const client = {
      permission: async (_owner: string, _repo: string, login: string) => {
        asked = login;
        return { permission: "read" };
      },
    } as unknown as GitHubClient;
    const r = await runWith(
      { prompt: "go", "github-token": "ghs_0123456789abcdef", "agent-path": "/nonexistent/agent" },
      {
        GITHUB_EVENT_NAME: "issue_comment",
        GITHUB_EVENT_PATH: event,
        GITHUB_REPOSITORY: "Codertocat/Hello-World",
        CURSOR_API_KEY: KEY,
      },
      { github: async () => client },
    );
    expect(asked).toBe("stranger");
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.outputs.error).toMatch(/^stranger has read permission on Codertocat\/Hello-World/);
    expect(r.failed).toEqual([r.outputs.error]);
    expect(r.outputs["transcript-file"]).toBeUndefined();
  });

  describe("an install that cannot be made", () => {
    const server = createServer((_req, res) => {
      res.statusCode = 404;
      res.end("not here");
    });
    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    it("is one line naming the build and the answer; nothing runs", async () => {
      await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const cache = mkdtempSync(path.join(tmpdir(), "run-cache-"));
      const r = await runWith(
        { prompt: "go", "cursor-version": "2026.09.28-a1b2c3d", "download-base-url": base },
        { CURSOR_API_KEY: KEY, RUNNER_TOOL_CACHE: cache },
      );
      expect(r.outputs.conclusion).toBe("failure");
      expect(r.outputs.error).toMatch(
        /^Could not install the Cursor CLI: build 2026\.09\.28-a1b2c3d was not found \(HTTP 404 from http:\/\/127\.0\.0\.1:\d+\/.*\); check cursor-version\.$/,
      );
      expect(r.failed).toEqual([r.outputs.error]);
      expect(r.log).not.toContain("Unexpected error");
    });
  });

  it("a contract: the block becomes structured-output; a block that breaks the schema fails the run", async () => {
    const schema = '{"type":"object","required":["answer"],"properties":{"answer":{"type":"integer"}}}';
    const good = await runWith({ transcript: transcript(block({ answer: 42 })), "output-schema": schema });
    expect(good.failed).toEqual([]);
    expect(good.outputs["structured-output"]).toBe('{"answer":42}');
    const bad = await runWith({ transcript: transcript(block({ answer: "42" })), "output-schema": schema });
    expect(bad.outputs.conclusion).toBe("failure");
    expect(bad.outputs.error).toMatch(/does not match the schema/);
    expect(bad.failed).toEqual([bad.outputs.error]);
  });

  it("review mode on a replay: the findings as outputs, the severity gate, no review without a pull request", async () => {
    const findings = [
      { path: "src/a.ts", line: 3, severity: "high", title: "Unchecked input", body: "Validate it." },
    ];
    const r = await runWith({
      transcript: transcript(block({ summary: "One problem.", findings })),
      review: "true",
      "fail-on-severity": "high",
    });
    expect(JSON.parse(r.outputs.findings ?? "")).toEqual(findings);
    expect(r.outputs["review-url"]).toBe("");
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.outputs.error).toMatch(/high/);
    expect(r.failed).toEqual([r.outputs.error]);
  });

  it("fail-on-error false: a failed run is a warning, the step green", async () => {
    const r = await runWith({
      transcript: transcript("no block"),
      "output-schema": '{"type":"object"}',
      "fail-on-error": "false",
    });
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.failed).toEqual([]);
    expect(r.warnings).toContain(r.outputs.error);
  });

  it("the last resort: a log that breaks mid-run still leaves the outputs and the summary", async () => {
    const r = await runWith(
      { transcript: fixture("cursorhack-parallel-sleep-mac-parallel-shell.ndjson") },
      {},
      {
        stdout: {
          write: (s: string) => {
            if (s.includes("no agent is started")) throw new Error("write EPIPE");
            return true;
          },
        },
      },
    );
    expect(r.failed).toEqual(["Unexpected error: write EPIPE"]);
    expect(r.outputs).toEqual({ conclusion: "failure", error: "Unexpected error: write EPIPE" });
    expect(r.summary).toContain("Cursor agent failed");
  });
});

describe("run() on macOS and Windows (the platform handed in)", () => {
  /** A scenario for the fake agent: it replays `transcript`, and writes how it was started to `record`. */
  const scenario = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), "run-platform-"));
    const record = path.join(dir, "record.json");
    const file = path.join(dir, "scenario.json");
    writeFileSync(file, JSON.stringify({ transcript: fixture(name), record }));
    return { file, record };
  };

  it("the default strategy: the agent runs as the job's user, one notice says what that leaves open", async () => {
    for (const platform of ["darwin", "win32"] as const) {
      const s = scenario("cursed-mac-read-edit-usage.ndjson");
      const r = await runWith(
        { prompt: "go", "agent-path": FAKE_AGENT },
        { CURSOR_API_KEY: KEY, FAKE_AGENT_SCENARIO: s.file },
        { platform },
      );
      expect(r.failed).toEqual([]);
      expect(r.outputs.conclusion).toBe("success");
      const os = platform === "darwin" ? "macOS" : "Windows";
      expect(r.log).toContain(`Safety: unsafe (auto: no-sudo and unprivileged-user need Linux, not ${os};`);
      const notices = r.log.split("\n").filter((l) => l.startsWith("::notice"));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain("safety-strategy auto chose the job's user");
      // Started as it is: no setpriv in front of it, whatever this Linux machine has.
      const started = JSON.parse(readFileSync(s.record, "utf8")) as {
        argv: string[];
        env: NodeJS.ProcessEnv;
      };
      expect(started.argv.slice(0, 3)).toEqual(["--print", "--output-format", "stream-json"]);
      expect(started.env.CURSOR_API_KEY).toBe(KEY);
    }
  });

  it("the install: the package of the platform and arch handed in, installed and run", async () => {
    const build = "2026.09.28-a1b2c3d";
    await withCliDownloads({ builds: [build], latest: 403 }, async (d) => {
      const s = scenario("cursed-mac-read-edit-usage.ndjson");
      const cache = mkdtempSync(path.join(tmpdir(), "run-cache-"));
      const r = await runWith(
        { prompt: "go", "cursor-version": build, "download-base-url": d.url },
        { CURSOR_API_KEY: KEY, FAKE_AGENT_SCENARIO: s.file, RUNNER_TOOL_CACHE: cache },
        { platform: "darwin", arch: "arm64" },
      );
      expect(r.failed).toEqual([]);
      expect(r.outputs.conclusion).toBe("success");
      expect(d.requests.map((q) => q.path)).toEqual([`/lab/${build}/darwin/arm64/agent-cli-package.tar.gz`]);
      expect(r.log).toContain(path.join(cache, "cursor-agent", "2026.9.28-ga1b2c3d", "arm64"));
    });
  });

  it("the install on Windows: its zip, run as its .cmd would run it (node.exe on index.js), with no shell", async () => {
    const build = "2026.09.28-a1b2c3d";
    await withCliDownloads({ builds: [build], latest: 403 }, async (d) => {
      const s = scenario("cursed-mac-read-edit-usage.ndjson");
      const cache = mkdtempSync(path.join(tmpdir(), "run-cache-"));
      const r = await runWith(
        { prompt: "go", "cursor-version": build, "download-base-url": d.url },
        { CURSOR_API_KEY: KEY, FAKE_AGENT_SCENARIO: s.file, RUNNER_TOOL_CACHE: cache },
        { platform: "win32", arch: "x64" },
      );
      expect(r.failed).toEqual([]);
      expect(r.outputs.conclusion).toBe("success");
      expect(d.requests.map((q) => q.path)).toEqual([`/lab/${build}/windows/x64/agent-cli-package.zip`]);
      const home = path.join(cache, "cursor-agent", "2026.9.28-ga1b2c3d", "x64");
      expect(r.log).toContain(`Running ${path.join(home, "node.exe")} ${path.join(home, "index.js")} in `);
      // The CLI's own arguments, the prompt after `--`, as the fake agent parsed them.
      const started = JSON.parse(readFileSync(s.record, "utf8")) as { argv: string[] };
      expect(started.argv.slice(0, 3)).toEqual(["--print", "--output-format", "stream-json"]);
      expect(started.argv.slice(-2)).toEqual(["--", "go"]);
    });
  });

  it("no-sudo or unprivileged-user named there: one input error before the gates, the install or the agent", async () => {
    const event = eventFile("issue_comment", "created", (p) => {
      p.sender.login = "someone";
    });
    let calls = 0;
    let downloads = 0;
    let started = 0;
    const server = createServer((_req, res) => {
      downloads++;
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      for (const strategy of ["no-sudo", "unprivileged-user"]) {
        const r = await runWith(
          {
            prompt: "go",
            "safety-strategy": strategy,
            "github-token": "ghs_0123456789abcdef",
            "cursor-version": "2026.09.28-a1b2c3d",
            "download-base-url": `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          },
          {
            GITHUB_EVENT_NAME: "issue_comment",
            GITHUB_EVENT_PATH: event,
            GITHUB_REPOSITORY: "Codertocat/Hello-World",
            CURSOR_API_KEY: KEY,
          },
          {
            platform: "darwin",
            github: async () => {
              calls++;
              throw new Error("no GitHub before the strategy is checked");
            },
            startAgent: () => {
              started++;
              throw new Error("no agent");
            },
          },
        );
        expect(r.failed).toHaveLength(1);
        expect(r.failed[0]).toMatch(
          new RegExp(`^Input 'safety-strategy': ${strategy} needs Linux.*macOS does not have`),
        );
        expect(r.outputs.conclusion).toBe("failure");
      }
      expect([calls, downloads, started]).toEqual([0, 0, 0]);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

it("the outputs the action writes are the ones action.yml declares, each written by a full run", async () => {
  const action = parse(readFileSync(path.join(ROOT, "action.yml"), "utf8")) as { outputs: object };
  expect([...OUTPUT_NAMES].sort()).toEqual(Object.keys(action.outputs).sort());
  const r = await runWith({ transcript: fixture("cursed-mac-read-edit-usage.ndjson") });
  // comment-url is written only once a comment is: there is no pull request here.
  expect(Object.keys(r.outputs).sort()).toEqual(OUTPUT_NAMES.filter((n) => n !== "comment-url").sort());
});

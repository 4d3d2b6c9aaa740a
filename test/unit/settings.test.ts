import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { agentCommand, agentEnv } from "../../src/agent/command.js";
import { MAX_PROMPT_BYTES } from "../../src/base/limits.js";
import { knownSecrets } from "../../src/base/withheld.js";
import { INPUT_DEFAULTS, type InputName, readSettings } from "../../src/settings/settings.js";
import { ROOT } from "../helpers/replay.js";

const ws = mkdtempSync(path.join(tmpdir(), "settings-"));
writeFileSync(path.join(ws, "task.md"), "Fix the build\n");
writeFileSync(path.join(ws, "empty.md"), "  \n");

function settings(inputs: Partial<Record<InputName, string>>, env: NodeJS.ProcessEnv = {}) {
  return readSettings((n) => inputs[n] ?? "", { GITHUB_WORKSPACE: ws, ...env });
}
function error(inputs: Partial<Record<InputName, string>>): string {
  try {
    settings(inputs);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("no error");
}

describe("action.yml and the code agree", () => {
  const yml = parse(readFileSync(path.join(ROOT, "action.yml"), "utf8"));
  it("has exactly the inputs the code reads, with the same defaults", () => {
    expect(Object.keys(yml.inputs).sort()).toEqual(Object.keys(INPUT_DEFAULTS).sort());
    for (const [name, def] of Object.entries(INPUT_DEFAULTS)) {
      const declared = yml.inputs[name].default;
      // `${{ github.workspace }}` is resolved by the runner; the code falls back to GITHUB_WORKSPACE.
      if (["workspace", "token"].some((x) => declared === ["$", `{{ github.${x} }}`].join("")))
        expect(def, name).toBe("");
      else expect(String(declared ?? ""), name).toBe(def);
    }
  });
  it("runs on node24 from the committed bundle", () => {
    expect(yml.runs).toEqual({ using: "node24", main: "dist/index.js" });
  });
});

describe("readSettings", () => {
  it("applies the defaults", () => {
    expect(settings({ prompt: "hi" })).toEqual({
      prompt: "hi",
      apiKey: undefined,
      model: undefined,
      workspace: ws,
      force: false,
      trust: true,
      approveMcps: false,
      headers: [],
      resume: undefined,
      timeoutMs: 0,
      agentPath: "cursor-agent",
      agentArgs: [],
      extraArgs: [],
      streamPartialOutput: false,
      transcript: undefined,
      failOnError: true,
      toolOutputLines: 40,
      showThinking: false,
      comment: true,
      progress: true,
      commentKey: "cursor-agent",
      githubToken: undefined,
      jobSummary: true,
      allowedUsers: [],
      allowedBots: [],
      protectConfig: true,
      safetyStrategy: "auto",
      requireResume: false,
      maxToolCalls: undefined,
      session: "new",
      runtimeToken: undefined,
      agentUser: "cursor-agent",
      contract: { schema: undefined, review: false, failOnSeverity: "none" },
      install: { version: "", baseUrl: "https://downloads.cursor.com" },
      deliver: {
        mode: "none",
        branch: "cursor/local-1",
        allowDefaultBranch: false,
        onFailure: false,
        protectedPaths: "default",
      },
    });
  });

  it("safety-strategy: one of four, auto by default; agent-user a valid name, cursor-agent by default", () => {
    expect(settings({ prompt: "x", "safety-strategy": "unsafe" }).safetyStrategy).toBe("unsafe");
    expect(settings({ prompt: "x", "safety-strategy": "unsafe" }).agentUser).toBeUndefined();
    expect(settings({ prompt: "x", "safety-strategy": "no-sudo" }).agentUser).toBeUndefined();
    expect(() => settings({ prompt: "x", "safety-strategy": "root" })).toThrow(
      "Input 'safety-strategy': 'root' is not one of auto, no-sudo, unprivileged-user, unsafe",
    );
    expect(settings({ prompt: "x", "safety-strategy": "unprivileged-user" }).agentUser).toBe("cursor-agent");
    expect(() => settings({ prompt: "x", "agent-user": "root; rm" })).toThrow(
      "Input 'agent-user': 'root; rm' is not a user name",
    );
    expect(() =>
      settings({ prompt: "x", "safety-strategy": "unprivileged-user", "agent-user": "Bad User" }),
    ).toThrow("Input 'agent-user': 'Bad User' is not a user name");
    expect(
      settings({ prompt: "x", "safety-strategy": "unprivileged-user", "agent-user": "cursor-agent" })
        .agentUser,
    ).toBe("cursor-agent");
  });
  it("reads the prompt from a file relative to the workspace", () => {
    expect(settings({ "prompt-file": "task.md" }).prompt).toBe("Fix the build\n");
  });
  it("falls back to CURSOR_API_KEY", () => {
    expect(settings({ prompt: "x" }, { CURSOR_API_KEY: "k" }).apiKey).toBe("k");
    expect(settings({ prompt: "x", "api-key": "a" }, { CURSOR_API_KEY: "k" }).apiKey).toBe("a");
  });
  it("extra-args may not override the action's own flags", () => {
    for (const [args, message] of [
      [
        "--output-format json",
        "--output-format is the action's own flag: the action sets it (always stream-json)",
      ],
      [
        "--sandbox x --workspace=/tmp",
        "--workspace is the action's own flag: use the input 'workspace' instead",
      ],
      ["--api-key key_1", "--api-key is the action's own flag: use the input 'api-key' instead"],
      ["-p", "-p is the action's own flag: the action sets it (always set)"],
      ["--resume abc", "--resume is the action's own flag: use the input 'resume' instead"],
    ] as const) {
      expect(() => settings({ prompt: "x", "extra-args": args })).toThrow(`Input 'extra-args': ${message}`);
    }
    // After `--` nothing is a flag; headers only add.
    expect(settings({ prompt: "x", "extra-args": "-H 'X: y' -- --model" }).extraArgs).toEqual([
      "-H",
      "X: y",
      "--",
      "--model",
    ]);
  });

  it("splits extra-args as a shell would", () => {
    expect(
      settings({ prompt: "x", "extra-args": `--sandbox enabled -H 'X-A: b c' "q\\"d"` }).extraArgs,
    ).toEqual(["--sandbox", "enabled", "-H", "X-A: b c", 'q"d']);
  });
  it.each([
    [{}, "Input 'prompt': give either 'prompt' or 'prompt-file' (neither is set)"],
    [
      { prompt: "a", "prompt-file": "task.md" },
      "Input 'prompt': give either 'prompt' or 'prompt-file', not both",
    ],
    [{ "prompt-file": "nope.md" }, `Input 'prompt-file': cannot read '${ws}/nope.md': no such file`],
    [{ "prompt-file": "." }, `Input 'prompt-file': '${ws}' is not a file`],
    [{ "prompt-file": "empty.md" }, "Input 'prompt-file': 'empty.md' is empty"],
    [{ prompt: "x", force: "yes" }, "Input 'force': 'yes' is not a boolean; use true or false"],
    [{ prompt: "x", "fail-on-error": "1" }, "Input 'fail-on-error': '1' is not a boolean; use true or false"],
    [{ prompt: "x", workspace: "/no/such/dir" }, "Input 'workspace': '/no/such/dir' does not exist"],
    [
      { prompt: "x", workspace: path.join(ws, "task.md") },
      `Input 'workspace': '${ws}/task.md' is not a directory`,
    ],
    [
      { prompt: "x", "extra-args": "--a 'open" },
      "Input 'extra-args': cannot split '--a 'open': Got EOF while in a quoted string",
    ],
    [
      { transcript: "missing.ndjson" },
      `Input 'transcript': cannot read '${ws}/missing.ndjson': no such file`,
    ],
  ])("rejects %j with one clear line", (inputs, message) => {
    const m = error(inputs);
    expect(m).toBe(message);
    expect(m).not.toContain("\n");
  });
  it("rejects a prompt too long for one argument", () => {
    expect(error({ prompt: "x".repeat(MAX_PROMPT_BYTES + 1) })).toMatch(
      /^Input 'prompt': the prompt is 131072 bytes/,
    );
  });
  it("needs no prompt when replaying a transcript", () => {
    writeFileSync(path.join(ws, "t.ndjson"), "");
    expect(settings({ transcript: "t.ndjson" })).toMatchObject({
      prompt: "",
      transcript: path.join(ws, "t.ndjson"),
    });
  });
});

describe("the agent's command line", () => {
  it("maps every setting to its flag and ends options before the prompt", () => {
    const s = settings({
      prompt: "--help me",
      model: "gpt-5",
      force: "true",
      "stream-partial-output": "true",
      "extra-args": "--sandbox disabled",
      "api-key": "sekret",
      "approve-mcps": "true",
      headers: "X-A: 1\n\nX-B: two words",
      resume: "sess-1",
      "timeout-minutes": "0.5",
    });
    expect(s.timeoutMs).toBe(30_000);
    const cmd = agentCommand(s, { PATH: "/bin" });
    expect(cmd.args).toEqual([
      "--print",
      "--output-format",
      "stream-json",
      "--stream-partial-output",
      "--model",
      "gpt-5",
      "--workspace",
      ws,
      "--force",
      "--trust",
      "--approve-mcps",
      "-H",
      "X-A: 1",
      "-H",
      "X-B: two words",
      "--resume",
      "sess-1",
      "--sandbox",
      "disabled",
      "--",
      "--help me",
    ]);
    expect(cmd.cwd).toBe(ws);
    expect(cmd.args.join(" ")).not.toContain("sekret");
    expect(cmd.env.CURSOR_API_KEY).toBe("sekret");
  });
  it("withholds what the agent has no business with", () => {
    const env = agentEnv(
      {
        PATH: "/bin",
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: "t",
        ACTIONS_ID_TOKEN_REQUEST_URL: "u",
        GITHUB_OUTPUT: "/o",
        GITHUB_ENV: "/e",
        "INPUT_GITHUB-TOKEN": "ghs_x",
        CURSOR_API_KEY: "old",
      },
      undefined,
      [],
    );
    expect(env).toEqual({ PATH: "/bin" });
  });
  it("keeps GITHUB_TOKEN, GH_TOKEN and every known secret out of the agent's environment, scrub or not", () => {
    // The agent's environment is built from the settings' environment alone: it must hold without the
    // environ scrub (which readInputs runs; this test does not).
    const runnerEnv = {
      PATH: "/bin",
      HOME: "/home/runner",
      GITHUB_TOKEN: "ghs_workflowtoken1234",
      GH_TOKEN: "ghs_ghclitoken5678",
      ACTIONS_RUNTIME_TOKEN: "runtime-token-abcd",
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc-token-efgh",
      ACTIONS_ID_TOKEN_REQUEST_URL: "https://oidc.example/x",
      "INPUT_GITHUB-TOKEN": "ghs_inputtoken9999",
      "INPUT_API-KEY": "key_cursor_0000",
      // A workflow that hands a token on under a name of its own.
      MY_TOKEN: "prefix-ghs_inputtoken9999-suffix",
      GITHUB_STEP_SUMMARY: "/s",
      GITHUB_PATH: "/p",
      GITHUB_STATE: "/st",
    };
    const s = settings({ prompt: "hi", "github-token": "ghs_inputtoken9999", "api-key": "key_cursor_0000" });
    const cmd = agentCommand(s, runnerEnv);
    expect(cmd.env).toEqual({ PATH: "/bin", HOME: "/home/runner", CURSOR_API_KEY: "key_cursor_0000" });
    const secrets = knownSecrets(s, runnerEnv).filter((x) => x !== "key_cursor_0000");
    expect(secrets.length).toBe(5);
    for (const secret of secrets) {
      for (const [name, value] of Object.entries(cmd.env)) expect(`${name}=${value}`).not.toContain(secret);
      expect(cmd.args.join("\n")).not.toContain(secret);
    }
  });
});

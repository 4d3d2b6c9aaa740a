/**
 * The bundle built from src/ for this test run, run as the runner runs it, against the fake agent: how runs end, what the agent
 * gets, and what the step reports. Every case reads the real outputs file and the real log.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cleanupActionRuns, fixture, REPO_ROOT as ROOT_DIR, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";
const CURSED = "cursed-mac-read-edit-usage.ndjson";
const lastJson = (file: string) => JSON.parse(readFileSync(fixture(file), "utf8").trim().split("\n").at(-1)!);
const errors = (r: { log: { commands: { name: string; data: string }[] } }) =>
  r.log.commands.filter((c) => c.name === "error").map((c) => c.data);

describe.concurrent("a successful run", () => {
  it("reports a real transcript's result in the outputs, and keeps the raw stream byte for byte", async () => {
    const r = await runAction({
      inputs: { prompt: "Add a third line", model: "composer-2-fast" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: fixture(CURSED) },
    });
    const result = lastJson(CURSED);
    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({
      conclusion: "success",
      result: result.result,
      error: "",
      "session-id": result.session_id,
      "request-id": result.request_id,
      model: "Composer 2 Fast",
      "duration-ms": "3910",
      "duration-api-ms": "3910",
      "is-error": "false",
      "exit-code": "0",
      "tool-calls": "2",
      usage: JSON.stringify(result.usage),
    });
    const transcript = r.outputs["transcript-file"]!;
    expect(transcript.startsWith(r.dirs.runnerTemp + path.sep)).toBe(true);
    expect(readFileSync(transcript).equals(readFileSync(fixture(CURSED)))).toBe(true);
    expect(errors(r)).toEqual([]);
    // The log: the text once, each tool call a group.
    expect(r.log.groups).toMatchObject({ balanced: true, neverNested: true });
    expect(r.log.groups.titles).toEqual([
      "✓ Read sample.txt — 3 lines · 135 ms",
      "✓ Edit sample.txt — +1 −0 · 216 ms",
    ]);
    expect(r.stdout.split(result.result).length).toBe(2);
  });

  it("hands the agent its flags, the prompt after --, the key only in its environment, stdin closed", async () => {
    const r = await runAction({
      inputs: {
        prompt: "--version please",
        model: "gpt-5",
        force: true,
        "api-key": KEY,
        "extra-args": `--sandbox 'disabled'`,
        "stream-partial-output": true,
      },
      env: {
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc-token",
        ACTIONS_ID_TOKEN_REQUEST_URL: "https://oidc.invalid",
        CURSOR_API_KEY: undefined,
      },
      scenario: {},
    });
    expect(r.code).toBe(0);
    const rec = r.record!;
    expect(rec.argv).toEqual([
      "--print",
      "--output-format",
      "stream-json",
      "--stream-partial-output",
      "--model",
      "gpt-5",
      "--workspace",
      r.dirs.workspace,
      "--force",
      "--trust",
      "--sandbox",
      "disabled",
      "--",
      "--version please",
    ]);
    expect(rec.parsed?.prompt).toBe("--version please");
    expect(rec.cwd).toBe(r.dirs.workspace);
    expect(rec.argv.join(" ")).not.toContain(KEY);
    expect(rec.env.CURSOR_API_KEY).toBe(KEY);
    for (const v of [
      "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
      "ACTIONS_ID_TOKEN_REQUEST_URL",
      "GITHUB_OUTPUT",
      "GITHUB_ENV",
      "GITHUB_PATH",
      "INPUT_API-KEY",
    ]) {
      expect(rec.env[v], v).toBeUndefined();
    }
    expect(rec.stdinIsClosedOrNull).toBe(true);
    // Masked before any agent output.
    expect(r.log.masks).toContain(KEY);
    expect(r.log.commands[0]).toMatchObject({ name: "add-mask" });
  });

  it("sets exactly the outputs action.yml declares (comment-url only with a comment)", async () => {
    const r = await runAction({ inputs: { prompt: "go" }, env: { CURSOR_API_KEY: KEY }, scenario: {} });
    const declared = Object.keys(parse(readFileSync(path.join(ROOT_DIR, "action.yml"), "utf8")).outputs);
    expect(Object.keys(r.outputs).sort()).toEqual(declared.filter((o) => o !== "comment-url").sort());
  });

  it("reads the prompt from prompt-file", async () => {
    const r = await runAction({
      inputs: { "prompt-file": "README.md" },
      env: { CURSOR_API_KEY: KEY },
      scenario: {},
    });
    expect(r.code).toBe(0);
    expect(r.record?.parsed?.prompt).toBe(readFileSync(path.join(r.dirs.workspace, "README.md"), "utf8"));
  });
});

describe.concurrent("runs that fail", () => {
  it("non-zero exit: failure, the exit code, stderr's last lines, and every other output still set", async () => {
    const r = await runAction({
      inputs: { prompt: "x" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: fixture(CURSED), exitCode: 3, stderr: "panic: out of cheese\nat frame 2\n" },
    });
    expect(r.code).toBe(1);
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.outputs["exit-code"]).toBe("3");
    expect(r.outputs.error).toBe("The agent exited with code 3.\nstderr:\npanic: out of cheese\nat frame 2");
    expect(r.outputs["session-id"]).toBe("e3a00e7a-7b5a-4ab2-985b-4569a095ce0b");
    expect(r.outputs.result).toBe(lastJson(CURSED).result);
    expect(errors(r)).toEqual([r.outputs.error]);
    expect(r.log.plainLines).toContain("stderr: panic: out of cheese");
  });

  it("exit 0 without a result event", async () => {
    const r = await runAction({
      inputs: { prompt: "x" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: fixture(CURSED), stopAfterLines: 5 },
    });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({
      conclusion: "failure",
      "exit-code": "0",
      "is-error": "",
      "tool-calls": "2",
    });
    expect(r.outputs.error).toBe("The agent ended without a result event.");
  });

  it.each([
    [{ is_error: true, result: "I could not finish." }, "The agent reported an error: I could not finish."],
    [
      { subtype: "error", is_error: true, error: "Rate limit exceeded", result: undefined },
      "The agent reported an error: Rate limit exceeded",
    ],
  ])("a result that reports an error (%j)", async (patch, message) => {
    const lines = readFileSync(fixture(CURSED), "utf8").trim().split("\n");
    lines[lines.length - 1] = JSON.stringify({ ...JSON.parse(lines.at(-1)!), ...patch });
    // A name of its own: the cases run concurrently.
    const file = path.join(
      (await import("node:os")).tmpdir(),
      `is-error-${(await import("node:crypto")).randomUUID()}.ndjson`,
    );
    writeFileSync(file, `${lines.join("\n")}\n`);
    const r = await runAction({
      inputs: { prompt: "x" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: file },
    });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({
      conclusion: "failure",
      "is-error": "true",
      "exit-code": "0",
      error: message,
    });
  });

  it("no credentials: the agent's own message, from empty stdout and exit 1", async () => {
    const r = await runAction({ inputs: { prompt: "x" }, env: { CURSOR_API_KEY: undefined }, scenario: {} });
    expect(r.code).toBe(1);
    expect(r.record?.outcome).toBe("auth-required");
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.outputs["exit-code"]).toBe("1");
    expect(r.outputs.error).toBe(
      "The agent exited with code 1. The agent ended without a result event.\nstderr:\nError: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.",
    );
    expect(readFileSync(r.outputs["transcript-file"]!, "utf8")).toBe("");
  });

  it("a bad key: the warning without its ANSI colours", async () => {
    const r = await runAction({ inputs: { prompt: "x", "api-key": "bad" }, scenario: { badKey: "bad" } });
    expect(r.outputs.error).toContain("stderr:\n⚠ Warning: The provided API key is invalid.");
    expect(r.outputs.error).not.toContain("\u001b");
  });

  it("killed by a signal: 128 + n", async () => {
    const r = await runAction({
      inputs: { prompt: "x" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: fixture(CURSED), stopAfterLines: 3, signal: "SIGKILL" },
    });
    expect(r.outputs).toMatchObject({ conclusion: "failure", "exit-code": "137" });
    expect(r.outputs.error).toBe("The agent was killed by SIGKILL. The agent ended without a result event.");
  });

  it("the agent binary missing: one clear line naming agent-path and how to install", async () => {
    const r = await runAction({
      inputs: { prompt: "x", "agent-path": "/nowhere/cursor-agent" },
      env: { CURSOR_API_KEY: KEY },
    });
    expect(r.code).toBe(1);
    expect(errors(r)).toEqual([
      "agent-path '/nowhere/cursor-agent' was not found. Point `agent-path` at the Cursor CLI, or leave it out (or set `cursor-version`) and the action installs the CLI itself.",
    ]);
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });

  it("fail-on-error: false keeps the step green with a warning; the outputs still say failure", async () => {
    const r = await runAction({
      inputs: { prompt: "x", "fail-on-error": false },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: fixture(CURSED), exitCode: 2 },
    });
    expect(r.code).toBe(0);
    expect(r.outputs.conclusion).toBe("failure");
    expect(errors(r)).toEqual([]);
    expect(r.log.commands.filter((c) => c.name === "warning").map((c) => c.data)).toContain(
      "The agent exited with code 2.",
    );
  });

  it.each([
    [
      { prompt: "a", "prompt-file": "README.md" },
      "Input 'prompt': give either 'prompt' or 'prompt-file', not both",
    ],
    [{}, "Input 'prompt': give either 'prompt' or 'prompt-file' (neither is set)"],
    [{ "prompt-file": "missing.md" }, "Input 'prompt-file': cannot read '<ws>/missing.md': no such file"],
    [{ prompt: "x", force: "yes" }, "Input 'force': 'yes' is not a boolean; use true or false"],
    [{ prompt: "x", workspace: "/no/such/dir" }, "Input 'workspace': '/no/such/dir' does not exist"],
  ])("bad input %j: one ::error:: line, no stack trace, no agent", async (inputs, message) => {
    const r = await runAction({ inputs, env: { CURSOR_API_KEY: KEY } });
    expect(r.code).toBe(1);
    expect(errors(r)).toEqual([message.replace("<ws>", r.dirs.workspace)]);
    expect(r.record).toBeUndefined();
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe.concurrent("a saved transcript instead of the agent", () => {
  it("reports the same outputs without starting an agent", async () => {
    const r = await runAction({ inputs: { transcript: fixture(CURSED) }, env: { CURSOR_API_KEY: KEY } });
    expect(r.code).toBe(0);
    expect(r.record).toBeUndefined();
    expect(r.outputs).toMatchObject({
      conclusion: "success",
      "tool-calls": "2",
      "transcript-file": fixture(CURSED),
      "exit-code": "",
    });
  });
});

/**
 * The first phase in-process, scrub included: once the inputs are read, the secrets are gone from the
 * environment the run goes on reading, as they are from the bundle's `process.env`; an environment handed
 * in is scrubbed alone, the test process's own environment (and its initial block) left as it was.
 */
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { Secrets } from "../../src/base/redact.js";
import { LogWriter } from "../../src/render/log-writer.js";
import { readInputs } from "../../src/run/inputs.js";

const KEY = "key_inputs_test_0123456789";
const TOKEN = "ghs_inputsTestToken0123456789";

describe("reading the inputs, in-process", () => {
  it("takes the secrets out of the environment handed in, whatever their name, and nothing else", () => {
    const env: NodeJS.ProcessEnv = {
      PATH: "/usr/bin:/bin",
      INPUT_PROMPT: "go",
      INPUT_WORKSPACE: tmpdir(),
      "INPUT_API-KEY": KEY,
      "INPUT_GITHUB-TOKEN": TOKEN,
      GITHUB_TOKEN: TOKEN,
      ACTIONS_RUNTIME_TOKEN: "runtime-token-0123",
      ACTIONS_ID_TOKEN_REQUEST_URL: "https://token.actions.invalid/",
      // A workflow handing a secret on under a name of its own.
      MY_COPY: `Bearer ${TOKEN}`,
      CURSOR_API_KEY: KEY,
      RUNNER_TEMP: tmpdir(),
    };
    const block = readFileSync("/proc/self/environ");
    // A variable the scrub would take, in the test process's own environment: it must stay there.
    const planted = process.env.GH_TOKEN;
    process.env.GH_TOKEN = "the-test-process-own-0123";
    const own = { ...process.env };
    let log = "";
    let settings: ReturnType<typeof readInputs>["settings"];
    try {
      ({ settings } = readInputs(
        env,
        new LogWriter({
          write: (s: string) => {
            log += s;
            return true;
          },
        }),
        new Secrets(),
      ));
      // The test process's own environment is not the run's: untouched.
      expect(process.env).toEqual(own);
    } finally {
      if (planted === undefined) delete process.env.GH_TOKEN;
      else process.env.GH_TOKEN = planted;
    }
    // Read before the scrub.
    expect([settings.apiKey, settings.githubToken, settings.prompt]).toEqual([KEY, TOKEN, "go"]);
    expect(env).toEqual({
      PATH: "/usr/bin:/bin",
      INPUT_PROMPT: "go",
      INPUT_WORKSPACE: tmpdir(),
      RUNNER_TEMP: tmpdir(),
    });
    expect(log).not.toContain("still holds its secrets");
    // Nor its initial block.
    expect(readFileSync("/proc/self/environ").equals(block)).toBe(true);
  });
});

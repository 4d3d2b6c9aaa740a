/**
 * The checkout's persisted credential goes back only to the file it came from. As root, the default
 * strategy runs the agent as its own user, which can write the workspace and its `.git/`: it replaces
 * `.git/config` with a hard link to a world-readable file of its own, or `.git` with a gitfile pointing to a
 * repository of its own, or `.git/config` with a FIFO. After the run the token is in none of its files, the
 * run still reports (the agent's edit in the report, a success), and one warning says the credential was not
 * put back. Needs root (to create the user and run as it): skipped, saying so, otherwise.
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentRecordsDir, removeAgentRecordDirs } from "../harness/agent-records.js";
import { prepareStep, readFileCommand, spawnAction } from "../harness/launch.mjs";
import { bundleEntry, can, cleanupActionRuns, fixture, sharedWithOtherUsers } from "../harness/run-action.js";
import { readWorkflowCommandLines } from "../harness/workflow-commands.js";

// The bundle built once, before any test's own time starts (a cold build on a busy machine takes a minute).
beforeAll(() => bundleEntry(), 300_000);

afterAll(cleanupActionRuns);
afterAll(removeAgentRecordDirs);

const root = process.geteuid?.() === 0;
const ready = root && can("setfacl") && can("useradd") && can("setpriv") && can("pkill");
const skip = ready ? "" : " (skipped: needs root, setfacl, useradd, setpriv and pkill)";
/** A user of this file's own: test files run side by side, and a run ends every process of its user. */
const USER = "cursor-agent-cred";
const TOKEN = "ghs_persistedCheckoutToken111111111111111";
const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString("base64");
const HEADER = `AUTHORIZATION: basic ${BASIC}`;

interface Run {
  code: number | null;
  outputs: Record<string, string>;
  warnings: string[];
  /** The directory the agent's user could write (0777), where it keeps its own files. */
  rec: string;
  ws: string;
}

/** A workspace as actions/checkout leaves it (persist-credentials), then a run whose agent runs `script`. */
async function runAgent(script: string): Promise<Run> {
  const base = mkdtempSync(path.join(tmpdir(), "cred-putback-"));
  chmodSync(base, 0o755);
  const ws = path.join(base, "ws");
  mkdirSync(ws, { mode: 0o755 });
  const git = (...a: string[]) =>
    execFileSync("git", ["-C", ws, "-c", "user.email=t@t.invalid", "-c", "user.name=t", ...a]);
  execFileSync("git", ["init", "-q", ws]);
  writeFileSync(path.join(ws, "README.md"), "hello\n");
  git("add", ".");
  git("commit", "-qm", "x");
  git("config", "--local", "http.https://github.com/.extraheader", HEADER);
  const shared = await sharedWithOtherUsers();
  const bin = mkdtempSync(path.join(base, "bin-"));
  chmodSync(bin, 0o755);
  // Not under /tmp: the end of the agent's user removes what it owns there (test/harness/agent-records.ts).
  const rec = agentRecordsDir("cred-putback");
  const transcript = path.join(bin, "t.ndjson");
  copyFileSync(fixture("cursorhack-direct-sleep-mac-thinking-seq-shell.ndjson"), transcript);
  const scenario = path.join(bin, "scenario.json");
  writeFileSync(scenario, JSON.stringify({ transcript }));
  const spy = path.join(bin, "spy.sh");
  writeFileSync(
    spy,
    `#!/bin/sh\nrec="${rec}"\necho "made by the agent" > agent-made.txt\n${script}\nexec "${shared.fakeAgent}" "$@"\n`,
    { mode: 0o755 },
  );
  const step = prepareStep({
    workspace: ws,
    runnerTemp: mkdtempSync(path.join(base, "temp-")),
    pathFirst: [shared.fakeAgentDir, shared.bin],
    event: {},
    inputs: { prompt: "go", "agent-path": spy, "agent-user": USER },
    env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef", FAKE_AGENT_SCENARIO: scenario },
  });
  const child = spawnAction({ args: [await bundleEntry()], env: step.env, cwd: ws });
  let stdout = "";
  child.stdout?.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const outputs = readFileCommand(step.files.GITHUB_OUTPUT).values;
  const warnings = readWorkflowCommandLines(stdout.split(/\r?\n/))
    .commands.filter((c) => c.name === "warning")
    .map((c) => c.data);
  return { code, outputs, warnings, rec, ws };
}

/** Every file under `dir` that holds the token, in any form the config or a header could carry it. */
function holdingToken(dir: string): string[] {
  const r = execFileSync("grep", ["-rlE", `${TOKEN}|${BASIC}`, dir], { encoding: "utf8" }).trim();
  return r ? r.split("\n") : [];
}

function grepQuiet(dir: string): string[] {
  try {
    return holdingToken(dir);
  } catch {
    return []; // grep exits 1 when nothing matched
  }
}

/** The run reported the agent's edit and succeeded; one warning said the credential stayed out. */
function expectReportedWithWarning(r: Run): void {
  expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
  expect(JSON.parse(r.outputs["files-changed"] ?? "[]")).toContain("agent-made.txt");
  const said = r.warnings.filter((w) => w.includes("credential was not put back"));
  expect(said).toHaveLength(1);
  expect(said[0]).not.toContain(BASIC);
}

describe("the checkout's credential goes back only to the file it came from", () => {
  it.skipIf(!ready)(
    `.git/config written in place (same file, owner and mode) with a proxy for the next step's git: the token stays out${skip}`,
    async () => {
      const r = await runAgent(
        `printf '[http]\\n\\tproxy = http://127.0.0.1:9\\n' >> .git/config && echo appended > "$rec/done"`,
      );
      expect(existsSync(path.join(r.rec, "done"))).toBe(true);
      const config = readFileSync(path.join(r.ws, ".git", "config"), "utf8");
      expect(config).toContain("proxy = http://127.0.0.1:9");
      expect(config).not.toContain("extraheader");
      expectReportedWithWarning(r);
    },
    120_000,
  );

  it.skipIf(!ready)(
    `.git/config hard-linked to a world-readable file of the agent's: the token is not in it${skip}`,
    async () => {
      // In the workspace: through the agent's own view (security/agent-view.ts) a link across mounts fails.
      const r = await runAgent(`cp .git/config stolen && chmod 666 stolen
rm -f .git/config && ln stolen .git/config && echo linked > "$rec/done"`);
      expect(existsSync(path.join(r.rec, "done"))).toBe(true);
      expect(readFileSync(path.join(r.ws, "stolen"), "utf8")).not.toContain("extraheader");
      expectReportedWithWarning(r);
    },
    120_000,
  );

  it.skipIf(!ready)(
    `.git replaced by a gitfile naming the agent's own repository: the token is not in it${skip}`,
    async () => {
      const r = await runAgent(`git init -q "$rec/own" && chmod 666 "$rec/own/.git/config"
mv .git .git-aside && printf 'gitdir: %s\\n' "$rec/own/.git" > .git && echo moved > "$rec/done"`);
      expect(existsSync(path.join(r.rec, "done"))).toBe(true);
      expect(readFileSync(path.join(r.rec, "own", ".git", "config"), "utf8")).not.toContain("extraheader");
      expect(grepQuiet(r.rec)).toEqual([]);
      expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
      const said = r.warnings.filter((w) => w.includes("credential was not put back"));
      expect(said).toHaveLength(1);
    },
    120_000,
  );

  it.skipIf(!ready)(
    `.git/config replaced by a FIFO: no hang, no throw, the report and a warning${skip}`,
    async () => {
      const r = await runAgent(`rm -f .git/config && mkfifo -m 666 .git/config && echo fifo > "$rec/done"`);
      expect(existsSync(path.join(r.rec, "done"))).toBe(true);
      expect(r.outputs.error ?? "").not.toMatch(/Unexpected error/);
      expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
      const said = r.warnings.filter((w) => w.includes("credential was not put back"));
      expect(said).toHaveLength(1);
    },
    180_000,
  );

  it.skipIf(!ready)(
    `an agent that leaves .git/config alone: the credential is back as it was, no warning${skip}`,
    async () => {
      const r = await runAgent("true");
      expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
      expect(JSON.parse(r.outputs["files-changed"] ?? "[]")).toContain("agent-made.txt");
      expect(r.warnings.filter((w) => w.includes("credential"))).toEqual([]);
      const back = execFileSync(
        "git",
        ["-C", r.ws, "config", "--get", "http.https://github.com/.extraheader"],
        {
          encoding: "utf8",
        },
      );
      expect(back.trim()).toBe(HEADER);
    },
    120_000,
  );
});

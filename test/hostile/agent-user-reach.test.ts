/**
 * The default strategy and what the agent's own user reaches. As root (as CI runs), `auto` chooses
 * `unprivileged-user`; a hostile agent then looks for the checkout's persisted credential in `.git/config`,
 * plants configuration in its home for the next run, and leaves a daemon behind. After the run: the
 * credential is back as it was, the daemon is gone, no grant on the directories above the workspace is
 * left, and the next run's home is new. Under `no-sudo` the agent cannot raise the action's core-dump limit.
 * Needs root (to create the user and run as it): skipped, saying so, otherwise.
 */
import { execFileSync, spawnSync } from "node:child_process";
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
import { afterAll, beforeAll, expect, it } from "vitest";
import { prepareStep, readFileCommand, spawnAction } from "../harness/launch.mjs";
import { bundleEntry, can, cleanupActionRuns, fixture, sharedWithOtherUsers } from "../harness/run-action.js";

// The bundle built once, before any test's own time starts (a cold build on a busy machine takes a minute).
beforeAll(() => bundleEntry(), 300_000);

afterAll(cleanupActionRuns);

const root = process.geteuid?.() === 0;
const ready = root && can("setfacl") && can("useradd") && can("setpriv") && can("pkill") && can("prlimit");
const skip = ready ? "" : " (skipped: needs root, setfacl, useradd, setpriv, pkill and prlimit)";
/** This file's prefix for the agent's user (each run makes its own: `<prefix>-<random>`). */
const USER = "cursor-agent-reach";
const TOKEN = "ghs_persistedCheckoutToken000000000000000";
const HEADER = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${TOKEN}`).toString("base64")}`;

/** The user a run's agent ran as, from the log's header. */
const runUser = (stdout: string) => /the agent runs as ([a-z0-9_-]+),/.exec(stdout)?.[1] ?? "";

/** Whether a user of that name exists. */
const exists = (user: string) => spawnSync("id", ["-u", user], { stdio: "ignore" }).status === 0;

/** Live processes of the user (a killed one may stay a zombie until its new parent reaps it). */
function alive(user: string): string[] {
  const r = spawnSync("ps", ["-u", user, "-o", "pid=,stat="], { encoding: "utf8" });
  return r.stdout.split("\n").filter((l) => l.trim() && !/\sZ/.test(l));
}

/** Waits for the kill to land: polls, with a bound only a process that survived SIGKILL would reach. */
async function noneAlive(user: string): Promise<string[]> {
  for (let i = 0; i < 100 && alive(user).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  return alive(user);
}

interface Run {
  stdout: string;
  code: number | null;
  outputs: Record<string, string>;
  seen: string;
}

/** A workspace as actions/checkout leaves it with persist-credentials (the default). */
function checkout(base: string): string {
  const ws = path.join(base, "ws");
  mkdirSync(ws, { mode: 0o755 });
  const git = (...a: string[]) =>
    execFileSync("git", ["-C", ws, "-c", "user.email=t@t.invalid", "-c", "user.name=t", ...a]);
  execFileSync("git", ["init", "-q", ws]);
  writeFileSync(path.join(ws, "README.md"), "hello\n");
  git("add", ".");
  git("commit", "-qm", "x");
  git("config", "--local", "http.https://github.com/.extraheader", HEADER);
  return ws;
}

/** The checkout under a private directory (0750), as a job user's home is. */
function privateCheckout(): { base: string; home: string; ws: string } {
  const base = mkdtempSync(path.join(tmpdir(), "agent-reach-"));
  const home = path.join(base, "home");
  mkdirSync(home, { mode: 0o750 });
  chmodSync(base, 0o755);
  return { base, home, ws: checkout(home) };
}

async function runAgent(
  base: string,
  ws: string,
  script: string,
  inputs: Record<string, string>,
): Promise<Run> {
  const shared = await sharedWithOtherUsers();
  const bin = mkdtempSync(path.join(base, "bin-"));
  chmodSync(bin, 0o755);
  const rec = mkdtempSync(path.join(base, "rec-"));
  chmodSync(rec, 0o777);
  const found = path.join(rec, "found.txt");
  // The test's, for the agent to append to: a file the agent's user made in /tmp is removed at its end.
  writeFileSync(found, "", { mode: 0o666 });
  chmodSync(found, 0o666);
  const scenario = path.join(bin, "scenario.json");
  // A copy the agent's user can read: the checkout may sit in a private (0700) directory.
  const transcript = path.join(bin, "t.ndjson");
  copyFileSync(fixture("cursorhack-direct-sleep-mac-thinking-seq-shell.ndjson"), transcript);
  writeFileSync(scenario, JSON.stringify({ transcript }));
  const spy = path.join(bin, "spy.sh");
  writeFileSync(spy, `#!/bin/sh\nout="${found}"\n${script}\nexec "${shared.fakeAgent}" "$@"\n`, {
    mode: 0o755,
  });
  const step = prepareStep({
    workspace: ws,
    runnerTemp: mkdtempSync(path.join(base, "temp-")),
    pathFirst: [shared.fakeAgentDir, shared.bin],
    event: {},
    inputs: { prompt: "go", "agent-path": spy, ...inputs },
    env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef", FAKE_AGENT_SCENARIO: scenario },
  });
  const child = spawnAction({ args: [await bundleEntry()], env: step.env, cwd: ws });
  let stdout = "";
  child.stdout?.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const outputs = readFileCommand(step.files.GITHUB_OUTPUT).values;
  return { stdout, code, outputs, seen: readFileSync(found, "utf8") };
}

it.skipIf(!ready)(
  `auto, as root: the agent's own user, no credential in its reach, nothing of it left after the run${skip}`,
  async () => {
    const { base, home, ws } = privateCheckout();
    const hostile = `echo "UID=$(id -u)" >> "$out"
echo "HOME=$HOME" >> "$out"
ls -A "$HOME/.cursor" >> "$out" 2>&1
git config --get-regexp 'extraheader' >> "$out" 2>&1 || echo "CREDENTIAL=none" >> "$out"
cat .git/config >> "$out" 2>&1
mkdir -p "$HOME/.cursor" && echo '{"permissions":{"allow":["Shell(*)"]}}' > "$HOME/.cursor/cli-config.json"
setsid sh -c 'echo $$ > "${"$"}{0}"; exec sleep 300' "$(dirname "$out")/daemon.pid" < /dev/null > /dev/null 2>&1 &`;
    const first = await runAgent(base, ws, hostile, { "agent-user": USER });
    expect(first.stdout).toContain(`Safety: unprivileged-user (the agent runs as ${USER}`);
    expect([first.code, first.outputs.conclusion]).toEqual([0, "success"]);
    expect(first.seen).toMatch(/^UID=[1-9]\d*$/m);
    expect(first.seen).toContain("CREDENTIAL=none");
    expect(first.seen).not.toContain(TOKEN);
    expect(first.seen).not.toContain(HEADER.split(" ").pop());
    // Back as it was, for the steps after this one.
    expect(
      execFileSync("git", ["-C", ws, "config", "--get", "http.https://github.com/.extraheader"], {
        encoding: "utf8",
      }).trim(),
    ).toBe(HEADER);
    // No process of the agent's user outlives the run, nor the user; no grant above the workspace is left.
    const firstUser = runUser(first.stdout);
    expect(firstUser).toMatch(new RegExp(`^${USER}-[0-9a-f]{8}$`));
    expect(await noneAlive(firstUser)).toEqual([]);
    expect(exists(firstUser)).toBe(false);
    for (const dir of [home, base])
      expect(execFileSync("getfacl", ["-p", dir], { encoding: "utf8" })).not.toContain(USER);
    const firstHome = /^HOME=(.+)$/m.exec(first.seen)?.[1] ?? "";
    expect(firstHome).not.toBe("");
    expect(existsSync(firstHome)).toBe(false);

    // The next run: a new home, without what the last one planted.
    const second = await runAgent(base, ws, hostile, { "agent-user": USER });
    expect(second.code).toBe(0);
    const secondHome = /^HOME=(.+)$/m.exec(second.seen)?.[1] ?? "";
    expect(secondHome).not.toBe(firstHome);
    expect(second.seen).not.toContain("cli-config.json");
    const secondUser = runUser(second.stdout);
    expect(secondUser).not.toBe(firstUser);
    expect(await noneAlive(secondUser)).toEqual([]);
    expect(exists(secondUser)).toBe(false);
  },
  120_000,
);

it.skipIf(!ready)(
  `auto, as root, a schema refused after the setup: the credential and the grants are put back${skip}`,
  async () => {
    const { base, home, ws } = privateCheckout();
    // Read once admitted, after the agent's user is set up: refused then, the agent never starts.
    writeFileSync(path.join(ws, "schema.json"), '{"type": 12}');
    const r = await runAgent(base, ws, 'echo "STARTED" >> "$out"', {
      "agent-user": USER,
      "output-schema-file": "schema.json",
    });
    expect(r.code).not.toBe(0);
    expect(r.outputs.error).toMatch(/output-schema-file.*not a valid JSON Schema/);
    expect(r.seen).toBe("");
    expect(
      execFileSync("git", ["-C", ws, "config", "--get", "http.https://github.com/.extraheader"], {
        encoding: "utf8",
      }).trim(),
    ).toBe(HEADER);
    for (const dir of [home, base, ws])
      expect(execFileSync("getfacl", ["-p", dir], { encoding: "utf8" })).not.toContain(USER);
  },
  120_000,
);

it.skipIf(!ready)(`no-sudo: the agent cannot raise the action's core-dump limit${skip}`, async () => {
  const base = mkdtempSync(path.join(tmpdir(), "agent-core-"));
  chmodSync(base, 0o755);
  const ws = checkout(base);
  // setpriv execs the agent: its parent is the action.
  const r = await runAgent(
    base,
    ws,
    `prlimit --pid $PPID --core >> "$out" 2>&1
prlimit --pid $PPID --core=unlimited:unlimited >> "$out" 2>&1 && echo "RAISED=yes" >> "$out" || echo "RAISED=no" >> "$out"`,
    { "safety-strategy": "no-sudo" },
  );
  expect(r.code).toBe(0);
  expect(r.seen).toMatch(/^CORE\s.*\s0\s+0\s/m);
  expect(r.seen).toContain("RAISED=no");
});

/**
 * `safety-strategy: unprivileged-user`: the agent runs as another user. A hostile agent records its uid,
 * tries the action's file commands, environment and memory, and edits the workspace; then it replays a
 * transcript. Needs root (to create the user and run as it): skipped, saying so, otherwise.
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { agentRecordsDir, removeAgentRecordDirs } from "../harness/agent-records.js";
import { prepareStep, readFileCommand, spawnAction } from "../harness/launch.mjs";
import { bundleEntry, can, cleanupActionRuns, fixture, sharedWithOtherUsers } from "../harness/run-action.js";

afterAll(cleanupActionRuns);
afterAll(removeAgentRecordDirs);

const root = process.geteuid?.() === 0;
const ready = root && can("setfacl") && can("useradd") && can("setpriv");
// The bundle is built once, before the test's own time starts (a cold build on a busy machine took 60 s).
beforeAll(async () => {
  if (ready) await bundleEntry();
}, 300_000);
const TOKEN = "ghs_harnessTokenForTests0000000000000000";

it.skipIf(!ready)(
  `unprivileged-user: another uid, the workspace edited and reported, nothing of the action's read${ready ? "" : " (skipped: needs root, setfacl, useradd and setpriv)"}`,
  async () => {
    // The fake agent and Node where the agent's user can reach them (the checkout may be private).
    const shared = await sharedWithOtherUsers();
    const base = mkdtempSync(path.join(tmpdir(), "agent-user-"));
    chmodSync(base, 0o755);
    const ws = path.join(base, "ws");
    const bin = path.join(base, "bin");
    // Not beside the workspace: its neighbours are covered in the agent's own view (security/agent-view.ts).
    const rec = agentRecordsDir("agent-user");
    for (const d of [ws, bin]) mkdirSync(d, { mode: 0o755 });
    execFileSync("git", ["init", "-q", ws]);
    writeFileSync(path.join(ws, "README.md"), "hello\n");
    execFileSync("git", ["-C", ws, "-c", "user.email=t@t.invalid", "-c", "user.name=t", "add", "."]);
    execFileSync("git", [
      "-C",
      ws,
      "-c",
      "user.email=t@t.invalid",
      "-c",
      "user.name=t",
      "commit",
      "-qm",
      "x",
    ]);
    const transcript = path.join(bin, "t.ndjson");
    copyFileSync(fixture("cursorhack-direct-sleep-mac-thinking-seq-shell.ndjson"), transcript);
    const scenario = path.join(bin, "scenario.json");
    writeFileSync(scenario, JSON.stringify({ transcript, record: path.join(rec, "record.json") }));
    const found = path.join(rec, "found.txt");
    // The test's, for the agent to append to: a file the agent's user made in /tmp is removed at its end.
    writeFileSync(found, "", { mode: 0o666 });
    chmodSync(found, 0o666);
    const spy = path.join(bin, "spy.sh");
    writeFileSync(
      spy,
      `#!/bin/sh
out="${found}"
echo "UID=$(id -u)" >> "$out"
ls "$RUNNER_TEMP/_runner_file_commands" >> "$out" 2>&1 || echo "FILE_COMMANDS=denied" >> "$out"
cat /proc/$PPID/environ >> "$out" 2>/dev/null || echo "ENVIRON=denied" >> "$out"
head -c 16 /proc/$PPID/mem >> "$out" 2>/dev/null || echo "MEM=denied" >> "$out"
echo "made by the agent" > agent-made.txt && echo "WROTE=yes" >> "$out"
exec "${shared.fakeAgent}" "$@"
`,
      { mode: 0o755 },
    );
    const step = prepareStep({
      workspace: ws,
      runnerTemp: path.join(base, "temp"),
      pathFirst: [shared.fakeAgentDir, shared.bin],
      event: {},
      token: TOKEN,
      inputs: {
        prompt: "go",
        "agent-path": spy,
        "safety-strategy": "unprivileged-user",
        "agent-user": "cursor-agent-test",
      },
      env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef", FAKE_AGENT_SCENARIO: scenario },
    });
    const child = spawnAction({ args: [await bundleEntry()], env: step.env, cwd: ws });
    let stdout = "";
    child.stdout?.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    const outputs = readFileCommand(step.files.GITHUB_OUTPUT).values;
    expect(stdout).toContain("Safety: unprivileged-user (the agent runs as cursor-agent-test");
    expect([code, outputs.conclusion]).toEqual([0, "success"]);
    const seen = readFileSync(found, "utf8");
    expect(seen).not.toMatch(/^UID=0$/m);
    expect(seen).toMatch(/^UID=\d+$/m);
    expect(seen).toContain("FILE_COMMANDS=denied");
    expect(seen).toContain("ENVIRON=denied");
    expect(seen).toContain("MEM=denied");
    expect(seen).not.toContain(TOKEN);
    expect(seen).toContain("WROTE=yes");
    // The report shows the agent's change; the file is the workspace owner's again.
    expect(JSON.parse(outputs["files-changed"] ?? "[]")).toContain("agent-made.txt");
    expect(existsSync(path.join(ws, "agent-made.txt"))).toBe(true);
    expect(statSync(path.join(ws, "agent-made.txt")).uid).toBe(statSync(ws).uid);
  },
  60_000,
);

/**
 * Undo on every path: what the agent wrote to this step's file commands is put back when the action then
 * fails unexpectedly, not only when it ends as planned. The agent (as the job's user, `no-sudo`, which can
 * reach the runner's file commands) appends `BASH_ENV=…` to GITHUB_ENV and a PATH entry to GITHUB_PATH;
 * then the action's own stdout breaks (the runner's pipe closed: EPIPE on its next log line), an error no
 * try around the run catches. The next step must see neither, and the outputs still say the run failed.
 */
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { cleanupActionRuns, createGate, FAKE_AGENT, fixture, startAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const dir = mkdtempSync(path.join(tmpdir(), "hostile-undo-"));
const agentPath = path.join(dir, "planter.sh");
writeFileSync(
  agentPath,
  `#!/bin/sh
d="$RUNNER_TEMP/_runner_file_commands"
for f in "$d"/set_env_*; do printf 'BASH_ENV=/tmp/FORGED-ENV-1\\n' >> "$f"; done
for f in "$d"/add_path_*; do printf '/tmp/FORGED-PATH-2\\n' >> "$f"; done
exec "$FAKE_AGENT_BIN" "$@"
`,
);
chmodSync(agentPath, 0o755);

it("the action fails unexpectedly after the agent wrote GITHUB_ENV and GITHUB_PATH: both put back", async () => {
  const gate = createGate();
  const h = await startAction({
    inputs: { prompt: "go", "agent-path": agentPath, force: true },
    env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef", FAKE_AGENT_BIN: FAKE_AGENT },
    // It waits before its second line: by then its script has written the file commands.
    scenario: { transcript: fixture("cursed-mac-read-edit-usage.ndjson"), gates: { 1: gate.file } },
  });
  await h.waitForRecord((rec) => rec.waitingAt === 1, 30_000);
  // The runner's end of the action's stdout goes: the action's next log line fails with EPIPE.
  h.child.stdout?.destroy();
  gate.open();
  const r = await h.done;
  expect(r.code).not.toBe(0);
  expect(r.outputs.conclusion).toBe("failure");
  expect(r.outputs.error).toMatch(/^Unexpected error: .*EPIPE/);
  expect(r.exportedEnv).toEqual({});
  expect(r.addedPath).toEqual([]);
});

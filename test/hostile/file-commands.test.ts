/**
 * This step's file commands are the action's alone: an agent that finds them (here: by listing the
 * runner's `_runner_file_commands` under RUNNER_TEMP, which it can see) and writes forged outputs, an
 * environment and a PATH for later steps, a summary, or replaces a file with a symlink, changes nothing
 * the runner reads after the step; each tampered file is named in a warning, its content never echoed.
 */
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupActionRuns, FAKE_AGENT, fixture, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const dir = mkdtempSync(path.join(tmpdir(), "hostile-files-"));
const KEY = "key_0123456789abcdef0123456789abcdef";

const agentPath = path.join(dir, "forger.sh");
writeFileSync(
  agentPath,
  `#!/bin/sh
d="$RUNNER_TEMP/_runner_file_commands"
for f in "$d"/set_output_*; do printf 'conclusion=success\\nforged=FORGED-OUTPUT-1\\n' >> "$f"; done
for f in "$d"/set_env_*; do printf 'BASH_ENV=/tmp/FORGED-ENV-2\\n' >> "$f"; done
for f in "$d"/add_path_*; do printf '/tmp/FORGED-PATH-3\\n' >> "$f"; done
for f in "$d"/step_summary_*; do printf 'FORGED-SUMMARY-4\\n' >> "$f"; done
for f in "$d"/save_state_*; do rm -f "$f"; ln -s /etc/hostname "$f"; done
exec "$FAKE_AGENT_BIN" "$@"
`,
);
chmodSync(agentPath, 0o755);

describe("file commands written by the agent", () => {
  it("are put back before the action writes; the runner reads only the action's", async () => {
    const r = await runAction({
      inputs: { prompt: "go", "agent-path": agentPath, force: true },
      env: { CURSOR_API_KEY: KEY, FAKE_AGENT_BIN: FAKE_AGENT },
      scenario: { transcript: fixture("cursed-mac-read-edit-usage.ndjson"), exitCode: 3 },
    });
    // The agent ran and failed; the forged `conclusion=success` is gone.
    expect(r.record?.outcome).toBe("finished");
    expect(r.outputsError).toBeUndefined();
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.outputs.forged).toBeUndefined();
    expect(r.exportedEnv).toEqual({});
    expect(r.addedPath).toEqual([]);
    expect(r.summary).not.toContain("FORGED");
    expect(r.summary).toContain("Cursor agent failed");
    expect(r.state).toEqual({});
    const warnings = r.log.commands.filter((c) => c.name === "warning").map((c) => c.data);
    for (const name of [
      "GITHUB_OUTPUT",
      "GITHUB_ENV",
      "GITHUB_PATH",
      "GITHUB_STEP_SUMMARY",
      "GITHUB_STATE",
    ]) {
      expect(warnings.some((w) => w.startsWith(`${name} was `))).toBe(true);
    }
    expect(r.stdout).not.toMatch(/FORGED-/);
  });
});

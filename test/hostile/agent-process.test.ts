/**
 * Attacks on the action through the agent's process and stream, run through the bundle: a daemon that
 * outlives the agent holding its pipes, JSON nested past any stack, a line longer than a string can be.
 * Each at the smallest size that still triggers it.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_LINE_BYTES } from "../../src/stream/lines.js";
import { cleanupActionRuns, FAKE_AGENT, fixture, isProcessAlive, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const dir = mkdtempSync(path.join(tmpdir(), "hostile-process-"));
const KEY = "key_0123456789abcdef0123456789abcdef";
const CURSED = fixture("cursed-mac-read-edit-usage.ndjson");
const ndjson = (...events: object[]) => events.map((e) => `${JSON.stringify(e)}\n`).join("");
const result = { type: "result", subtype: "success", is_error: false, result: "done", session_id: "s" };

/**
 * An agent that first starts a daemon outside its process group, holding its stdout and stderr for a minute:
 * an action that waited for its pipes to close would outlast the harness's 30 s (and the bounds below).
 */
function daemonAgent(): { agentPath: string; pidFile: string } {
  const pidFile = path.join(dir, `daemon-${Math.random().toString(36).slice(2)}.pid`);
  const agentPath = path.join(dir, "daemon-agent.sh");
  writeFileSync(
    agentPath,
    `#!/bin/sh
setsid sh -c 'echo $$ > "$DAEMON_PID_FILE"; sleep 60; echo "late line from the daemon" >&2; echo "{}"' &
exec "$FAKE_AGENT_BIN" "$@"
`,
  );
  chmodSync(agentPath, 0o755);
  return { agentPath, pidFile };
}

function killDaemon(pidFile: string): boolean {
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  const alive = isProcessAlive(pid);
  try {
    process.kill(pid, "SIGKILL");
  } catch {}
  return alive;
}

describe.concurrent("the agent process and its stream, attacked", () => {
  describe("a daemon outside the agent's process group holds its pipes", () => {
    it("the step ends within seconds of the agent's exit, and nothing is printed after the footer", async () => {
      const { agentPath, pidFile } = daemonAgent();
      const r = await runAction({
        inputs: { prompt: "go", "agent-path": agentPath },
        env: { CURSOR_API_KEY: KEY, DAEMON_PID_FILE: pidFile, FAKE_AGENT_BIN: FAKE_AGENT },
        scenario: { transcript: CURSED },
      });
      // The daemon was still alive when the action had finished: it really did hold the pipes.
      expect(killDaemon(pidFile)).toBe(true);
      expect(r.code).toBe(0);
      expect(r.outputs.conclusion).toBe("success");
      // Not waiting for the daemon that holds its pipes: the harness saw them closed when the action exited.
      expect(r.streamsHeldOpen).toBe(false);
      const lines = r.stdout.trimEnd().split("\n");
      expect(lines.findIndex((l) => l.startsWith("── "))).toBeGreaterThan(lines.length - 4);
      expect(r.stdout).not.toContain("late line");
    });

    it("with timeout-minutes and an agent that hangs mid-stream: stopped, reported, and ended", async () => {
      const { agentPath, pidFile } = daemonAgent();
      const r = await runAction({
        inputs: { prompt: "go", "agent-path": agentPath, "timeout-minutes": 0.02 },
        env: { CURSOR_API_KEY: KEY, DAEMON_PID_FILE: pidFile, FAKE_AGENT_BIN: FAKE_AGENT },
        scenario: { transcript: CURSED, stopAfterLines: 5, hang: "mid-stream" },
      });
      expect(killDaemon(pidFile)).toBe(true);
      expect(r.outputs.conclusion).toBe("timed_out");
      // Not waiting for the daemon that holds its pipes.
      expect(r.streamsHeldOpen).toBe(false);
      expect(r.stdout).not.toContain("late line");
    });
  });

  describe("JSON nested deeper than any stack", () => {
    it("in an unknown tool's args, MCP args and result.error: logged, reported, no crash", async () => {
      const depth = 20_000;
      const deep = JSON.parse(`${"[".repeat(depth)}1${"]".repeat(depth)}`) as unknown;
      expect(() => JSON.stringify(deep)).toThrow(RangeError);
      const file = path.join(dir, "deep.ndjson");
      // Written by hand: JSON.stringify itself cannot write these lines.
      const nested = `${"[".repeat(depth)}1${"]".repeat(depth)}`;
      writeFileSync(
        file,
        [
          JSON.stringify({ type: "system", subtype: "init", session_id: "s", model: "m", cwd: "/w" }),
          `{"type":"tool_call","subtype":"completed","call_id":"c1","tool_call":{"frobnicateToolCall":{"args":{"x":${nested}},"result":{"success":{}}}}}`,
          `{"type":"tool_call","subtype":"completed","call_id":"c2","tool_call":{"mcpToolCall":{"args":{"providerIdentifier":"p","toolName":"t","args":{"y":${nested}}},"result":{"success":{"content":[]}}}}}`,
          `{"type":"result","subtype":"error","is_error":true,"error":{"deep":${nested}},"session_id":"s"}`,
          "",
        ].join("\n"),
      );
      const r = await runAction({
        inputs: { prompt: "go" },
        env: { CURSOR_API_KEY: KEY },
        scenario: { transcript: file },
      });
      expect(r.outputs.conclusion).toBe("failure");
      expect(r.outputs["tool-calls"]).toBe("2");
      expect(r.outputs.error).toMatch(/^The agent reported an error: \{"deep":\[\[\[/);
      expect(r.stdout).toContain("Frobnicate");
      expect(r.stdout).toContain("[…]");
      expect(r.summary).toContain("Cursor agent failed");
      expect(r.stderr).not.toMatch(/RangeError|Maximum call stack/);
    });
  });

  describe("a line longer than the framer keeps", () => {
    it("is counted and skipped; the events around it still count; the raw copy has every byte", async () => {
      const file = path.join(dir, "long.ndjson");
      const long = `{"type":"assistant","message":{"content":[{"type":"text","text":"${"x".repeat(MAX_LINE_BYTES)}"}]}}\n`;
      writeFileSync(
        file,
        ndjson({ type: "system", subtype: "init", session_id: "s", model: "m" }) + long + ndjson(result),
      );
      const r = await runAction({
        inputs: { prompt: "go" },
        env: { CURSOR_API_KEY: KEY },
        scenario: { transcript: file, chunkBytes: 1 << 20 },
        timeoutMs: 60_000,
      });
      expect(r.outputs.conclusion).toBe("success");
      expect(r.outputs.result).toBe("done");
      expect(r.stdout).toContain("was skipped unread");
      const raw = readFileSync(r.outputs["transcript-file"]!);
      expect(raw.length).toBe(readFileSync(file).length);
    }, 90_000);
  });

  describe("an agent whose stdout is not stream-json", () => {
    it("shows the lines, and says the output was not stream-json", async () => {
      const agentPath = path.join(dir, "plain.sh");
      writeFileSync(
        agentPath,
        "#!/bin/sh\necho 'Hello, I am a wrapper that prints text'\necho '::warning::forged'\nexit 0\n",
      );
      chmodSync(agentPath, 0o755);
      const r = await runAction({
        inputs: { prompt: "go", "agent-path": agentPath },
        env: { CURSOR_API_KEY: KEY },
      });
      expect(r.outputs.conclusion).toBe("failure");
      expect(r.outputs.error).toMatch(
        /^The agent's output was not stream-json: 2 lines, none of them a JSON event/,
      );
      expect(r.stdout).toContain("stdout (not stream-json): Hello, I am a wrapper that prints text");
      expect(r.log.commands.filter((c) => c.name === "warning").map((c) => c.data)).not.toContain("forged");
    });
  });
});

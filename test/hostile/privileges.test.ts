import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { can, cleanupActionRuns, FAKE_AGENT, fixture, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const dir = mkdtempSync(path.join(tmpdir(), "hostile-priv-"));
const KEY = "key_0123456789abcdef0123456789abcdef";
const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const OIDC = "oidc-request-token-0123456789";
const hasSudo = can("sudo");

const spy = path.join(dir, "spy.sh");
writeFileSync(
  spy,
  `#!/bin/sh
out="$SPY_OUT"
: > "$out"
pid=$PPID
while [ "$pid" -gt 1 ]; do
  echo "== $pid" >> "$out"
  tr '\\0' '\\n' < /proc/$pid/environ >> "$out" 2>/dev/null
  tr '\\0' ' ' < /proc/$pid/cmdline >> "$out" 2>/dev/null; echo >> "$out"
  pid=$(sed 's/.*) //' /proc/$pid/stat | cut -d' ' -f2)
done
grep -E '^(NoNewPrivs|CapEff):' /proc/self/status >> "$out"
if sudo -n true 2>/dev/null; then echo "SUDO=yes" >> "$out"; else echo "SUDO=no" >> "$out"; fi
exec "$FAKE_AGENT_BIN" "$@"
`,
);
chmodSync(spy, 0o755);

function run(strategy: string) {
  // One file per run: the cases run concurrently, some with the same strategy.
  const out = path.join(dir, `found-${strategy}-${Math.random().toString(36).slice(2)}.txt`);
  return runAction({
    inputs: { prompt: "go", "agent-path": spy, "safety-strategy": strategy },
    env: {
      CURSOR_API_KEY: KEY,
      SPY_OUT: out,
      FAKE_AGENT_BIN: FAKE_AGENT,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: OIDC,
      ACTIONS_ID_TOKEN_REQUEST_URL: "https://oidc.example/token?audience=x",
    },
    githubToken: TOKEN,
    scenario: { transcript: fixture("cursed-mac-read-edit-usage.ndjson") },
  }).then((r) => ({ r, found: readFileSync(out, "utf8") }));
}

describe.concurrent("what the agent can reach", () => {
  it("no-sudo (the default): none of the step's secrets in any ancestor, no_new_privs set, sudo refused", async () => {
    const { r, found } = await run("no-sudo");
    expect(r.outputs.conclusion).toBe("success");
    expect(r.stdout).toContain("Safety: no-sudo");
    // The action itself is among the ancestors walked.
    expect(found).toMatch(/node .*index\.js/);
    for (const secret of [TOKEN, r.env.ACTIONS_RUNTIME_TOKEN!, OIDC, "https://oidc.example/token"]) {
      expect(found).not.toContain(secret);
    }
    // The API key reaches the agent (it needs it), through its own environment only.
    expect(found.split("\n").filter((l) => l.includes(KEY))).toEqual([]);
    expect(found).toMatch(/^NoNewPrivs:\s+1$/m);
    expect(found).toContain("SUDO=no");
  });

  it("unsafe: the notice names what the agent can reach; its own environment still holds no secret", async () => {
    const { r, found } = await run("unsafe");
    expect(r.outputs.conclusion).toBe("success");
    const notices = r.log.commands.filter((c) => c.name === "notice").map((c) => c.data);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^safety-strategy unsafe: .*sudo/);
    expect(found).toMatch(/^NoNewPrivs:\s+0$/m);
    expect(found).not.toContain(TOKEN);
  });

  it.skipIf(!hasSudo)(
    `sudo works in the agent's tree with unsafe, and not with no-sudo${hasSudo ? "" : " (skipped: sudo is not installed)"}`,
    async () => {
      const [safe, unsafe] = await Promise.all([run("no-sudo"), run("unsafe")]);
      expect(unsafe.found).toContain("SUDO=yes");
      expect(safe.found).toContain("SUDO=no");
      // As root, no-sudo also leaves the agent no capabilities.
      if (process.geteuid?.() === 0) expect(safe.found).toMatch(/^CapEff:\s+0+$/m);
    },
  );
});

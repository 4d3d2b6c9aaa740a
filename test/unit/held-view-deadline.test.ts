/**
 * The held view (src/security/held-view.ts) past its set-up's deadline: let go of, and then it must not keep
 * the action alive. A set-up that never finishes (a mount stuck on a hung file system, a sudo stuck in its
 * PAM stack) does not read the end of its stdin either: whatever of it we still hold must not be ref'd, or
 * the step waits for a process that may never end. Stood in for by a "python" that never reads its stdin.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { HeldView } from "../../src/security/held-view.js";

const dirs: string[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The handles that keep this process's event loop alive, by kind. */
const keepingAlive = (): string[] => process.getActiveResourcesInfo().filter((k) => k !== "Timeout");

it("a set-up past its deadline: let go of, nothing of it keeps the action alive", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "held-deadline-"));
  dirs.push(dir);
  const pidFile = path.join(dir, "pid");
  const stuck = path.join(dir, "stuck-python");
  // Never reads its stdin, never ends: a set-up stuck in a system call.
  writeFileSync(stuck, `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 600\n`);
  chmodSync(stuck, 0o755);
  const before = keepingAlive();
  const held = new HeldView({
    python: stuck,
    root: true,
    cwd: dir,
    transcriptFile: path.join(dir, "transcript.ndjson"),
  });
  const verdict = await held.setUp({ agent: [54321, 54321], views: [], covers: [] }, 200);
  expect(verdict).toBe("its set-up did not finish in time");
  pids.push(Number(readFileSync(pidFile, "utf8").trim()));
  // Let go of (ownView closes it again: a no-op), the process still there.
  held.close();
  // The end of its stdin is a request of its own, done at once (the socket's buffer is empty): waited for.
  for (let n = 0; n < 100 && keepingAlive().includes("SimpleShutdownWrap"); n++)
    await new Promise((r) => setImmediate(r));
  expect(keepingAlive()).toEqual(before);
});

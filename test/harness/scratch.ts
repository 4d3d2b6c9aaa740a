/**
 * Vitest global setup: one temporary directory for the whole `npm test`, removed at its end. Every
 * worker, and every process the tests start, inherits TMPDIR, so whatever a test leaves in its temporary
 * directories (a failed test skips its own cleanup; some leave a small repository or log behind on purpose
 * until the file ends) goes with the run, and a machine's /tmp does not fill up with ~160 directories a run.
 * Mode 1777, as /tmp's: the tests that run as another user need to pass through it.
 *
 * As root, where the default strategy gives the agent a view of its own (src/security/agent-view.ts) in
 * which /tmp is its own, empty one, the directory is under /run instead: the fake agent's scenarios and
 * transcripts, and the shared copy of it, must be where the agent's user can see them, as a real agent's
 * install is.
 *
 * Listed after build-bundle.ts, which keeps its builds in the real temporary directory, across runs.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export default function setup(): () => void {
  const base = process.geteuid?.() === 0 ? "/run" : tmpdir();
  const dir = mkdtempSync(path.join(base, "cursor-agent-action-tests-"));
  chmodSync(dir, 0o1777);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
}

/**
 * Where a test lets the agent's own user (the default strategy, as root) write its record. Not under /tmp:
 * the end of that user removes every file it owns in the machine's shared temporary directories (/tmp,
 * /var/tmp, /dev/shm; security/agent-user-end.ts), the fake agent's record among them. Under /run, root's
 * (only root runs the agent as its own user in the tests), removed by {@link removeAgentRecordDirs}.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";

const made: string[] = [];

/** A new directory any user may write, outside the shared temporary directories. */
export function agentRecordsDir(name: string): string {
  const dir = mkdtempSync(path.join("/run", `cursor-agent-action-${name}-`));
  chmodSync(dir, 0o777);
  made.push(dir);
  return dir;
}

export function removeAgentRecordDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * The Cursor CLI this run uses. Without `cursor-version`, the one `agent-path` names when it is there
 * (nothing of the installer is loaded then: start-up), else the latest build, installed; a build name or
 * `latest`, installed (from the runner's tool cache when an earlier run put it there). An installed
 * build's directory goes on `$GITHUB_PATH` for later steps. Runs before the file commands are noted: that
 * `$GITHUB_PATH` line is ours, not the agent's.
 */
import { appendFileSync } from "node:fs";
import path from "node:path";
import type { LogWriter } from "../render/log-writer.js";
import { findExecutable } from "../security/strategy.js";
import { buildOfPath } from "../settings/install.js";
import { INPUT_DEFAULTS, type Settings } from "../settings/settings.js";

export interface Cli {
  /** Set when the action installed it: the launcher to run. */
  agentPath?: string;
  build: string;
  /** The sha256 of the package installed; empty for a CLI found on PATH. */
  sha256: string;
}

export async function ensureCli(settings: Settings, env: NodeJS.ProcessEnv, log: LogWriter): Promise<Cli> {
  const want = settings.install;
  if (want.version === "") {
    const found = findExecutable(settings.agentPath, env.PATH);
    // A path the user named is theirs to fix: not found, it fails as before, with the install hint.
    if (found || settings.agentPath !== INPUT_DEFAULTS["agent-path"]) {
      return { build: found ? buildOfPath(found) : "", sha256: "" };
    }
  }
  const { installAgent } = await import("../install/install.js");
  const say = (line: string) => {
    log.text(line);
    log.flush();
  };
  log.group(`Installing the Cursor CLI (${want.version || "latest"})`);
  log.flush();
  const got = await installAgent(want, env, say).finally(() => {
    log.endGroup();
    log.flush();
  });
  if (env.GITHUB_PATH) {
    try {
      appendFileSync(env.GITHUB_PATH, `${path.dirname(got.agentPath)}\n`);
    } catch {}
  }
  return got;
}

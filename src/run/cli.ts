/**
 * The Cursor CLI this run uses. Without `cursor-version`, the one `agent-path` names when it is there
 * (nothing of the installer is loaded then: start-up), else the latest build, installed; a build name or
 * `latest`, installed (from the runner's tool cache when an earlier run put it there and it still matches
 * its manifest: see ../install/manifest.ts).
 *
 * An installed build's directory goes on `$GITHUB_PATH` for later steps only at the run's end
 * ({@link addCliToPath}): once the agent and all it started are gone, the file commands put back, and only
 * if the directory (and the manifest beside it) is still what was verified before the agent ran. Not a
 * copy put somewhere the agent cannot write: under `no-sudo` the agent is the runner's user, and every
 * directory the action can write, it can too; what it cannot reach is this process's memory, which holds
 * the manifest verified at the start. A check at the end is also the one that stops an agent's edit from
 * being trusted by the next run on this runner (the manifest is then removed).
 */
import { appendFileSync } from "node:fs";
import type { Manifest } from "../install/manifest.js";
import type { LogWriter } from "../render/log-writer.js";
import { findExecutable } from "../security/strategy.js";
import { buildOfPath } from "../settings/install.js";
import { INPUT_DEFAULTS, type Settings } from "../settings/settings.js";

export interface Cli {
  /** Set when the action installed it: the program to run, and the arguments before the CLI's own. */
  launcher?: { file: string; args: string[] };
  build: string;
  /** The sha256 of the package installed (a cached one's from its verified manifest); empty for a CLI found on PATH. */
  sha256: string;
  /** Set when the action installed it: its directory and the manifest it matched before the agent ran. */
  installed?: { home: string; manifest: Manifest };
}

/** `host`: the environment, and the machine the package is chosen for (passed in: run/deps.ts). */
export async function ensureCli(
  settings: Settings,
  host: { env: NodeJS.ProcessEnv; platform: NodeJS.Platform; arch: string },
  log: LogWriter,
): Promise<Cli> {
  const { env } = host;
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
  const got = await installAgent(want, env, say, host.platform, host.arch).finally(() => {
    log.endGroup();
    log.flush();
  });
  return {
    launcher: got.launcher,
    build: got.build,
    sha256: got.sha256,
    installed: { home: got.home, manifest: got.manifest },
  };
}

/**
 * The run's end, after the agent's process group is gone and this step's file commands are put back
 * (their put-back would otherwise undo this line): an installed CLI's directory goes on `$GITHUB_PATH`
 * if it still matches what was verified before the agent ran. Returns the warning to show when it does
 * not (then later steps do not get it, and the next run installs it again); nothing for a CLI the action
 * did not install.
 */
export async function addCliToPath(cli: Cli | undefined, env: NodeJS.ProcessEnv): Promise<string[]> {
  if (!cli?.installed) return [];
  const { home, manifest } = cli.installed;
  const { checkUnchanged } = await import("../install/manifest.js");
  const why = await checkUnchanged(home, manifest);
  if (why) {
    return [
      `The Cursor CLI in ${home} changed while the agent ran (${why}): it is not added to PATH for later steps, and the next run installs it again`,
    ];
  }
  if (env.GITHUB_PATH) {
    try {
      appendFileSync(env.GITHUB_PATH, `${home}\n`);
    } catch {}
  }
  return [];
}

import path from "node:path";

/**
 * Where a build of the Cursor CLI is published, per platform (the layout the CLI's own install script
 * uses): `<base>/lab/<build>/<os>/<arch>/agent-cli-package.tar.gz` (`.zip` on Windows), one directory at
 * the top of the archive, holding the launcher `cursor-agent` and everything it runs (a node, its chunks,
 * native modules, rg): the whole directory is the install.
 */
const OS: Partial<Record<NodeJS.Platform, string>> = { linux: "linux", darwin: "darwin", win32: "windows" };
const ARCH: Partial<Record<string, string>> = { x64: "x64", arm64: "arm64" };

export interface Target {
  os: string;
  arch: string;
  archive: "tar.gz" | "zip";
}

export function targetOf(platform: NodeJS.Platform, arch: string): Target | string {
  const os = OS[platform];
  const a = ARCH[arch];
  if (!os || !a) {
    return `the Cursor CLI is published for Linux, macOS and Windows on x64 and arm64, not ${platform}/${arch}`;
  }
  return { os, arch: a, archive: os === "windows" ? "zip" : "tar.gz" };
}

export function packageUrl(base: string, build: string, t: Target): string {
  return `${base}/lab/${build}/${t.os}/${t.arch}/agent-cli-package.${t.archive}`;
}

/** How the CLI in a package is started: a program, and the arguments that go before the CLI's own. */
export interface Launcher {
  file: string;
  args: string[];
}

/**
 * The CLI's launcher in the package at `dir` (`has` says whether a file of it exists), or why there is
 * none. Windows' packages ship `cursor-agent.cmd` and `.ps1` over a bundled `node.exe` and `index.js` (the
 * .cmd is one line: `"%~dp0node.exe" "%~dp0index.js" %*`). Node starts a .cmd only through cmd.exe (it
 * refuses one without a shell since its 2024 security releases), and cmd.exe would parse the prompt, text
 * from the pull request among it, as commands: so the action runs that one line itself, without a shell,
 * as other projects that run the CLI on Windows do. A `cursor-agent.exe`, where a package has one, is
 * started as it is.
 */
export function launcherIn(dir: string, t: Target, has: (name: string) => boolean): Launcher | string {
  if (t.os !== "windows") {
    return has("cursor-agent")
      ? { file: path.join(dir, "cursor-agent"), args: [] }
      : "no cursor-agent launcher";
  }
  if (has("cursor-agent.exe")) return { file: path.join(dir, "cursor-agent.exe"), args: [] };
  if (has("node.exe") && has("index.js")) {
    return { file: path.join(dir, "node.exe"), args: [path.join(dir, "index.js")] };
  }
  return "neither cursor-agent.exe nor node.exe and index.js (what its cursor-agent.cmd would run)";
}

/**
 * The tool cache keys versions by semver: a build `2026.09.28-a1b2c3d` is kept as `2026.9.28-ga1b2c3d`
 * (no leading zeros; the `g` keeps an all-digit commit from reading as a number).
 */
export function cacheVersion(build: string): string {
  const [date = "", commit = ""] = build.split("-");
  return `${date
    .split(".")
    .map((n) => String(Number(n)))
    .join(".")}-g${commit}`;
}

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

/** The launcher inside the package: a program the action can start as it is. */
export function launcherName(t: Target): string {
  return t.os === "windows" ? "cursor-agent.exe" : "cursor-agent";
}

/**
 * Why a Windows package whose launcher is a script cannot be run, when it is one: Windows' packages have
 * shipped `cursor-agent.cmd` and `.ps1` over a bundled `node.exe`. Node starts a .cmd only through cmd.exe
 * (it refuses one without a shell since its 2024 security releases), and cmd.exe would parse the prompt,
 * text from the pull request among it, as commands.
 */
export function scriptLauncher(t: Target, has: (name: string) => boolean): string | undefined {
  if (t.os !== "windows") return undefined;
  const script = ["cursor-agent.cmd", "cursor-agent.ps1"].find(has);
  return script
    ? `its Windows launcher is ${script}, a script only cmd.exe or PowerShell starts, and they would read the prompt as commands: this action cannot run it`
    : undefined;
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

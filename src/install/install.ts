/**
 * Installing the Cursor CLI without a step of the user's: the build asked for (or the latest), from the
 * runner's tool cache when an earlier run put it there and it still is what was installed, else
 * downloaded (./fetch.ts), unpacked under rules (./tar.ts), recorded (./manifest.ts) and put in the tool
 * cache, keyed by build and arch (`<cache>/cursor-agent/<semver>/<arch>`, with `<arch>.complete` as
 * @actions/tool-cache lays it out). No checksum is published for the CLI: the archive's sha256 is
 * logged and output, so a workflow can pin it. Loaded only when an install may be needed.
 */
import { existsSync, readdirSync } from "node:fs";
import { chmod, cp, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { BUILD, type InstallSettings } from "../settings/install.js";
import {
  download,
  FetchFailed,
  getText,
  HttpStatusError,
  InstallError,
  type Log,
  mib,
  why,
} from "./fetch.js";
import { checkInstall, type Manifest, Mismatch, manifestFile, recordManifest } from "./manifest.js";
import { cacheVersion, type Launcher, launcherIn, packageUrl, type Target, targetOf } from "./platform.js";
import { UnpackRefused, unpackTarGz } from "./tar.js";

export { InstallError } from "./fetch.js";

export interface Installed {
  /** How to start it (on Windows, its bundled node.exe on its index.js: platform.ts launcherIn). */
  launcher: Launcher;
  build: string;
  /** The package's sha256, from the manifest verified (a cached build) or the download (a new one). */
  sha256: string;
  fromCache: boolean;
  /** The install directory and what it held when verified: the run's end checks it again. */
  home: string;
  manifest: Manifest;
}

const TOOL = "cursor-agent";
const DEFAULT_BASE = "https://downloads.cursor.com";

export async function installAgent(
  s: InstallSettings,
  env: NodeJS.ProcessEnv,
  log: Log,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): Promise<Installed> {
  const target = targetOf(platform, arch);
  if (typeof target === "string") throw new InstallError(`Could not install the Cursor CLI: ${target}.`);
  // A build the user named, or the one found as the latest (then a 404 is not theirs to fix).
  const named = BUILD.test(s.version);
  const build = named ? s.version : await latest(s.baseUrl, log);

  const temp = env.RUNNER_TEMP || tmpdir();
  const cache = env.RUNNER_TOOL_CACHE || path.join(temp, "tool-cache");
  const home = path.join(cache, TOOL, cacheVersion(build), target.arch);
  const cached = await fromCache(s, build, home, target, log);
  if (cached) return cached;
  const work = await mkdtemp(path.join(temp, "cursor-agent-install-"));
  try {
    const archive = path.join(work, `agent-cli-package.${target.archive}`);
    const sha256 = await fetchPackage(s, named, build, target, archive, log);
    const manifest = await place(archive, home, build, sha256, target, work);
    const files = manifest.entries.filter((e) => e.kind === "file");
    const bytes = files.reduce((n, e) => n + (e.size ?? 0), 0);
    log(
      `Cursor CLI ${build} installed in ${home} (${files.length} files, ${mib(bytes)}; manifest ${manifestFile(home)})`,
    );
    return { launcher: launcher(home, target), build, sha256, fromCache: false, home, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The tool cache's entry, if there is one it can use. The cache is writable by whoever ran before (an
 * agent as the runner's user among them): an entry is used only while every file is still what was
 * installed, and cursor-sha256 is then its manifest's. With cursor-sha256 pinned, never: the manifest
 * is a file of the cache too, and whoever can write the cache can write one that names the pin over files
 * of their own. A pin is checked against what runs, the package downloaded in this run, every run.
 */
async function fromCache(
  s: InstallSettings,
  build: string,
  home: string,
  target: Target,
  log: Log,
): Promise<Installed | undefined> {
  if (!existsSync(`${home}.complete`)) return undefined;
  if (s.sha256) {
    log(
      `cursor-sha256 is pinned: the tool cache's copy of ${build} is not taken on its manifest's word (anyone who can write the cache can write one); downloading it`,
    );
    return undefined;
  }
  const check = await checkInstall(home, build);
  const where = `Cursor CLI ${build} in the tool cache (${home})`;
  if (!("manifest" in check)) {
    log(`${where} is not what was installed (${check.why}): installing it again`);
    return undefined;
  }
  const { manifest } = check;
  const files = manifest.entries.filter((e) => e.kind === "file").length;
  log(
    `Cursor CLI ${build} from the tool cache (${home}), sha256 ${manifest.sha256}: its ${files} files match its manifest`,
  );
  return {
    launcher: launcher(home, target),
    build,
    sha256: manifest.sha256,
    fromCache: true,
    home,
    manifest,
  };
}

async function fetchPackage(
  s: InstallSettings,
  named: boolean,
  build: string,
  target: Target,
  archive: string,
  log: Log,
): Promise<string> {
  const url = packageUrl(s.baseUrl, build, target);
  log(`Downloading the Cursor CLI ${build} from ${url}`);
  const got = await download(url, archive, log).catch((e: unknown) => {
    const last = e instanceof FetchFailed ? e.last : e;
    if (last instanceof HttpStatusError && last.status === 404) {
      throw new InstallError(
        named
          ? `Could not install the Cursor CLI: build ${build} was not found (HTTP 404 from ${url}); check cursor-version.`
          : `Could not install the Cursor CLI: build ${build}, named the latest, was not found (HTTP 404 from ${url}); set cursor-version to a build published there.`,
      );
    }
    const failed = e instanceof FetchFailed ? e.message : `${url} failed (${why(e)})`;
    throw new InstallError(`Could not install the Cursor CLI: ${failed}.`);
  });
  log(`Downloaded ${mib(got.bytes)}, sha256 ${got.sha256}`);
  // Checked before anything is unpacked: a package that is not the pinned one never reaches the cache.
  if (s.sha256 && got.sha256 !== s.sha256) {
    throw new InstallError(
      `Could not install the Cursor CLI ${build}: its package's sha256 is ${got.sha256}, not cursor-sha256 ${s.sha256}; nothing of it was run.`,
    );
  }
  return got.sha256;
}

/**
 * The package unpacked into `home` (whatever was there removed first, its `.complete` marker before it,
 * so that a run cut short leaves no entry that looks whole), recorded, then marked complete. A refused
 * package leaves nothing behind and is one line.
 */
async function place(
  archive: string,
  home: string,
  build: string,
  sha256: string,
  target: Target,
  work: string,
): Promise<Manifest> {
  await remove(`${home}.complete`);
  await remove(manifestFile(home));
  await remove(home);
  await mkdir(path.dirname(home), { recursive: true });
  try {
    if (target.archive === "tar.gz") await unpackTarGz(archive, home);
    else await unpackZip(archive, home, work);
    launcher(home, target);
    const manifest = await recordManifest(home, build, sha256);
    await writeFile(`${home}.complete`, "");
    return manifest;
  } catch (e) {
    await remove(home).catch(() => {});
    await remove(manifestFile(home)).catch(() => {});
    if (e instanceof InstallError) throw e;
    const reason = e instanceof UnpackRefused || e instanceof Mismatch ? e.message : why(e).split("\n")[0];
    throw new InstallError(
      `Could not install the Cursor CLI ${build}: ${reason} (package sha256 ${sha256}); nothing of it was run.`,
    );
  }
}

/**
 * Windows' .zip, by @actions/tool-cache (PowerShell): a zip holds no FIFO, device or hard link, and the
 * manifest's walk refuses anything but files, directories and links and checks the caps, but only once
 * it is unpacked (the tar.gz's cap holds before).
 */
async function unpackZip(archive: string, home: string, work: string): Promise<void> {
  process.env.RUNNER_TEMP ||= work;
  const tc = await import("@actions/tool-cache");
  const staging = path.join(work, "package");
  await tc.extractZip(archive, staging);
  const entries = readdirSync(staging, { withFileTypes: true });
  const top =
    entries.length === 1 && entries[0]!.isDirectory() ? path.join(staging, entries[0]!.name) : staging;
  await cp(top, home, { recursive: true, verbatimSymlinks: true });
}

/** Removes a file or a tree, also one whose directories were made read-only (by an agent, to keep it). */
async function remove(target: string): Promise<void> {
  try {
    await rm(target, { recursive: true, force: true });
  } catch {
    await writable(target).catch(() => {});
    await rm(target, { recursive: true, force: true }).catch((e: unknown) => {
      throw new InstallError(`Could not install the Cursor CLI: ${target} cannot be replaced (${why(e)}).`);
    });
  }
}

async function writable(dir: string): Promise<void> {
  const st = await lstat(dir);
  if (!st.isDirectory()) return;
  await chmod(dir, 0o700);
  for (const name of await readdir(dir)) await writable(path.join(dir, name));
}

/**
 * The current build: the latest-version endpoint (often 403), else the build the install script names
 * (served only to a curl-like User-Agent). A mirror serves the script at `<base>/install`.
 */
async function latest(base: string, log: Log): Promise<string> {
  const problems: string[] = [];
  try {
    const text = (await getText(`${base}/lab/latest-version`, log)).trim();
    if (BUILD.test(text)) return text;
    problems.push("latest-version: not a build name");
  } catch (e) {
    problems.push(`latest-version: ${why(e)}`);
  }
  const script = base === DEFAULT_BASE ? "https://cursor.com/install" : `${base}/install`;
  try {
    const text = await getText(script, log, { "user-agent": "curl/8.5.0" });
    const named = /\/lab\/(\d{4}\.\d{2}\.\d{2}-[0-9a-f]{7,40})\//.exec(text)?.[1];
    if (named) {
      log(`The latest Cursor CLI build, from the install script: ${named}`);
      return named;
    }
    problems.push("install script: names no build");
  } catch (e) {
    problems.push(`install script: ${why(e)}`);
  }
  throw new InstallError(
    `Could not find the latest Cursor CLI build (${problems.join("; ")}); set cursor-version to a build.`,
  );
}

function launcher(dir: string, target: Target): Launcher {
  const found = launcherIn(dir, target, (name) => existsSync(path.join(dir, name)));
  if (typeof found !== "string") return found;
  throw new InstallError(`Could not install the Cursor CLI: its package has ${found} (in ${dir}).`);
}

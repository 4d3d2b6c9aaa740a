/**
 * Installing the Cursor CLI without a step of the user's: the build asked for (or the latest), from the
 * runner's tool cache when an earlier run put it there, else downloaded (./fetch.ts), unpacked whole and
 * put in the tool cache, keyed by build and arch. No checksum is published for the CLI: the archive's
 * sha256 is logged and output, so a workflow can pin it. Loaded only when an install may be needed.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
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
import { cacheVersion, launcherNames, packageUrl, type Target, targetOf } from "./platform.js";

export { InstallError } from "./fetch.js";

export interface Installed {
  agentPath: string;
  build: string;
  sha256: string;
  fromCache: boolean;
}

const TOOL = "cursor-agent";
const DEFAULT_BASE = "https://downloads.cursor.com";
/** Kept beside the unpacked package, so that a build from the cache still has its archive's hash. */
const SHA_FILE = ".cursor-agent-action.sha256";

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

  // The tool cache's module reads its directories from the process's environment.
  const temp = env.RUNNER_TEMP || tmpdir();
  process.env.RUNNER_TEMP ||= temp;
  process.env.RUNNER_TOOL_CACHE ||= env.RUNNER_TOOL_CACHE || path.join(temp, "tool-cache");
  const tc = await import("@actions/tool-cache");
  const cached = tc.find(TOOL, cacheVersion(build), target.arch);
  if (cached) {
    const sha256 = recordedSha(cached);
    if (sha256) {
      log(`Cursor CLI ${build} from the tool cache (${cached}), sha256 ${sha256}`);
      return { agentPath: launcher(cached, target), build, sha256, fromCache: true };
    }
    // Put there by another tool or an older version of this action: what it is cannot be told, and
    // cursor-sha256 would be empty. Downloaded again; tc.cacheDir empties the entry before filling it.
    log(`Cursor CLI ${build} in the tool cache (${cached}) has no sha256 beside it: downloading it again`);
  }

  const url = packageUrl(s.baseUrl, build, target);
  const work = path.join(temp, `cursor-agent-install-${process.pid}-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  try {
    log(`Downloading the Cursor CLI ${build} from ${url}`);
    const archive = path.join(work, `agent-cli-package.${target.archive}`);
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
    const dir = await unpack(archive, path.join(work, "package"), target, tc);
    launcher(dir, target);
    writeFileSync(path.join(dir, SHA_FILE), `${got.sha256}\n`);
    const home = await tc.cacheDir(dir, TOOL, cacheVersion(build), target.arch);
    log(`Cursor CLI ${build} installed in ${home}`);
    return { agentPath: launcher(home, target), build, sha256: got.sha256, fromCache: false };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
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

/** The package's one top directory, unpacked into `dest` (the install script strips it the same way). */
async function unpack(
  archive: string,
  dest: string,
  target: Target,
  tc: typeof import("@actions/tool-cache"),
): Promise<string> {
  mkdirSync(dest, { recursive: true });
  try {
    if (target.archive === "tar.gz") {
      await promisify(execFile)("tar", ["-xzf", archive, "-C", dest, "--strip-components=1"], {
        timeout: 300_000,
      });
      return dest;
    }
    await tc.extractZip(archive, dest);
  } catch (e) {
    throw new InstallError(`Could not unpack the Cursor CLI package: ${why(e).split("\n")[0]}.`);
  }
  const entries = readdirSync(dest, { withFileTypes: true });
  const only = entries.length === 1 && entries[0]!.isDirectory() ? path.join(dest, entries[0]!.name) : dest;
  return only;
}

/** The archive's sha256 this action wrote beside a cached build; empty when missing, unreadable or not a hash. */
function recordedSha(dir: string): string {
  try {
    const sha = readFileSync(path.join(dir, SHA_FILE), "utf8").trim();
    return /^[0-9a-f]{64}$/.test(sha) ? sha : "";
  } catch {
    return "";
  }
}

function launcher(dir: string, target: Target): string {
  for (const name of launcherNames(target)) {
    const p = path.join(dir, name);
    if (existsSync(p)) return p;
  }
  throw new InstallError(`The Cursor CLI package has no ${launcherNames(target)[0]} launcher (in ${dir}).`);
}

/**
 * The install inputs: `cursor-version` (empty: the CLI on PATH, else the latest build; `latest`; or a build
 * name) and `download-base-url` (a mirror, or a test's server). Pure and small: it is read on every run,
 * while the installer itself (./install.ts) is loaded only when a download may be needed.
 */
import { realpathSync } from "node:fs";
import { InputError } from "../base/errors.js";

export interface InstallSettings {
  /** `""`: use `agent-path` when it is found, else install the latest build. */
  version: "" | "latest" | string;
  /** Without a trailing slash. */
  baseUrl: string;
  /**
   * `cursor-sha256`: the package's digest, with a build named; only a package with it is run (the
   * download, or a tool-cache entry whose verified manifest names it). Empty: any.
   */
  sha256?: string;
}

/** How the CLI's builds are named: `YYYY.MM.DD-<commit>`, e.g. `2026.09.28-a1b2c3d`. */
export const BUILD = /^\d{4}\.\d{2}\.\d{2}-[0-9a-f]{7,40}$/;

/** `pinned`: the `cursor-sha256` input (read by the caller: ../settings/settings.ts lists the inputs). */
export function readInstallInputs(
  get: (name: "cursor-version" | "download-base-url") => string,
  pinned = "",
): InstallSettings {
  const version = get("cursor-version");
  if (version !== "" && version !== "latest" && !BUILD.test(version)) {
    throw new InputError(
      "cursor-version",
      `'${version.slice(0, 80)}' is not a build name like 2026.09.28-a1b2c3d, nor latest`,
    );
  }
  const base = get("download-base-url");
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new InputError("download-base-url", `'${base.slice(0, 200)}' is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new InputError("download-base-url", `'${url.protocol}' is not http or https`);
  }
  const sha256 = pinned.trim().toLowerCase();
  if (sha256 !== "" && !/^[0-9a-f]{64}$/.test(sha256)) {
    throw new InputError("cursor-sha256", `'${pinned.slice(0, 80)}' is not a sha256 (64 hex digits)`);
  }
  if (sha256 !== "" && !BUILD.test(version)) {
    throw new InputError(
      "cursor-sha256",
      "needs cursor-version set to the build it is the package digest of",
    );
  }
  return { version, baseUrl: base.replace(/\/+$/, ""), ...(sha256 ? { sha256 } : {}) };
}

/**
 * The build an installed CLI is, from where its launcher really lives: the install script links
 * `~/.local/bin/cursor-agent` to `…/versions/<build>/cursor-agent`, and our own cache holds it under
 * `…/cursor-agent/<build>/…`. Empty when the path says nothing.
 */
export function buildOfPath(executable: string): string {
  try {
    const real = realpathSync(executable);
    for (const part of real.split(/[\\/]/).reverse()) if (BUILD.test(part)) return part;
  } catch {}
  return "";
}

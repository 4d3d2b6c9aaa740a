/**
 * The action installs the Cursor CLI itself: a local stand-in for downloads.cursor.com serves a package laid
 * out like the real one (its launcher runs the fake agent), and the bundle downloads, unpacks, caches and
 * runs it; a second run with the same tool cache does not download (a cached build without its manifest is
 * downloaded again; test/hostile/installer.test.ts has the tampered ones); 503s and dropped connections
 * are retried; a 404, a refusing host and a bad input are one-line errors; `latest` resolves through
 * latest-version and through the install script; a mirror that gzips the package on the wire still gives
 * the archive's sha256.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type CliDownloads,
  refusingUrl,
  withCliDownloads as withDownloads,
} from "../harness/cli-downloads.js";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";
const BUILD = "2026.09.28-a1b2c3d";
const OLDER = "2026.08.14-0123456";
/** PATH without the fake agent: only an installed CLI can run. */
const ARCH = process.arch === "arm64" ? "arm64" : "x64";
const BARE_PATH = "/usr/local/bin:/usr/bin:/bin";

function run(d: { url: string }, inputs: Record<string, string>, env: Record<string, string> = {}) {
  return runAction({
    inputs: { prompt: "go", "download-base-url": d.url, ...inputs },
    env: { CURSOR_API_KEY: KEY, PATH: BARE_PATH, ...env },
    scenario: {},
  });
}

const packageRequests = (d: CliDownloads) => d.requests.filter((r) => r.path.endsWith(".tar.gz"));
const downloads = (d: CliDownloads) => packageRequests(d).length;
const packagePath = (build: string) => `/lab/${build}/linux/${ARCH}/agent-cli-package.tar.gz`;

describe.concurrent("installing the Cursor CLI", () => {
  it("a build: downloaded, unpacked whole, run; the second run takes it from the tool cache", async () => {
    await withDownloads({ builds: [BUILD, OLDER], latest: BUILD }, async (d) => {
      const cache = mkdtempSync(path.join(tmpdir(), "toolcache-"));
      const first = await run(d, { "cursor-version": OLDER }, { RUNNER_TOOL_CACHE: cache });
      expect(first.outputs.error).toBe("");
      expect(first.outputs.conclusion).toBe("success");
      expect(first.record?.outcome).toBe("finished");
      expect(first.outputs["cursor-version"]).toBe(OLDER);
      expect(first.outputs["cursor-sha256"]).toBe(d.packages.get(OLDER)!.sha256);
      expect(first.stdout).toContain(`sha256 ${d.packages.get(OLDER)!.sha256}`);
      expect(downloads(d)).toBe(1);
      // The whole directory is the install: the launcher's node, its chunk and rg are there.
      const dir = path.join(cache, "cursor-agent", "2026.8.14-g0123456", ARCH);
      for (const f of ["cursor-agent", "node", "index.js", "chunk-1.js", "rg"]) {
        expect(readFileSync(path.join(dir, f)).length, f).toBeGreaterThan(0);
      }
      // Later steps find it on PATH.
      expect(first.addedPath).toEqual([dir]);

      const second = await run(d, { "cursor-version": OLDER }, { RUNNER_TOOL_CACHE: cache });
      expect(second.outputs.conclusion).toBe("success");
      expect(second.record?.outcome).toBe("finished");
      expect(downloads(d)).toBe(1);
      expect(second.stdout).toContain(
        `Cursor CLI ${OLDER} from the tool cache (${dir}), sha256 ${d.packages.get(OLDER)!.sha256}`,
      );
      expect(second.outputs["cursor-sha256"]).toBe(d.packages.get(OLDER)!.sha256);
    });
  }, 60_000);

  it("a tool-cache entry with no manifest beside it (another tool's) is downloaded again and replaced", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const cache = mkdtempSync(path.join(tmpdir(), "toolcache-"));
      const dir = path.join(cache, "cursor-agent", "2026.9.28-ga1b2c3d", ARCH);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "cursor-agent"), "#!/bin/sh\necho 'not this one' >&2\nexit 3\n", {
        mode: 0o755,
      });
      writeFileSync(`${dir}.complete`, "");
      const r = await run(d, { "cursor-version": BUILD }, { RUNNER_TOOL_CACHE: cache });
      expect(r.outputs.error).toBe("");
      expect(r.record?.outcome).toBe("finished");
      expect(r.stdout).toContain(
        `Cursor CLI ${BUILD} in the tool cache (${dir}) is not what was installed (no manifest): installing it again`,
      );
      expect(downloads(d)).toBe(1);
      const sha = d.packages.get(BUILD)!.sha256;
      expect(r.outputs["cursor-sha256"]).toBe(sha);
      // The entry is the package now, with its manifest: the next run takes it from the cache.
      expect(readFileSync(path.join(dir, "chunk-1.js"), "utf8")).toContain(BUILD);
      const manifest = JSON.parse(readFileSync(`${dir}.cursor-agent-action.json`, "utf8"));
      expect(manifest).toMatchObject({ build: BUILD, sha256: sha });
    });
  }, 60_000);

  it("two 503s, then the package: retried with backoff, and it runs", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      d.fail(".tar.gz", 503, 2);
      const r = await run(d, { "cursor-version": BUILD });
      expect(r.outputs.conclusion).toBe("success");
      expect(packageRequests(d).map((q) => q.status)).toEqual([503, 503, 200]);
      expect(r.stdout).toMatch(/agent-cli-package\.tar\.gz: HTTP 503; retrying in 1 s \(3 left\)/);
      expect(r.stdout).toMatch(/HTTP 503; retrying in 2 s \(2 left\)/);
    });
  }, 60_000);

  it("connections dropped before an answer: retried with backoff, and it runs", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      d.drop(".tar.gz", 2);
      const r = await run(d, { "cursor-version": BUILD });
      expect(r.outputs.error).toBe("");
      expect(r.outputs["cursor-sha256"]).toBe(d.packages.get(BUILD)!.sha256);
      expect(packageRequests(d).map((q) => q.status)).toEqual([0, 0, 200]);
      expect(r.stdout).toMatch(/agent-cli-package\.tar\.gz: \S+; retrying in 1 s \(3 left\)/);
      expect(r.stdout).toMatch(/agent-cli-package\.tar\.gz: \S+; retrying in 2 s \(2 left\)/);
    });
  }, 60_000);

  it("a host that refuses every connection: one line after 4 attempts", async () => {
    const url = await refusingUrl();
    const r = await run({ url }, { "cursor-version": BUILD });
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.outputs.error).toBe(
      `Could not install the Cursor CLI: ${url}${packagePath(BUILD)} failed after 4 attempts (ECONNREFUSED).`,
    );
    expect(r.stdout).toMatch(/ECONNREFUSED; retrying in 4 s \(1 left\)/);
    expect(r.stdout).not.toMatch(/^\s+at /m);
  }, 60_000);

  it("a mirror that gzips the package on the wire: asked for identity, the archive's sha256 all the same", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD, gzipOnTheWire: true }, async (d) => {
      const r = await run(d, { "cursor-version": BUILD });
      expect(r.outputs.error).toBe("");
      expect(r.record?.outcome).toBe("finished");
      expect(r.outputs["cursor-sha256"]).toBe(d.packages.get(BUILD)!.sha256);
      expect(packageRequests(d).map((q) => [q.acceptEncoding, q.status])).toEqual([["identity", 200]]);
      expect(r.stdout).toContain("sent with Content-Encoding: gzip, decoded");
    });
  }, 60_000);

  it("an unknown build (404), a refusal (403), a server that keeps failing, a bad input: one line each", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const missing = await run(d, { "cursor-version": "2026.01.01-fffffff" });
      expect(missing.outputs.conclusion).toBe("failure");
      expect(missing.outputs.error).toBe(
        `Could not install the Cursor CLI: build 2026.01.01-fffffff was not found (HTTP 404 from ${d.url}${packagePath("2026.01.01-fffffff")}); check cursor-version.`,
      );
      expect(missing.stdout).not.toMatch(/^\s+at /m);
      expect(missing.record).toBeUndefined();

      // Not retried, so not said to be.
      d.fail(".tar.gz", 403, 1);
      const refused = await run(d, { "cursor-version": BUILD });
      expect(refused.outputs.error).toBe(
        `Could not install the Cursor CLI: ${d.url}${packagePath(BUILD)} failed (HTTP 403).`,
      );
      expect(refused.stdout).not.toContain("retrying");
      expect(packageRequests(d).filter((q) => q.path === packagePath(BUILD))).toHaveLength(1);

      d.fail(".tar.gz", 502, 4);
      const down = await run(d, { "cursor-version": BUILD });
      expect(down.outputs.error).toBe(
        `Could not install the Cursor CLI: ${d.url}${packagePath(BUILD)} failed after 4 attempts (HTTP 502).`,
      );

      const bad = await run(d, { "cursor-version": "v1.2" });
      expect(bad.outputs.error).toBe(
        "Input 'cursor-version': 'v1.2' is not a build name like 2026.09.28-a1b2c3d, nor latest",
      );
    });
  }, 60_000);

  it("latest: from the latest-version endpoint; when it answers 403, from the install script", async () => {
    // The script names an older build: only the endpoint's can be the one that ran.
    await withDownloads({ builds: [BUILD, OLDER], latest: BUILD, scriptBuild: OLDER }, async (d) => {
      const r = await run(d, { "cursor-version": "latest" });
      expect(r.outputs["cursor-version"]).toBe(BUILD);
      expect(r.outputs.conclusion).toBe("success");
      expect(packageRequests(d).map((q) => q.path)).toEqual([packagePath(BUILD)]);
      expect(d.requests.filter((q) => q.path === "/install")).toEqual([]);
    });
    // The latest build not published where the packages are: the user named no build to check.
    await withDownloads({ builds: [OLDER], latest: BUILD }, async (d) => {
      const r = await run(d, { "cursor-version": "latest" });
      expect(r.outputs.error).toBe(
        `Could not install the Cursor CLI: build ${BUILD}, named the latest, was not found (HTTP 404 from ${d.url}${packagePath(BUILD)}); set cursor-version to a build published there.`,
      );
    });
    await withDownloads({ builds: [BUILD, OLDER], latest: 403, scriptBuild: OLDER }, async (d) => {
      // No cursor-version and no CLI on PATH: the latest build is installed.
      const r = await run(d, {});
      expect(r.outputs.conclusion).toBe("success");
      expect(r.outputs["cursor-version"]).toBe(OLDER);
      expect(r.stdout).toContain(`The latest Cursor CLI build, from the install script: ${OLDER}`);
      const script = d.requests.find((q) => q.path === "/install")!;
      expect(script.userAgent).toMatch(/^curl\//);
    });
  }, 60_000);

  it("a CLI on PATH is used as it is, and nothing is downloaded", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const r = await runAction({
        inputs: { prompt: "go", "download-base-url": d.url },
        env: { CURSOR_API_KEY: KEY },
      });
      expect(r.outputs.conclusion).toBe("success");
      expect(d.requests).toEqual([]);
      expect(r.outputs["cursor-version"]).toBe("");
      expect(r.outputs["cursor-sha256"]).toBe("");
      // A build named: installed and run, though another CLI is on PATH.
      const pinned = await runAction({
        inputs: { prompt: "go", "download-base-url": d.url, "cursor-version": BUILD },
        env: { CURSOR_API_KEY: KEY },
        scenario: {},
      });
      expect(pinned.outputs["cursor-version"]).toBe(BUILD);
      expect(downloads(d)).toBe(1);
      expect(pinned.record?.outcome).toBe("finished");
      expect(pinned.stdout).toMatch(
        /^Running \S+\/toolcache\/cursor-agent\/2026\.9\.28-ga1b2c3d\/(x64|arm64)\/cursor-agent /m,
      );
    });
  }, 60_000);
});

/**
 * The action installs the Cursor CLI itself: a local stand-in for downloads.cursor.com serves a package laid
 * out like the real one (its launcher runs the fake agent), and the bundle downloads, unpacks, caches and
 * runs it; a second run with the same tool cache does not download; 503s are retried; a 404 and a bad
 * input are one-line errors; `latest` resolves through latest-version and through the install script.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type CliDownloads, startCliDownloads } from "../harness/cli-downloads.js";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";
const BUILD = "2026.09.28-a1b2c3d";
const OLDER = "2026.08.14-0123456";
/** PATH without the fake agent: only an installed CLI can run. */
const ARCH = process.arch === "arm64" ? "arm64" : "x64";
const BARE_PATH = "/usr/local/bin:/usr/bin:/bin";

async function withDownloads(
  o: Parameters<typeof startCliDownloads>[0],
  body: (d: CliDownloads) => Promise<void>,
): Promise<void> {
  const d = await startCliDownloads(o);
  try {
    await body(d);
  } finally {
    await d.close();
  }
}

function run(d: CliDownloads, inputs: Record<string, string>, env: Record<string, string> = {}) {
  return runAction({
    inputs: { prompt: "go", "download-base-url": d.url, ...inputs },
    env: { CURSOR_API_KEY: KEY, PATH: BARE_PATH, ...env },
    scenario: {},
  });
}

const downloads = (d: CliDownloads) => d.requests.filter((r) => r.path.endsWith(".tar.gz")).length;

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
      expect(second.stdout).toContain(`Cursor CLI ${OLDER} from the tool cache`);
      expect(second.outputs["cursor-sha256"]).toBe(d.packages.get(OLDER)!.sha256);
    });
  }, 60_000);

  it("two 503s, then the package: retried with backoff, and it runs", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      d.fail(".tar.gz", 503, 2);
      const r = await run(d, { "cursor-version": BUILD });
      expect(r.outputs.conclusion).toBe("success");
      expect(d.requests.filter((q) => q.path.endsWith(".tar.gz")).map((q) => q.status)).toEqual([
        503, 503, 200,
      ]);
      expect(r.stdout).toMatch(/agent-cli-package\.tar\.gz: HTTP 503; retrying in 1 s \(3 left\)/);
      expect(r.stdout).toMatch(/HTTP 503; retrying in 2 s \(2 left\)/);
    });
  }, 60_000);

  it("an unknown build (404), a server that keeps failing, a bad input: one line each", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const missing = await run(d, { "cursor-version": "2026.01.01-fffffff" });
      expect(missing.outputs.conclusion).toBe("failure");
      expect(missing.outputs.error).toBe(
        `Could not install the Cursor CLI: build 2026.01.01-fffffff was not found (HTTP 404 from ${d.url}/lab/2026.01.01-fffffff/linux/${ARCH}/agent-cli-package.tar.gz); check cursor-version.`,
      );
      expect(missing.stdout).not.toMatch(/^\s+at /m);
      expect(missing.record).toBeUndefined();

      d.fail(".tar.gz", 502, 4);
      const down = await run(d, { "cursor-version": BUILD });
      expect(down.outputs.error).toBe(
        `Could not install the Cursor CLI: ${d.url}/lab/${BUILD}/linux/${ARCH}/agent-cli-package.tar.gz failed after 4 attempts (HTTP 502).`,
      );

      const bad = await run(d, { "cursor-version": "v1.2" });
      expect(bad.outputs.error).toBe(
        "Input 'cursor-version': 'v1.2' is not a build name like 2026.09.28-a1b2c3d, nor latest",
      );
    });
  }, 60_000);

  it("latest: from the latest-version endpoint; when it answers 403, from the install script", async () => {
    await withDownloads({ builds: [BUILD, OLDER], latest: BUILD }, async (d) => {
      const r = await run(d, { "cursor-version": "latest" });
      expect(r.outputs["cursor-version"]).toBe(BUILD);
      expect(r.outputs.conclusion).toBe("success");
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

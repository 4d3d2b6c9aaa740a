/**
 * `cursor-sha256` through the bundle: pinned to the package a first run reported, the CLI installs and
 * runs (from the download, then from the tool cache); pinned to another digest, the step fails in one line
 * naming both digests and no agent runs.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withCliDownloads as withDownloads } from "../harness/cli-downloads.js";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const BUILD = "2026.09.28-a1b2c3d";

function run(url: string, cache: string, pin: string) {
  return runAction({
    inputs: { prompt: "go", "download-base-url": url, "cursor-version": BUILD, "cursor-sha256": pin },
    // PATH without the fake agent: only an installed CLI can run.
    env: {
      CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef",
      PATH: "/usr/local/bin:/usr/bin:/bin",
      RUNNER_TOOL_CACHE: cache,
    },
    scenario: {},
  });
}

describe("cursor-sha256", () => {
  it("the digest a run reported: installed and run, then taken from the cache; another digest: nothing runs", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const cache = mkdtempSync(path.join(tmpdir(), "toolcache-pin-"));
      const digest = d.packages.get(BUILD)!.sha256;
      const first = await run(d.url, cache, digest);
      expect([first.outputs.conclusion, first.outputs["cursor-sha256"]]).toEqual(["success", digest]);
      expect(first.record?.outcome).toBe("finished");
      const cached = await run(d.url, cache, digest.toUpperCase());
      expect([cached.outputs.conclusion, cached.outputs["cursor-sha256"]]).toEqual(["success", digest]);

      const other = "f".repeat(64);
      const refused = await run(d.url, mkdtempSync(path.join(tmpdir(), "toolcache-pin-")), other);
      expect(refused.code).not.toBe(0);
      expect(refused.outputs.conclusion).toBe("failure");
      expect(refused.outputs.error).toBe(
        `Could not install the Cursor CLI ${BUILD}: its package's sha256 is ${digest}, not cursor-sha256 ${other}; nothing of it was run.`,
      );
      expect(refused.record).toBeUndefined();
    });
  }, 60_000);
});

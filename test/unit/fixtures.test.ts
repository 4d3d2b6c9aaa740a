/**
 * fixtures/ holds real captures of the agent's stream, byte for byte (docs/stream-format.md cites them):
 * they must never be edited, not even re-saved by an editor. fixtures/SHA256SUMS, written by
 * scripts/fixtures-manifest.mjs, is what each one must hash to; fixtures/SOURCES.md says where each
 * came from.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../helpers/replay.js";

const captures = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".ndjson"))
  .sort();

/** `sha256sum` lines: 64 hex digits, two spaces (or space and `*`), the name. */
function readManifest(): Map<string, string> {
  const manifest = new Map<string, string>();
  for (const line of readFileSync(path.join(FIXTURES, "SHA256SUMS"), "utf8").split("\n")) {
    if (line === "") continue;
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!m) throw new Error(`fixtures/SHA256SUMS: not a sha256sum line: ${JSON.stringify(line)}`);
    manifest.set(m[2]!, m[1]!);
  }
  return manifest;
}

describe("fixtures/", () => {
  it("has captures to test with", () => {
    expect(captures.length).toBeGreaterThan(0);
  });

  it("lists exactly its captures in SHA256SUMS", () => {
    expect([...readManifest().keys()].sort()).toEqual(captures);
  });

  it.each(captures)("%s hashes to its SHA256SUMS entry", (name) => {
    const actual = createHash("sha256")
      .update(readFileSync(path.join(FIXTURES, name)))
      .digest("hex");
    expect(actual).toBe(readManifest().get(name));
  });

  it.skipIf(!existsSync(path.join(FIXTURES, "SOURCES.md")))("SOURCES.md names every capture", () => {
    const sources = readFileSync(path.join(FIXTURES, "SOURCES.md"), "utf8");
    expect(captures.filter((name) => !sources.includes(name))).toEqual([]);
  });
});

/** fixtures/ holds the real captures of ../shared/transcripts byte for byte (they must not be edited). */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { FIXTURES, ROOT } from "../helpers/replay.js";

const SHARED = path.resolve(ROOT, "../shared/transcripts");

it.skipIf(!existsSync(SHARED))("fixtures/ equals ../shared/transcripts byte for byte", () => {
  const shared = readdirSync(SHARED)
    .filter((f) => f.endsWith(".ndjson"))
    .sort();
  expect(
    readdirSync(FIXTURES)
      .filter((f) => f.endsWith(".ndjson"))
      .sort(),
  ).toEqual(shared);
  for (const f of shared) {
    expect(readFileSync(path.join(FIXTURES, f)).equals(readFileSync(path.join(SHARED, f))), f).toBe(true);
  }
});

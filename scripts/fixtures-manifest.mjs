#!/usr/bin/env node
// @ts-check
/**
 * Writes fixtures/SHA256SUMS (`sha256sum` format), the committed manifest that test/unit/fixtures.test.ts
 * checks every capture against, so that a capture edited by accident fails the tests on any clone.
 *
 *   node scripts/fixtures-manifest.mjs                       # from fixtures/ as they are
 *   node scripts/fixtures-manifest.mjs ../shared/transcripts # first check fixtures/ against the originals
 *
 * With a directory of original captures (where they were collected), every capture there must be in
 * fixtures/ byte for byte, and its SOURCES.md (where each capture came from) is copied beside them.
 * Only this script may look outside the repository; src/ and test/ never do.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURES = path.join(ROOT, "fixtures");

/** @param {string} dir */
const captures = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".ndjson"))
    .sort();

const originals = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (originals) {
  const problems = [];
  for (const name of captures(originals)) {
    const ours = path.join(FIXTURES, name);
    if (!existsSync(ours)) problems.push(`${name}: missing from fixtures/`);
    else if (!readFileSync(ours).equals(readFileSync(path.join(originals, name))))
      problems.push(`${name}: differs from ${path.join(originals, name)}`);
  }
  for (const name of captures(FIXTURES)) {
    if (!existsSync(path.join(originals, name))) problems.push(`${name}: not among the originals`);
  }
  if (problems.length > 0) {
    process.stderr.write(`fixtures/ is not the originals:\n  ${problems.join("\n  ")}\n`);
    process.exit(1);
  }
  if (existsSync(path.join(originals, "SOURCES.md")))
    copyFileSync(path.join(originals, "SOURCES.md"), path.join(FIXTURES, "SOURCES.md"));
}

const lines = captures(FIXTURES).map(
  (name) =>
    `${createHash("sha256")
      .update(readFileSync(path.join(FIXTURES, name)))
      .digest("hex")}  ${name}`,
);
writeFileSync(path.join(FIXTURES, "SHA256SUMS"), `${lines.join("\n")}\n`);
process.stdout.write(`fixtures/SHA256SUMS: ${lines.length} captures\n`);

#!/usr/bin/env node
// @ts-check
/**
 * The one place that says how src/ becomes the action's bundle: ncc, minified, with a source map and the
 * dependencies' licences. `npm run bundle` writes it to dist/ (what action.yml's `runs.main` runs and what
 * is committed); the tests' global setup (test/setup/bundle.ts) writes the same build to a directory
 * outside the repository, so that the end-to-end tests run what src/ says now, not the last commit.
 *
 *   node scripts/bundle.mjs            # dist/
 *   node scripts/bundle.mjs <dir>      # anywhere else
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The action's entry module (bench/profile.mjs finds it on sampled stacks through the source map). */
export const ENTRY = "src/index.ts";
/** Where `npm run bundle` writes, relative to ROOT: action.yml's `runs.main` is a file in it. */
export const DIST = "dist";
/**
 * The bundle script's options; the dist check in .ci/run compares dist/ with what they build. The source
 * maps are written (bench/profile.mjs reads them; `node --enable-source-maps dist/index.js` maps a stack)
 * but not registered at start: loading source-map-support cost every run ~4 ms of start-up, and the first
 * stack formatted parsed the maps (~40 ms); the action shows a stack only in a bug's debug line.
 */
const NCC_OPTIONS = [
  "--source-map",
  "--no-source-map-register",
  "--license",
  "licenses.txt",
  "--minify",
  "--quiet",
];
/** What decides the bundle's bytes besides src/: the options above live in this file. */
const BUILD_INPUTS = ["package.json", "package-lock.json", "tsconfig.json", "scripts/bundle.mjs"];

/** Every file under `dir` (relative to ROOT), sorted. @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .sort();
}

/**
 * A digest of everything the build reads from the repository (src/, the lockfile, tsconfig, the options):
 * equal digests build equal bundles, so a build made for one digest can be reused.
 */
export function sourceDigest() {
  const hash = createHash("sha256");
  for (const file of [...filesUnder("src"), ...BUILD_INPUTS]) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/**
 * The record a build leaves beside its files: the digest of the sources it was built from, and each file's
 * sha256. With it the tests can run the committed dist/ instead of building again, when it is provably
 * what the current sources build (test/harness/build-bundle.ts `builtFrom`).
 */
export const BUILD_RECORD = "build.json";

/** The sha256 of every file in a build's directory but the record. @param {string} dir */
export function buildFiles(dir) {
  /** @type {Record<string, string>} */
  const files = {};
  for (const name of readdirSync(dir).sort()) {
    if (name === BUILD_RECORD) continue;
    files[name] = createHash("sha256")
      .update(readFileSync(path.join(dir, name)))
      .digest("hex");
  }
  return files;
}

/** @param {string} outDir @param {string} source the sources' digest when the build began */
function writeBuildRecord(outDir, source) {
  const record = { source, files: buildFiles(outDir) };
  writeFileSync(path.join(outDir, BUILD_RECORD), `${JSON.stringify(record, null, 2)}\n`);
}

/** ncc's output without the stack of its own (bundled, minified) code: the TypeScript errors remain. @param {string} output */
const nccMessages = (output) =>
  output
    .split("\n")
    .filter((line) => !/^\s+at /.test(line))
    .join("\n")
    .trim();

/**
 * Builds src/ into `outDir` (replacing it) with ncc's CLI on this Node. Rejects with ncc's own messages
 * (the TypeScript or resolution errors) when the build fails.
 * @param {string} outDir
 * @returns {Promise<void>}
 */
export function buildBundle(outDir) {
  rmSync(outDir, { recursive: true, force: true });
  const source = sourceDigest();
  const ncc = createRequire(import.meta.url).resolve("@vercel/ncc/dist/ncc/cli.js");
  const args = [ncc, "build", ENTRY, "--out", outDir, ...NCC_OPTIONS];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    child.once("error", reject);
    child.once("close", (code, signal) => {
      if (code === 0) {
        writeBuildRecord(outDir, source);
        return resolve();
      }
      reject(
        new Error(
          `Building the bundle from ${ENTRY} failed (ncc ${signal ? `killed by ${signal}` : `exit ${code}`}):\n${nccMessages(output)}`,
        ),
      );
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.resolve(process.argv[2] ?? path.join(ROOT, DIST));
  buildBundle(out).catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}

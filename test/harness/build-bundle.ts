/**
 * Vitest global setup: builds the bundle from src/ once per `npm test`, for all workers, into a directory
 * outside the repository, and hands its path to the workers (`inject("bundleDir")`), so that the
 * end-to-end tests run what src/ says now rather than the committed dist/.
 *
 * No build at all when the committed dist/ is what the sources build: its record (scripts/bundle.mjs
 * `BUILD_RECORD`) names the digest of the sources it was built from, and every file in it still has the
 * sha256 the record gives (a clean checkout of main, where CI holds dist/ to the sources). Otherwise a build
 * is kept under the digest of its inputs (scripts/bundle.mjs `sourceDigest`): a second `npm test` on
 * unchanged sources reuses it, any change to src/, the lockfile or the options builds again.
 * CURSOR_AGENT_ACTION_BUNDLE=<dir> runs a given build instead (e.g. `dist` to test the committed one).
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { BUILD_RECORD, buildBundle, buildFiles, DIST, ROOT, sourceDigest } from "../../scripts/bundle.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The directory of the bundle under test: what dist/ would hold if built now. */
    bundleDir: string;
  }
}

/** Builds kept per checkout (older ones are removed): enough for switching between a few branches. */
const KEEP = 3;

function cacheRoot(): string {
  // One folder per checkout, so that two worktrees never prune each other's builds.
  const checkout = ROOT.replace(/[^A-Za-z0-9]+/g, "_").slice(-80);
  return path.join(tmpdir(), "cursor-agent-action-bundles", checkout);
}

function prune(root: string, keep: string): void {
  const builds = readdirSync(root)
    .filter((name) => name !== keep && /^[0-9a-f]{16}$/.test(name))
    .map((name) => ({ name, mtime: statSync(path.join(root, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of builds.slice(KEEP - 1))
    rmSync(path.join(root, old.name), { recursive: true, force: true });
}

/** True if `dir` holds exactly the build that `digest`'s sources make, file for file. */
function builtFrom(dir: string, digest: string): boolean {
  try {
    const record = JSON.parse(readFileSync(path.join(dir, BUILD_RECORD), "utf8")) as {
      source?: string;
      files?: Record<string, string>;
    };
    return record.source === digest && JSON.stringify(buildFiles(dir)) === JSON.stringify(record.files);
  } catch {
    return false;
  }
}

/** Where a failed build leaves ncc's messages for the workers, beside the build it did not make. */
export const buildErrorFile = (dir: string) => `${dir}.error`;

/**
 * Starts the build and returns at once: the workers start with it, tests that need no bundle run while it
 * builds, and the harness waits for the directory (or the error file) before it runs the action.
 */
export default function setup(project: TestProject): (() => Promise<void>) | undefined {
  const given = process.env.CURSOR_AGENT_ACTION_BUNDLE;
  if (given) {
    const dir = path.resolve(ROOT, given);
    if (!existsSync(path.join(dir, "index.js")))
      throw new Error(`CURSOR_AGENT_ACTION_BUNDLE=${given}: no index.js`);
    project.provide("bundleDir", dir);
    return undefined;
  }

  const fullDigest = sourceDigest();
  const committed = path.join(ROOT, DIST);
  if (builtFrom(committed, fullDigest)) {
    project.provide("bundleDir", committed);
    return undefined;
  }

  const root = cacheRoot();
  const digest = fullDigest.slice(0, 16);
  const dir = path.join(root, digest);
  project.provide("bundleDir", dir);
  if (existsSync(path.join(dir, "index.js"))) {
    prune(root, digest);
    return undefined;
  }

  mkdirSync(root, { recursive: true });
  rmSync(buildErrorFile(dir), { force: true });
  const staging = `${dir}.tmp-${process.pid}`;
  const started = Date.now();
  const build = buildBundle(staging).then(
    () => {
      // Renamed only when complete, so a build cut short is never run. Another `npm test` of the same
      // sources may have got there first: its build is the same.
      if (!existsSync(path.join(dir, "index.js"))) {
        rmSync(dir, { recursive: true, force: true });
        renameSync(staging, dir);
      }
      rmSync(staging, { recursive: true, force: true });
      prune(root, digest);
      console.log(`bundle built from src/ in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
      return undefined;
    },
    (error: Error) => {
      rmSync(staging, { recursive: true, force: true });
      const message = `npm test builds src/ before the end-to-end tests run it, and that build failed.\n${error.message}`;
      writeFileSync(buildErrorFile(dir), message);
      return new Error(message);
    },
  );
  // Teardown: never leave ncc running, and end the run with the build's failure if there was one.
  return async () => {
    const failure = await build;
    if (failure) throw failure;
  };
}

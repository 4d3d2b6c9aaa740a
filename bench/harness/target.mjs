// @ts-check
/** The build the bench measures: the working tree's dist/ or a revision's, copied aside. */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { DIST, OUT, ROOT } from "./paths.mjs";

/**
 * @typedef {object} Target the build under test, copied aside so that a rebuild during the run cannot mix
 * two builds
 * @property {string} dist its dist/index.js
 * @property {string} actionYml the action.yml that goes with it (for the inputs' defaults)
 * @property {string} label e.g. `working tree dist/ (uncommitted changes; HEAD is 1531fb4)`, `commit 1531fb4 (…)`
 * @property {string} sha256 of its dist/index.js (first 16 hex digits)
 * @property {number} bytes of its dist/index.js
 */

/** @param {string[]} args */
const git = (args) =>
  execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();

/**
 * The build to measure: `worktree` (default: dist/ and action.yml as they are now), any git revision
 * (`HEAD`, a sha, a tag: its committed dist/ and action.yml, from `git archive`), or a directory that
 * `node scripts/bundle.mjs <dir>` wrote (a build of a change not committed, with the working tree's
 * action.yml).
 * @param {string} [rev]
 * @returns {Target}
 */
export function selectTarget(rev = "worktree") {
  const dir = path.join(OUT, "target");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let label;
  if (rev === "worktree") {
    if (!existsSync(DIST))
      throw new Error("dist/index.js is missing: build the bundle first (npm run bundle)");
    cpSync(path.join(ROOT, "dist"), path.join(dir, "dist"), { recursive: true });
    cpSync(path.join(ROOT, "action.yml"), path.join(dir, "action.yml"));
    let head = "";
    let dirty = "";
    try {
      head = git(["rev-parse", "--short", "HEAD"]);
      dirty = git(["status", "--porcelain", "--", "dist", "action.yml"]);
    } catch {
      // not a git checkout
    }
    label = `working tree dist/${head ? (dirty ? ` (uncommitted changes; HEAD is ${head})` : ` (= HEAD ${head})`) : ""}`;
  } else if (existsSync(path.join(rev, "index.js"))) {
    cpSync(rev, path.join(dir, "dist"), { recursive: true });
    cpSync(path.join(ROOT, "action.yml"), path.join(dir, "action.yml"));
    label = `the build in ${rev}`;
  } else {
    let sha;
    try {
      sha = git(["rev-parse", "--verify", `${rev}^{commit}`]);
    } catch {
      throw new Error(
        `--dist ${rev}: not a git revision (use worktree, HEAD, a sha, a tag or a build directory)`,
      );
    }
    try {
      const tar = execFileSync("git", ["archive", "--format=tar", sha, "dist", "action.yml"], {
        cwd: ROOT,
        maxBuffer: 1 << 30,
        stdio: ["ignore", "pipe", "ignore"],
      });
      execFileSync("tar", ["-x", "-C", dir], { input: tar });
    } catch {
      throw new Error(`--dist ${rev}: that commit has no dist/ and action.yml to measure`);
    }
    label = `commit ${sha.slice(0, 7)} (${git(["log", "-1", "--format=%s", sha])})`;
  }
  const dist = path.join(dir, "dist", "index.js");
  if (!existsSync(dist)) throw new Error(`${rev}: no dist/index.js`);
  const bytes = readFileSync(dist);
  return {
    dist,
    actionYml: path.join(dir, "action.yml"),
    label,
    sha256: createHash("sha256").update(bytes).digest("hex").slice(0, 16),
    bytes: statSync(dist).size,
  };
}

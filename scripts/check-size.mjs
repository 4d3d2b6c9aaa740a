// @ts-check
/**
 * `npm run lint`'s file-size rule: no file of src/, bench/ or scripts/ over 300 lines, counted as `wc -l`
 * counts them. Biome's own rule (noExcessiveLinesPerFile) is not used: it counts from the first token to
 * the last, so a file's header comment is free and a 340-line file can pass. Functions are Biome's
 * (noExcessiveLinesPerFunction, 80 lines, biome.json).
 *
 * The files excepted are those biome.json's `files.includes` leaves out (`!pattern`: the generated
 * validator, bench/out/, …): one list for both tools.
 *
 *   node scripts/check-size.mjs        # prints each file over the limit, exits 1 if there is one
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const MAX_FILE_LINES = 300;
export const CHECKED_DIRS = ["src", "bench", "scripts"];

/** The patterns biome.json leaves out of every check (`!dist`, `!src/structured/*.generated.*`, …). @param {string} root */
export function excludedPatterns(root) {
  const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
  /** @type {string[]} */
  const includes = config.files?.includes ?? [];
  return includes.filter((p) => p.startsWith("!")).map((p) => p.slice(1));
}

/**
 * A pattern names a file, or a folder and so everything in it (by prefix too: a glob's `**` skips what
 * begins with a dot, and bench/out/ holds checkouts with their `.git`).
 * @param {string} rel @param {string[]} patterns
 */
const isExcluded = (rel, patterns) =>
  patterns.some(
    (p) => rel.startsWith(`${p}/`) || path.matchesGlob(rel, p) || path.matchesGlob(rel, `${p}/**`),
  );

/** Lines as `wc -l` counts them: a last line without its newline still counts. @param {string} text */
export const countLines = (text) =>
  text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/**
 * Every file under `dirs` of `root` over `max` lines, but those `excluded` names, with its count.
 * @param {string} root @param {{ dirs?: string[], max?: number, excluded?: string[] }} [o]
 * @returns {{ file: string, lines: number }[]}
 */
export function oversized(root, o = {}) {
  const { dirs = CHECKED_DIRS, max = MAX_FILE_LINES, excluded = excludedPatterns(root) } = o;
  const found = [];
  for (const dir of dirs) {
    /** @type {import("node:fs").Dirent[]} */
    let entries;
    try {
      entries = readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true });
    } catch {
      continue; // no such folder
    }
    for (const e of entries) {
      if (!e.isFile()) continue;
      const rel = path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/");
      if (isExcluded(rel, excluded)) continue;
      const lines = countLines(readFileSync(path.join(root, rel), "utf8"));
      if (lines > max) found.push({ file: rel, lines });
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const over = oversized(root);
  for (const f of over) {
    process.stderr.write(`${f.file}: ${f.lines} lines (at most ${MAX_FILE_LINES}: split it by job)\n`);
  }
  process.exit(over.length > 0 ? 1 : 0);
}

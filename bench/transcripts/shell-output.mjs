// @ts-check
/**
 * What the long run's shell calls print: test runs, type checks, `git diff --stat`, files, a minified
 * bundle on one line; some of them failing.
 */
import { words } from "./random.mjs";

/** @typedef {import("./random.mjs").Rng} Rng */

/** @param {Rng} r @param {{ rel: string }[]} files @param {boolean} fail */
export function testOutput(r, files, fail) {
  const out = [];
  const n = r.int(20, 600);
  let failed = 0;
  for (let i = 0; i < n; i++) {
    const f = r.pick(files).rel.replace(/\.ts$/, ".test.ts");
    const bad = fail && r.chance(0.05);
    if (bad) failed++;
    out.push(
      ` ${bad ? "❯" : "✓"} ${f} (${r.int(1, 40)} tests${bad ? " | 1 failed" : ""}) ${r.int(2, 900)}ms`,
    );
    if (bad) {
      out.push(`   × ${words(r, r.int(3, 8))}`);
      out.push(`     → expected ${r.int(0, 9999)} to be ${r.int(0, 9999)} // Object.is equality`);
    }
  }
  if (fail && failed === 0) {
    failed = 1;
    out.push(` ❯ ${r.pick(files).rel.replace(/\.ts$/, ".test.ts")} (3 tests | 1 failed) 12ms`);
  }
  out.push("");
  out.push(` Test Files  ${failed ? `${failed} failed | ` : ""}${n - failed} passed (${n})`);
  out.push(`      Tests  ${failed ? `${failed} failed | ` : ""}${n * 7} passed (${n * 7 + failed})`);
  out.push(`   Duration  ${(r.next() * 30).toFixed(2)}s`);
  return `${out.join("\n")}\n`;
}

/** @param {Rng} r @param {{ rel: string, lines: string[] }[]} files @param {boolean} fail */
export function tscOutput(r, files, fail) {
  if (!fail) return "";
  const out = [];
  const n = r.int(1, 200);
  for (let i = 0; i < n; i++) {
    const f = r.pick(files);
    out.push(
      `${f.rel}(${r.int(1, f.lines.length)},${r.int(1, 80)}): error TS${r.int(2300, 2800)}: ${words(r, r.int(5, 14))}.`,
    );
  }
  out.push("", `Found ${n} errors in ${Math.min(n, r.int(1, 20))} files.`);
  return `${out.join("\n")}\n`;
}

/** @param {Rng} r @param {{ rel: string }[]} files */
export function gitDiffStat(r, files) {
  const out = [];
  for (const f of files)
    if (r.chance(0.6)) out.push(` ${f.rel} | ${r.int(1, 90)} ${"+".repeat(r.int(1, 30))}`);
  out.push(` ${out.length} files changed, ${r.int(10, 900)} insertions(+), ${r.int(1, 400)} deletions(-)`);
  return `${out.join("\n")}\n`;
}

/** About 1.5 MB on one line, like a minified bundle. @param {Rng} r @param {{ lines: string[] }[]} files */
export function minified(r, files) {
  const parts = [];
  let bytes = 0;
  while (bytes < 1.5 * 1024 * 1024) {
    const l = r.pick(r.pick(files).lines).trim();
    parts.push(l);
    bytes += l.length + 1;
  }
  return `${parts.join(";")}\n`;
}

/** @param {Rng} r @param {{ rel: string, lines: string[] }[]} files */
export function catOutput(r, files) {
  return `${r.pick(files).lines.join("\n")}\n`;
}

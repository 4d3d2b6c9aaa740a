/**
 * What can go wrong with the action's waits that no run shows at once: a part of the cancel budget set to
 * nothing or too much (the chain then outlasts the runner's grace, and the step is killed mid-report), a
 * cancel given longer than the run's own wait, or a deadline declared and then read by nothing (its wait
 * is then some other figure). That the cancel path really ends within the grace is the e2e tests' to show
 * (test/e2e/process.test.ts, test/hostile/silent-github.test.ts). The sets of parts are read from the
 * module, never listed here: a part added or taken away is checked the same way.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CANCEL_DEADLINES, RUN_DEADLINES, RUNNER_CANCEL_GRACE_MS } from "../../src/base/deadlines.js";

/** Rendering the report and writing the outputs after the last chained wait. */
const ROOM_TO_EXIT_MS = 500;

const budget: [string, number][] = Object.entries(CANCEL_DEADLINES);
const run: [string, number][] = Object.entries(RUN_DEADLINES);

describe("the cancel budget", () => {
  it("each part is a wait: a positive whole number of milliseconds", () => {
    expect(budget.length).toBeGreaterThan(0);
    for (const [name, ms] of budget) expect(Number.isInteger(ms) && ms > 0, `${name}: ${ms}`).toBe(true);
  });

  it("its parts, chained, end before the runner's SIGTERM with room to render and exit", () => {
    const sum = budget.reduce((a, [, ms]) => a + ms, 0);
    expect(sum, budget.map(([n, ms]) => `${n} ${ms}`).join(" + ")).toBeLessThanOrEqual(
      RUNNER_CANCEL_GRACE_MS - ROOM_TO_EXIT_MS,
    );
  });

  it("only hurries: no part is longer than the run's own wait for the same thing", () => {
    const shared = budget.filter(([name]) => name in RUN_DEADLINES);
    expect(shared.length).toBeGreaterThan(0);
    for (const [name, ms] of shared)
      expect(ms, name).toBeLessThanOrEqual(RUN_DEADLINES[name as keyof typeof RUN_DEADLINES]);
  });
});

describe("a run's own deadlines", () => {
  it("each is a wait: a positive whole number of milliseconds", () => {
    for (const [name, ms] of run) expect(Number.isInteger(ms) && ms > 0, `${name}: ${ms}`).toBe(true);
  });
});

describe("every wait declared is read by the code", () => {
  const uses = readUses();
  it.each([
    ...budget.map(([name]) => ["CANCEL_DEADLINES", name] as const),
    ...run.map(([name]) => ["RUN_DEADLINES", name] as const),
  ])("%s.%s", (set, name) => {
    expect(uses.get(set)?.has(name), `${set}.${name} is read nowhere in src/`).toBe(true);
  });
});

/**
 * The parts of each set that src/ reads (base/deadlines.ts aside, where they are declared): `SET.part`, or
 * `alias.part` through a name given the set (`const deadlines = cancelled ? CANCEL_DEADLINES : RUN_DEADLINES`).
 * Comments are taken out first: a part only mentioned (`{@link RUN_DEADLINES.requestMs}`) is not read.
 */
function readUses(): Map<string, Set<string>> {
  const uses = new Map<string, Set<string>>([
    ["CANCEL_DEADLINES", new Set()],
    ["RUN_DEADLINES", new Set()],
  ]);
  const root = path.resolve("src");
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  for (const file of files) {
    if (file === path.join("base", "deadlines.ts")) continue;
    const code = withoutComments(readFileSync(path.join(root, file), "utf8"));
    for (const [set, read] of uses) {
      if (!new RegExp(`\\b${set}\\b`).test(code)) continue;
      const aliases = [...code.matchAll(new RegExp(`\\b(?:const|let)\\s+(\\w+)\\s*=[^;]*\\b${set}\\b`, "g"))];
      const names = [set, ...aliases.map((m) => m[1]!)];
      for (const m of code.matchAll(new RegExp(`\\b(?:${names.join("|")})\\s*\\.\\s*(\\w+)`, "g")))
        read.add(m[1]!);
    }
  }
  return uses;
}

/** `source` with its comments blanked, its strings kept (a `//` in one starts no comment). */
function withoutComments(source: string): string {
  return source.replace(
    /("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (m, s) => (s ? m : " "),
  );
}

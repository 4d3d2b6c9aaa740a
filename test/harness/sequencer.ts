/**
 * The order in which vitest hands test files to its workers: the files that mostly wait, interleaved with
 * the others, one of each in turn (each list in vitest's own order: slowest first when it has timings from
 * an earlier run, else largest first).
 *
 * Why: some files spend most of their time waiting in real time on what they test: octokit paces writes (1 s
 * apart, 3 s for those that notify) and GitHub's retry-after, the action's deadlines and the agent's grace
 * period, the installer's backoff. When three or four of them held the four workers at once, both cores sat
 * idle for seconds (`npm test` 45–49 s with ~5 s of idle CPU, 43–44 s interleaved, on 2 cores).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files whose wall time is mostly waiting (measured: CPU under a third of wall time when run alone). */
const WAITING = [
  "test/unit/review.test.ts",
  "test/unit/github-stand-in.test.ts",
  "test/hostile/silent-github.test.ts",
  "test/hostile/agent-process.test.ts",
  "test/e2e/process.test.ts",
  "test/e2e/install.test.ts",
  "test/e2e/sarif.test.ts",
  "test/e2e/progress.test.ts",
];

const ROOT = path.resolve(import.meta.dirname, "../..");
for (const file of WAITING) {
  // A renamed file would silently lose its place.
  if (!existsSync(path.join(ROOT, file))) throw new Error(`test/harness/sequencer.ts: no ${file}`);
}

export default class Interleaved extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (f: TestSpecification) => WAITING.some((w) => f.moduleId === path.join(ROOT, w));
    const waiting = sorted.filter(waits);
    const working = sorted.filter((f) => !waits(f));
    const order: TestSpecification[] = [];
    while (waiting.length > 0 || working.length > 0) {
      const work = working.shift();
      if (work) order.push(work);
      const wait = waiting.shift();
      if (wait) order.push(wait);
    }
    return order;
  }
}

/**
 * The reconstructed transcripts (fixtures/reconstructed/README.md), replayed by the fake agent through the
 * bundle built from src/: tool calls with unsound ids, a plan-mode run, retries resumed from a checkpoint,
 * each as the job log, the outputs and the job summary show it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { cleanupActionRuns, fixture, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";

function run(name: string, extra: Record<string, string> = {}) {
  return runAction({
    inputs: { prompt: "go", ...extra },
    env: { CURSOR_API_KEY: KEY },
    scenario: { transcript: fixture(`reconstructed/${name}`) },
  });
}

/** Each group of the log: its title line and the lines in it. */
function groups(lines: string[]): { title: string; body: string[] }[] {
  const out: { title: string; body: string[] }[] = [];
  for (const line of lines) {
    if (line.startsWith("::group::")) out.push({ title: line.slice("::group::".length), body: [] });
    else if (line.startsWith("::endgroup::")) continue;
    else out.at(-1)?.body.push(line);
  }
  return out;
}

describe.concurrent("reconstructed transcripts", () => {
  it("calls with an empty or spaced call_id are each their own group, with their own command", async () => {
    const r = await run("call-ids-empty-nested.ndjson");
    expect(r.code).toBe(0);
    expect(r.outputs["tool-calls"]).toBe("3");
    const shown = groups(r.log.lines).map((g) => [g.title.replace(/ · \d+ ms$/, ""), g.body[0], g.body[1]]);
    expect(shown).toEqual([
      ["✓ Shell ls -a — exit 0", "$ ls -a", "."],
      ["✓ Shell git status --short — exit 0", "$ git status --short", "?? notes.txt"],
      ["✓ Shell echo done — exit 0", "$ echo done", "done"],
    ]);
    // No id reached the log: they hold newlines and are the agent's.
    expect(r.stdout).not.toContain("fc_8c1f");
  });

  it("plan mode: the plan is the result output and the summary's final message; the log says a plan was made", async () => {
    const r = await run("plan-mode.ndjson", { "extra-args": "--mode plan" });
    expect(r.code).toBe(0);
    const plan =
      "# Fix the failing date test\n\n1. Read `src/date.ts` and its test.\n2. Make `parseDate` accept an ISO week date.\n3. Add a test for `2026-W05-3`.\n";
    expect(r.outputs.result).toBe(plan);
    expect(r.summary).toContain("Make `parseDate` accept an ISO week date.");
    expect(r.summary).not.toContain("Exploring the repository");
    expect(r.log.plainLines).toContain("↻ Plan made (5 lines) — it is the run's final message");
    expect(r.log.plainLines).toContain("↻ Interaction: the request for approval of a plan was answered");
    // The plan's text is the report's, not the log's; no query internals either.
    expect(r.stdout).not.toContain("ISO week date");
    expect(r.stdout).not.toContain("createPlanRequestQuery");
  });

  it("a retry resumed from a checkpoint is one retry; the replayed call one call", async () => {
    const r = await run("retry-resuming.ndjson");
    expect(r.code).toBe(0);
    expect(r.outputs["tool-calls"]).toBe("1");
    expect(r.log.plainLines).toContain("   3 reconnect(s) · 3 retries");
    expect(r.log.plainLines.filter((l) => l.startsWith("↻ Resuming the retry from a checkpoint"))).toEqual([
      "↻ Resuming the retry from a checkpoint (turn 1)",
      "↻ Resuming the retry from a checkpoint (turn 2)",
      "↻ Resuming the retry from a checkpoint (turn 3)",
    ]);
    expect(groups(r.log.lines).map((g) => g.body[0])).toEqual(["$ npm test"]);
  });
});

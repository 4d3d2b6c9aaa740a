/**
 * The 2026 outcome vocabulary end to end: a reconstructed transcript (fixtures/reconstructed/) with an
 * outcome of every class, replayed by the fake agent through the bundle as the runner starts it.
 */
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { cleanupActionRuns, fixture, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const TRANSCRIPT = fixture(path.join("reconstructed", "outcomes-2026-vocabulary.ndjson"));

it("every outcome is shown as what it is, counted, and the step succeeds", async () => {
  const r = await runAction({
    inputs: { prompt: "go" },
    env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef" },
    scenario: { transcript: TRANSCRIPT },
  });
  expect(r.code).toBe(0);
  expect(r.outputs.conclusion).toBe("success");
  expect(r.outputs["tool-calls"]).toBe("20");
  const titles = r.log.groups.titles.map((t) => t.replace(/ · \d+(\.\d+)? m?s$/, ""));
  expect(titles).toEqual(
    expect.arrayContaining([
      "✓ Shell npm run build — exit 0",
      "○ [PENDING] Shell npm run dev — running in the background",
      "○ [PENDING] Await bg-1 — still running",
      "✓ Await bg-2 — complete",
      "⏸ [NEEDS APPROVAL] Shell git push --force — needs approval",
      "⊘ [REJECTED] Shell rm -rf node_modules — rejected",
      "✓ Task find the flaky test — test/net.test.ts is flaky",
      "✓ Read lints src/a.ts, src/b.ts — done",
      "✓ MCP github/search_issues — done",
      "✓ MCP tools github/issue — done",
      "✓ MCP resource docs docs://guide/testing — done",
      "‼ [ERRORED] MCP resources jira — MCP server not found",
      "✗ [FAILED] Read src/missing.ts — file not found",
      "✗ [FAILED] Write /etc/hosts (outside the workspace) — write permission denied",
      "✓ Pr management — registered",
      "✓ Record screen — started",
      "○ [PENDING] Apply agent diff src/a.ts — approved",
      "? [UNKNOWN] Shell make deploy — unknown outcome `deferredToCloud`",
      "‼ [ERRORED] Shell npm test — timed out",
      "‼ [ERRORED] Shell bwrap true — sandbox unsupported",
    ]),
  );
  expect(r.log.plainLines).toContain(
    "rejected: Command requires approval, which is unavailable in headless mode",
  );
  expect(
    r.log.plainLines.some((l) =>
      l.includes(
        "20 tool calls (○ 3 pending, ⏸ 1 needing approval, ⊘ 1 rejected, ✗ 2 failed, ‼ 3 errored, ? 1 of unknown outcome)",
      ),
    ),
  ).toBe(true);
  // The run succeeded: its failed calls are no warnings; the call left waiting for an approval is one.
  const warnings = r.log.commands.filter((c) => c.name === "warning");
  expect(warnings.map((c) => c.properties.title)).toEqual(["Agent tool call needs approval"]);
});

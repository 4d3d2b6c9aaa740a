/**
 * A structured block built to hold the step: ~600 KB of small objects against a schema with `uniqueItems`.
 * ajv's own check compares every pair (42–45 s of a blocked event loop, past the runner's cancel budget and
 * every deadline); checked by hashing it takes milliseconds. Through the bundle: the run ends with the
 * duplicate named, long before the test's own bound (the step's work here is ~1 s; the bound is 30 s so
 * that a loaded machine does not fail it, while the pairwise check never fits in it).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const ev = (e: object) => `${JSON.stringify(e)}\n`;
const SCHEMA = JSON.stringify({
  type: "object",
  required: ["items"],
  properties: { items: { type: "array", uniqueItems: true } },
});

it("a 600 KB block against uniqueItems is checked at once; its duplicate is named", async () => {
  // The duplicate first: ajv's pairwise check starts from the end, so it meets it last.
  const items = [{ n: 0 }, ...Array.from({ length: 55_000 }, (_, i) => ({ n: i }))];
  const final = `Done.\n\n\`\`\`json\n${JSON.stringify({ items })}\n\`\`\``;
  expect(final.length).toBeGreaterThan(600_000);
  const transcript = path.join(mkdtempSync(path.join(tmpdir(), "hostile-unique-")), "t.ndjson");
  writeFileSync(
    transcript,
    [
      ev({ type: "system", subtype: "init", session_id: "s", model: "m" }),
      ev({ type: "result", subtype: "success", is_error: false, result: final, session_id: "s" }),
    ].join(""),
  );
  const r = await runAction({
    inputs: { prompt: "go", "output-schema": SCHEMA, "fail-on-error": false },
    env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef" },
    scenario: { transcript },
  });
  expect(r.outputs.conclusion).toBe("failure");
  expect(r.outputs.error).toBe(
    "The agent's structured output does not match the schema: /items must NOT have duplicate items (items ## 0 and 1 are identical).",
  );
}, 30_000);

/**
 * Structured output and review mode through the bundle: the prompt carries the contract's instruction, the
 * agent's last ```json block is validated, and outputs, conclusion and `error` follow; a schema as YAML and
 * as a file (absolute, and relative to the workspace); the severity gate; bad inputs are one-line errors.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";

function transcript(final: string): string {
  const ev = (e: object) => JSON.stringify(e);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "structured-")), "t.ndjson");
  writeFileSync(
    file,
    `${[
      ev({ type: "system", subtype: "init", session_id: "s", model: "m" }),
      ev({ type: "assistant", message: { content: [{ type: "text", text: final }] } }),
      ev({ type: "result", subtype: "success", is_error: false, result: final, session_id: "s" }),
    ].join("\n")}\n`,
  );
  return file;
}

const block = (v: unknown) => `Done.\n\n\`\`\`json\n${JSON.stringify(v)}\n\`\`\``;
const SCHEMA_YAML =
  "type: object\nrequired: [answer]\nproperties:\n  answer: { type: integer }\nadditionalProperties: false\n";

describe.concurrent("structured output", () => {
  it("output-schema as YAML: the prompt asks for it, a valid block becomes structured-output", async () => {
    const r = await runAction({
      inputs: { prompt: "What is 6 × 7?", "output-schema": SCHEMA_YAML },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: transcript(block({ answer: 42 })) },
    });
    expect(r.code).toBe(0);
    expect(r.outputs.conclusion).toBe("success");
    expect(r.outputs["structured-output"]).toBe('{"answer":42}');
    const prompt = r.record?.parsed?.prompt ?? "";
    expect(prompt.startsWith("What is 6 × 7?")).toBe(true);
    expect(prompt).toContain(
      "end your final message with exactly one fenced code block in the `json` language",
    );
    expect(prompt).toContain('"answer"');
  });

  it("an invalid block fails the run with the validator's errors and their paths", async () => {
    const r = await runAction({
      inputs: { prompt: "go", "output-schema": SCHEMA_YAML },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: transcript(block({ answer: "42", extra: true })) },
    });
    expect(r.code).not.toBe(0);
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.outputs.error).toBe(
      "The agent's structured output does not match the schema: (the object) must NOT have additional properties: extra; /answer must be integer.",
    );
    expect(r.outputs["structured-output"]).toBe("");
  });

  it("output-schema-file, and a replayed transcript is validated the same way", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "schema-file-"));
    writeFileSync(path.join(dir, "schema.json"), JSON.stringify({ type: "object", required: ["ok"] }));
    const r = await runAction({
      inputs: {
        prompt: "",
        "output-schema-file": path.join(dir, "schema.json"),
        transcript: transcript("no block at all"),
      },
    });
    expect(r.outputs.conclusion).toBe("failure");
    expect(r.outputs.error).toBe(
      "The agent's structured output is missing: the agent's final message has no ```json block (and is not JSON itself).",
    );
  });

  it("output-schema-file relative to the workspace", async () => {
    const ws = mkdtempSync(path.join(tmpdir(), "schema-ws-"));
    mkdirSync(path.join(ws, ".github", "schemas"), { recursive: true });
    writeFileSync(path.join(ws, ".github", "schemas", "answer.yaml"), SCHEMA_YAML);
    const r = await runAction({
      inputs: { prompt: "What is 6 × 7?", "output-schema-file": ".github/schemas/answer.yaml" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: transcript(block({ answer: 42 })) },
      workspace: ws,
    });
    expect(r.outputs.error).toBe("");
    expect(r.outputs["structured-output"]).toBe('{"answer":42}');
    expect(r.record?.parsed?.prompt ?? "").toContain('"answer"');
    const missing = await runAction({
      inputs: { prompt: "go", "output-schema-file": "schemas/none.json" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: transcript(block({ answer: 42 })) },
      workspace: ws,
    });
    expect(missing.outputs.error).toBe(
      `Input 'output-schema-file': cannot read '${path.join(ws, "schemas/none.json")}': no such file`,
    );
  });

  it("review: findings out; fail-on-severity fails on a high finding and lists it", async () => {
    // The harness's workspace holds README.md (3 lines): findings elsewhere would be invalid, not gated.
    const findings = [
      { path: "README.md", line: 3, severity: "high", title: "Division by zero", body: "`n` may be 0." },
      { path: "README.md", line: 1, severity: "info", title: "Naming", body: "Consider `total`." },
    ];
    const r = await runAction({
      inputs: { prompt: "review", review: true, "fail-on-severity": "high" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript: transcript(block({ summary: "Two things.", findings })) },
    });
    expect(r.outputs.conclusion).toBe("failure");
    expect(JSON.parse(r.outputs.findings ?? "[]")).toEqual(findings);
    expect(r.outputs.error).toBe(
      "The review reported 1 finding at or above high: high README.md:3 Division by zero.",
    );
    expect(r.outputs["review-url"]).toBe("");
  });

  it("bad inputs: one line each, no stack", async () => {
    for (const [inputs, message] of [
      [{ review: true, "output-schema": SCHEMA_YAML }, "Input 'output-schema': review has its own schema"],
      [
        { "fail-on-severity": "urgent", review: true },
        "Input 'fail-on-severity': 'urgent' is not one of none",
      ],
      [{ "fail-on-severity": "high" }, "Input 'fail-on-severity': it gates on a review's findings"],
      [{ "output-schema": "type: 12" }, "Input 'output-schema': not a valid JSON Schema"],
    ] as const) {
      const r = await runAction({
        inputs: { prompt: "go", ...inputs },
        env: { CURSOR_API_KEY: KEY },
        scenario: { transcript: transcript(block({})) },
      });
      expect(r.outputs.conclusion).toBe("failure");
      expect(r.outputs.error?.startsWith(message)).toBe(true);
      expect(r.outputs.error).not.toMatch(/\n|\bat .*\.js/);
    }
  });
});

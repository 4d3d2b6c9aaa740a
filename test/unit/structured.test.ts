/** The contract block: found, parsed as JSON only, validated (ajv, 2020-12), and the severity gate. */
import { describe, expect, it } from "vitest";
import { MAX_NESTING_DEPTH } from "../../src/base/limits.js";
import { checkReview } from "../../src/review/judge.js";
import { applyContract } from "../../src/structured/apply.js";
import { extractContract, MAX_FINDINGS, REVIEW_SCHEMA } from "../../src/structured/contract.js";
import { loadContract } from "../../src/structured/load.js";

const ok = { conclusion: "success", error: "" } as const;
const review = (findings: object[]) =>
  `Here is my review.\n\n\`\`\`json\n${JSON.stringify({ summary: "**ok**", findings })}\n\`\`\``;
const finding = (over: object = {}) => ({
  path: "src/a.ts",
  line: 3,
  severity: "high",
  title: "Division by zero",
  body: "`n` may be 0.",
  ...over,
});

describe("finding the contract block", () => {
  it("takes the last ```json block, else the whole message when it is JSON", () => {
    expect(extractContract('a\n```json\n{"n":1}\n```\nb\n```json\n{"n":2}\n```')).toEqual({
      ok: true,
      value: { n: 2 },
    });
    expect(extractContract('{"n":3}')).toEqual({ ok: true, value: { n: 3 } });
    expect(extractContract('````json\n{"s":"```"}\n````')).toEqual({ ok: true, value: { s: "```" } });
    expect(extractContract("no block here")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/no ```json block/),
    });
    expect(extractContract("```json\n{nope}\n```")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not JSON/),
    });
    expect(extractContract("")).toMatchObject({ ok: false });
  });
});

describe("the review contract", async () => {
  const contract = (await loadContract({ review: true }))!;

  it("valid findings pass and are output; the severity gate fails the run at or above its level", async () => {
    const r = applyContract(contract, review([finding(), finding({ severity: "low", line: 9 })]), "none", ok);
    expect(r.verdict).toEqual(ok);
    expect(JSON.parse(r.outputs.findings)).toHaveLength(2);
    // The gate waits for the repository check (src/review/judge.ts): the threshold goes with the review.
    const gated = applyContract(
      contract,
      review([finding(), finding({ severity: "low", line: 9 })]),
      "medium",
      ok,
    );
    expect(gated.verdict).toEqual(ok);
    expect(gated.review?.failOnSeverity).toBe("medium");
    const judged = await checkReview(gated.review!, undefined, gated.verdict);
    expect(judged.verdict.conclusion).toBe("failure");
    expect(judged.verdict.error).toBe(
      "The review reported 1 finding at or above medium: high src/a.ts:3 Division by zero.",
    );
    const info = applyContract(contract, review([finding({ severity: "info" })]), "low", ok);
    expect((await checkReview(info.review!, undefined, info.verdict)).verdict).toEqual(ok);
    const many = applyContract(
      contract,
      review(Array.from({ length: 12 }, (_, i) => finding({ line: i + 1 }))),
      "high",
      ok,
    );
    expect((await checkReview(many.review!, undefined, many.verdict)).verdict.error).toMatch(
      /^The review reported 12 findings at or above high: (high src\/a\.ts:\d+ Division by zero; ){9}high src\/a\.ts:10 Division by zero and 2 more\.$/,
    );
  });

  it("wrong types, paths leaving the repository, too many findings: invalid, with JSON paths", () => {
    const bad = applyContract(
      contract,
      review([
        finding({ line: "3" }),
        finding({ path: "../etc/passwd" }),
        finding({ path: "/abs" }),
        finding({ severity: "urgent" }),
      ]),
      "none",
      ok,
    );
    expect(bad.verdict.conclusion).toBe("failure");
    expect(bad.verdict.error).toMatch(/^The agent's review does not match the schema: /);
    expect(bad.verdict.error).toContain("/findings/0/line must be integer");
    expect(bad.verdict.error).toContain("/findings/1/path must match pattern");
    expect(bad.outputs["structured-output"]).toBe("");
    const many = applyContract(
      contract,
      review(Array.from({ length: MAX_FINDINGS + 1 }, () => finding())),
      "none",
      ok,
    );
    expect(many.verdict.error).toContain(`/findings must NOT have more than ${MAX_FINDINGS} items`);
    expect(REVIEW_SCHEMA.properties.findings.maxItems).toBe(MAX_FINDINGS);
  });

  it("a run that already failed keeps its error; a missing block fails a success", () => {
    const failed = { conclusion: "failure", error: "The agent exited with code 1." } as const;
    expect(applyContract(contract, "nothing", "none", failed).verdict).toEqual(failed);
    expect(applyContract(contract, "nothing", "none", ok).verdict.error).toMatch(
      /^The agent's review is missing: /,
    );
  });
});

describe("a schema given as YAML", () => {
  it("is parsed, compiled and checked like JSON; a bad one is an input error", async () => {
    const c = (await loadContract({
      schema: {
        text: "type: object\nrequired: [answer]\nproperties:\n  answer: { type: integer }\n",
        from: "output-schema",
      },
      review: false,
    }))!;
    expect(applyContract(c, '```json\n{"answer": 42}\n```', "none", ok).outputs["structured-output"]).toBe(
      '{"answer":42}',
    );
    expect(applyContract(c, '```json\n{"answer": "x"}\n```', "none", ok).verdict.error).toContain(
      "/answer must be integer",
    );
    await expect(
      loadContract({
        schema: { text: "type: 12", from: "output-schema" },
        review: false,
      }),
    ).rejects.toThrow(/^Input 'output-schema': not a valid JSON Schema/);
    await expect(
      loadContract({
        schema: { text: "- a list", from: "output-schema" },
        review: false,
      }),
    ).rejects.toThrow(/a JSON Schema is an object/);
  });
});

describe("a contract block nested without end", () => {
  it("400,000 deep: an invalid contract, said before it is parsed or validated, whatever the schema", async () => {
    const schemas = [
      (await loadContract({ review: true }))!,
      (await loadContract({
        schema: { text: "{}", from: "output-schema" },
        review: false,
      }))!,
      (await loadContract({
        schema: { text: '{"type":"object","properties":{"a":{"$ref":"#"}}}', from: "output-schema" },
        review: false,
      }))!,
    ];
    const deep = `${"[".repeat(400_000)}${"]".repeat(400_000)}`;
    for (const c of schemas) {
      for (const block of [deep, `{"summary":"s","findings":[${deep}]}`]) {
        const r = applyContract(c, `\`\`\`json\n${block}\n\`\`\``, "none", ok);
        expect(r.verdict.conclusion).toBe("failure");
        expect(r.verdict.error).toMatch(/is missing: the json block nests deeper than 64 levels\.$/);
        expect(r.outputs["structured-output"]).toBe("");
      }
    }
  });

  it("up to the limit it is read; brackets inside strings do not count", () => {
    const at = `${"[".repeat(MAX_NESTING_DEPTH)}${"]".repeat(MAX_NESTING_DEPTH)}`;
    expect(extractContract(at).ok).toBe(true);
    expect(extractContract(`[${at}]`)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/deeper than 64/),
    });
    expect(extractContract(JSON.stringify({ s: '[{\\"['.repeat(1_000) }))).toMatchObject({ ok: true });
  });
});

describe("a schema that could hold the step", () => {
  it("a backtracking pattern runs in linear time: the agent's long text is checked, not held on", async () => {
    const c = await loadContract({
      review: false,
      schema: {
        text: '{"type":"object","properties":{"v":{"type":"string","pattern":"^(a|aa)+$"}}}',
        from: "output-schema",
      },
    });
    // V8's own engine takes exponential time on this (minutes at 40 characters, ages at 50,000).
    const r = c?.validate({ v: `${"a".repeat(50_000)}b` });
    expect(r?.ok).toBe(false);
    expect(c?.validate({ v: "aaaa" }).ok).toBe(true);
  });
  it("a pattern RE2 cannot run (a backreference) is refused as the schema's error, before anything runs", async () => {
    await expect(
      loadContract({
        review: false,
        schema: { text: '{"properties":{"v":{"pattern":"(a)\\\\1"}}}', from: "output-schema" },
      }),
    ).rejects.toThrow(/^Input 'output-schema': not a valid JSON Schema/);
  });
  it("a schema nested without end is one clear error, not a stack overflow", async () => {
    const deep = `${'{"items":'.repeat(5_000)}{}${"}".repeat(5_000)}`;
    await expect(
      loadContract({ review: false, schema: { text: deep, from: "output-schema-file" } }),
    ).rejects.toThrow("Input 'output-schema-file': the schema nests deeper than 64 levels");
  });
});

/**
 * The findings as SARIF (src/review/sarif.ts) and its file (src/publish/publish.ts): valid against the
 * OASIS SARIF 2.1.0 schema (test/helpers/sarif-schema.ts says where it comes from), levels by severity,
 * repository-relative URIs, fingerprints that are the review's own (stable across runs, distinct per
 * finding), every text redacted; the file new under RUNNER_TEMP, and "" when there is no review.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRedactor } from "../../src/base/redact.js";
import { RunModel } from "../../src/model/run-model.js";
import { type Outcome, publish } from "../../src/publish/publish.js";
import { fingerprint } from "../../src/review/build.js";
import type { HeadLines } from "../../src/review/check.js";
import type { ReviewData } from "../../src/review/post.js";
import { LEVEL, PRINT_KEY, SARIF_TOOL, type SarifLog, sarifLog } from "../../src/review/sarif.js";
import type { Settings } from "../../src/settings/settings.js";
import type { Finding } from "../../src/structured/contract.js";
import { sarifErrors } from "../helpers/sarif-schema.js";

const SECRET = "sk_live_0123456789abcdefSECRET";
const redact = createRedactor([SECRET]);
const same = (s: string) => s;

const LINES = Array.from({ length: 30 }, (_, i) => `const v${i + 1} = ${i + 1};`);
const head: HeadLines = new Map<string, string[] | undefined>([
  ["src/a.ts", LINES],
  ["docs/odd name#1%.md", ["x"]],
]);

const FINDINGS: Finding[] = [
  { path: "src/a.ts", line: 4, start_line: 2, severity: "critical", title: "Injection", body: "Quote it." },
  { path: "src/a.ts", line: 9, severity: "high", title: "High", body: "**Bold** @octocat [x](https://e.x)" },
  { path: "src/a.ts", line: 10, severity: "medium", title: "Medium", body: "" },
  { path: "src/b.ts", line: 1, severity: "low", title: "Not read at HEAD", body: "b" },
  { path: "docs/odd name#1%.md", line: 1, severity: "info", title: "Info", body: "i" },
];

const resultsOf = (log: SarifLog) => log.runs[0]!.results;

describe("sarifLog", () => {
  it("is valid against the OASIS SARIF 2.1.0 schema, and the schema refuses what is not", () => {
    const log = sarifLog(FINDINGS, head, redact);
    expect(sarifErrors(log)).toEqual([]);
    // Through JSON, as the file holds it.
    expect(sarifErrors(JSON.parse(JSON.stringify(log)))).toEqual([]);
    expect(sarifErrors(sarifLog([], new Map(), redact))).toEqual([]);
    // The validator is not vacuous: a level SARIF does not have, a version it is not, a line 0.
    const bad = JSON.parse(JSON.stringify(log));
    bad.runs[0].results[0].level = "fatal";
    expect(sarifErrors(bad).map((e) => e.instancePath)).toContain("/runs/0/results/0/level");
    expect(sarifErrors({ ...log, version: "2.0.0" })).not.toEqual([]);
    const zero = JSON.parse(JSON.stringify(log));
    zero.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    expect(sarifErrors(zero)).not.toEqual([]);
    const spaced = JSON.parse(JSON.stringify(log));
    spaced.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri = "a b.ts";
    expect(sarifErrors(spaced)).not.toEqual([]);
  });

  it("the action is the tool, a rule per severity; levels: critical/high error, medium warning, low/info note", () => {
    const log = sarifLog(FINDINGS, head, redact);
    const driver = log.runs[0]!.tool.driver;
    expect(driver.name).toBe(SARIF_TOOL);
    expect(SARIF_TOOL).toBe("cursor-agent-action");
    expect(driver.rules.map((r) => [r.id, r.defaultConfiguration.level])).toEqual([
      ["cursor-agent/critical", "error"],
      ["cursor-agent/high", "error"],
      ["cursor-agent/medium", "warning"],
      ["cursor-agent/low", "note"],
      ["cursor-agent/info", "note"],
    ]);
    const results = resultsOf(log);
    expect(results.map((r) => r.level)).toEqual(["error", "error", "warning", "note", "note"]);
    expect(LEVEL).toEqual({ critical: "error", high: "error", medium: "warning", low: "note", info: "note" });
    // Each result's rule is the one its index names.
    for (const [i, r] of results.entries()) {
      expect(driver.rules[r.ruleIndex]!.id).toBe(r.ruleId);
      expect(r.ruleId).toBe(`cursor-agent/${FINDINGS[i]!.severity}`);
    }
  });

  it("each finding at its file relative to the checkout (%SRCROOT%) and its lines", () => {
    const locations = resultsOf(sarifLog(FINDINGS, head, redact)).map(
      (r) => r.locations[0]!.physicalLocation,
    );
    expect(locations.map((l) => l.artifactLocation)).toEqual([
      { uri: "src/a.ts", uriBaseId: "%SRCROOT%" },
      { uri: "src/a.ts", uriBaseId: "%SRCROOT%" },
      { uri: "src/a.ts", uriBaseId: "%SRCROOT%" },
      { uri: "src/b.ts", uriBaseId: "%SRCROOT%" },
      // A space, `#` and `%` would change what the reference names: escaped.
      { uri: "docs/odd%20name%231%25.md", uriBaseId: "%SRCROOT%" },
    ]);
    expect(locations.map((l) => l.region)).toEqual([
      { startLine: 2, endLine: 4 },
      { startLine: 9 },
      { startLine: 10 },
      { startLine: 1 },
      { startLine: 1 },
    ]);
  });

  it("the message: the title and body as text, and as inert markdown", () => {
    const [first, second, third] = resultsOf(sarifLog(FINDINGS, head, redact));
    expect(first!.message).toEqual({
      text: "Injection\n\nQuote it.",
      markdown: "**Injection**\n\nQuote it.",
    });
    expect(second!.message.text).toBe("High\n\n**Bold** @octocat [x](https://e.x)");
    // The one sanitiser of the agent's markdown: no mention, no link.
    expect(second!.message.markdown).not.toMatch(/@octocat|\]\(https/);
    expect(second!.message.markdown).toContain("**Bold**");
    // No body: the title alone.
    expect(third!.message).toEqual({ text: "Medium", markdown: "**Medium**" });
  });

  it("two findings of one title on lines of the same content: two fingerprints, numbered by their lines", () => {
    const braces = Array.from({ length: 12 }, (_, i) => (i % 4 === 3 ? "}" : `f${i}();`));
    const lines: HeadLines = new Map([["src/c.ts", braces]]);
    const at = (line: number, title = "Missing return"): Finding => ({
      path: "src/c.ts",
      line,
      severity: "medium",
      title,
      body: `at ${line}`,
    });
    const prints = (fs: Finding[]) =>
      resultsOf(sarifLog(fs, lines, redact)).map((r) => r.partialFingerprints[PRINT_KEY]!);
    const first = fingerprint(at(4), braces);
    // Lines 4, 8 and 12 are each `}`: the review's fingerprint is one for all three.
    expect(fingerprint(at(8), braces)).toBe(first);
    expect(prints([at(8), at(4), at(12), at(8, "Other")])).toEqual([
      `${first}:2`,
      first,
      `${first}:3`,
      fingerprint(at(8, "Other"), braces),
    ]);
    // The agent's order does not renumber them.
    expect(prints([at(4), at(12), at(8)])).toEqual([first, `${first}:3`, `${first}:2`]);
  });

  it("partialFingerprints: the review's fingerprint, stable across runs and line shifts, distinct per finding", () => {
    const prints = (log: SarifLog) => resultsOf(log).map((r) => r.partialFingerprints[PRINT_KEY]!);
    const once = prints(sarifLog(FINDINGS, head, redact));
    expect(once.every((p) => /^[0-9a-f]{24}$/.test(p))).toBe(true);
    expect(new Set(once).size).toBe(FINDINGS.length);
    // Exactly the review's own (the marker a review comment carries), from the lines at HEAD when read.
    expect(once[0]).toBe(fingerprint(FINDINGS[0]!, LINES));
    expect(once[3]).toBe(fingerprint(FINDINGS[3]!, undefined));
    // Another run: the same findings in another order, among others, with another redactor: the same prints.
    const later = [FINDINGS[4]!, { ...FINDINGS[0]!, body: "Reworded." }, ...FINDINGS.slice(1, 4)];
    const again = prints(sarifLog(later, head, same));
    expect(again).toEqual([once[4], once[0], once[1], once[2], once[3]]);
    // Two lines inserted above it: its lines moved, their content did not, the print stays.
    const shifted = new Map(head).set("src/a.ts", ["// new", "// new", ...LINES]);
    const moved = sarifLog([{ ...FINDINGS[0]!, start_line: 4, line: 6 }], shifted, redact);
    expect(prints(moved)).toEqual([once[0]]);
    // What is commented on changed: a new print.
    const changed = new Map(head).set(
      "src/a.ts",
      LINES.map((l, i) => (i === 2 ? "const v3 = 33;" : l)),
    );
    expect(prints(sarifLog([FINDINGS[0]!], changed, redact))).not.toEqual([once[0]]);
    expect(prints(sarifLog([{ ...FINDINGS[0]!, title: "Other" }], head, redact))).not.toEqual([once[0]]);
  });

  it("every text the agent wrote is redacted, the path too", () => {
    const leaky: Finding[] = [
      {
        path: `src/${SECRET}.ts`,
        line: 1,
        severity: "high",
        title: `token ${SECRET}`,
        body: `it is ${SECRET}`,
        suggestion: `const k = "${SECRET}";`,
      },
    ];
    const log = sarifLog(leaky, head, redact);
    const json = JSON.stringify(log);
    expect(json).not.toContain(SECRET);
    expect(json).toContain("***");
    expect(sarifErrors(log)).toEqual([]);
    const [r] = resultsOf(log);
    expect(r!.message.text).toBe("token ***\n\nit is ***");
    expect(r!.locations[0]!.physicalLocation.artifactLocation.uri).toBe("src/***.ts");
  });
});

describe("publish: the sarif-file output", () => {
  const settings = {
    comment: false,
    jobSummary: false,
    githubToken: "",
    commentKey: "k",
  } as unknown as Settings;
  const review: ReviewData = {
    summary: "s",
    findings: FINDINGS.slice(0, 2),
    invalid: [{ finding: { ...FINDINGS[2]!, path: "gone.ts" }, why: "no such file in the repository" }],
    head,
  };

  async function published(env: NodeJS.ProcessEnv, withReview: boolean) {
    const outputs: Record<string, string> = {};
    const warnings: string[] = [];
    const outcome = {
      model: new RunModel(),
      verdict: { conclusion: "success", error: "" },
      changes: { files: [], added: 0, removed: 0, notes: [] },
      transcriptFile: "",
      wallMs: 1,
      cancelled: false,
      ...(withReview ? { review } : {}),
    } as unknown as Outcome;
    // No pull request: nothing is posted, the outputs are still written.
    await publish(
      outcome,
      settings,
      { eventName: "push", actor: { isBot: false } } as never,
      {
        env,
        setOutput: (k, v) => {
          outputs[k] = v;
        },
        warning: (m) => warnings.push(m),
        github: async () => {
          throw new Error("no GitHub here");
        },
      },
      redact,
    );
    return { outputs, warnings };
  }

  it("a new file under RUNNER_TEMP, only to its owner, with the valid findings only", async () => {
    const temp = mkdtempSync(path.join(tmpdir(), "sarif-temp-"));
    const first = await published({ RUNNER_TEMP: temp }, true);
    const file = first.outputs["sarif-file"]!;
    expect(path.dirname(file)).toBe(path.join(temp, "cursor-agent"));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const log = JSON.parse(readFileSync(file, "utf8"));
    expect(sarifErrors(log)).toEqual([]);
    // The invalid finding (not in the repository) is not there.
    expect(
      log.runs[0].results.map((r: { message: { text: string } }) => r.message.text.split("\n")[0]),
    ).toEqual(["Injection", "High"]);
    // Another run, another file: never an existing one written over.
    const second = await published({ RUNNER_TEMP: temp }, true);
    expect(second.outputs["sarif-file"]).not.toBe(file);
    expect(first.warnings).toEqual([]);
  });

  it("no review: the output is empty, and no file", async () => {
    const temp = mkdtempSync(path.join(tmpdir(), "sarif-temp-"));
    const { outputs } = await published({ RUNNER_TEMP: temp }, false);
    expect(outputs["sarif-file"]).toBe("");
  });

  it("a file that cannot be written is a warning and an empty output, not a failed step", async () => {
    const temp = mkdtempSync(path.join(tmpdir(), "sarif-temp-"));
    // Where its directory should be, a file: nothing can be made under it.
    writeFileSync(path.join(temp, "cursor-agent"), "");
    const { outputs, warnings } = await published({ RUNNER_TEMP: temp }, true);
    expect(outputs["sarif-file"]).toBe("");
    expect(outputs.conclusion).toBe("success");
    expect(warnings.join("\n")).toMatch(/Could not write the SARIF file of the findings/);
  });
});

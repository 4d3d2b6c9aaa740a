/**
 * `sarif-file` through the bundle: a review run on a pull request (the GitHub stand-in over real HTTP)
 * writes the valid findings as SARIF under RUNNER_TEMP, valid against the OASIS SARIF 2.1.0 schema
 * (test/helpers/sarif-schema.ts), redacted, without the invalid ones; a later run writes a new file with
 * the same fingerprints. Outside a pull request too: code scanning needs no review.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startGitHubApi } from "../harness/github-api.js";
import { checkExchange } from "../harness/openapi.js";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";
import { sarifErrors } from "../helpers/sarif-schema.js";

afterAll(cleanupActionRuns);

const KEY = "key_5ar1f0123456789abcdef0123456789ab";
const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const PR = 7;
const APP = Array.from({ length: 12 }, (_, i) => `export const a${i + 1} = ${i + 1};`);

const FINDINGS = [
  {
    path: "src/app.ts",
    start_line: 2,
    line: 3,
    severity: "critical",
    title: "Two",
    body: `Key ${KEY} here.`,
  },
  { path: "src/app.ts", line: 10, severity: "medium", title: "Outside the diff", body: "Still a finding." },
  { path: "src/gone.ts", line: 1, severity: "high", title: "Not in the repository", body: "Invalid." },
];

/** A checkout with src/app.ts committed, and the agent's final message with FINDINGS. */
function setUp(): { ws: string; transcript: string } {
  const ws = mkdtempSync(path.join(tmpdir(), "sarif-ws-"));
  const git = (...a: string[]) => execFileSync("git", a, { cwd: ws, stdio: "ignore" });
  git("init", "-q");
  git("config", "user.email", "t@t.invalid");
  git("config", "user.name", "t");
  mkdirSync(path.join(ws, "src"));
  writeFileSync(path.join(ws, "src/app.ts"), `${APP.join("\n")}\n`);
  git("add", ".");
  git("commit", "-qm", "head");
  const final = `Done.\n\n\`\`\`json\n${JSON.stringify({ summary: "s", findings: FINDINGS })}\n\`\`\``;
  const events = [
    { type: "system", subtype: "init", cwd: ws, session_id: "s", model: "m" },
    { type: "assistant", message: { content: [{ type: "text", text: final }] } },
    { type: "result", subtype: "success", is_error: false, result: final, session_id: "s" },
  ];
  const transcript = path.join(mkdtempSync(path.join(tmpdir(), "sarif-t-")), "t.ndjson");
  writeFileSync(transcript, events.map((e) => `${JSON.stringify(e)}\n`).join(""));
  return { ws, transcript };
}

interface Result {
  ruleId: string;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: object } }[];
  partialFingerprints: Record<string, string>;
}

/** The SARIF file a run names: checked against the schema, its results. */
function sarifOf(file: string | undefined, runnerTemp: string, ws: string): Result[] {
  expect(file).toBeTruthy();
  expect(path.relative(runnerTemp, file!).startsWith("..")).toBe(false);
  expect(path.relative(ws, file!).startsWith("..")).toBe(true);
  expect(statSync(file!).mode & 0o777).toBe(0o600);
  const text = readFileSync(file!, "utf8");
  expect(text).not.toContain(KEY);
  const log = JSON.parse(text);
  expect(sarifErrors(log)).toEqual([]);
  expect(log.runs[0].tool.driver.name).toBe("cursor-agent-action");
  return log.runs[0].results;
}

describe.concurrent("sarif-file through the bundle", () => {
  it("on a pull request: the valid findings, schema-valid and redacted; a later run, a new file, the same prints", async () => {
    const { ws, transcript } = setUp();
    const api = await startGitHubApi({
      token: TOKEN,
      pullRequests: [PR],
      pullFiles: {
        [PR]: [
          {
            filename: "src/app.ts",
            patch: ["@@ -1,2 +1,4 @@", ...APP.slice(0, 4).map((l) => `+${l}`)].join("\n"),
          },
        ],
      },
    });
    try {
      const run = () =>
        runAction({
          inputs: { prompt: "review", review: true, progress: "false" },
          env: { CURSOR_API_KEY: KEY },
          scenario: { transcript },
          pullRequest: { number: PR },
          apiUrl: api.url,
          githubToken: TOKEN,
          workspace: ws,
        });
      const r = await run();
      // The invalid finding fails the run; the valid ones are still posted, and in the file.
      expect(r.outputs.conclusion).toBe("failure");
      expect(r.outputs.error).toMatch(/invalid finding/);
      expect(api.pulls.reviews).toHaveLength(1);
      const results = sarifOf(r.outputs["sarif-file"], r.dirs.runnerTemp, ws);
      expect(results.map((x) => [x.ruleId, x.level])).toEqual([
        ["cursor-agent/critical", "error"],
        ["cursor-agent/medium", "warning"],
      ]);
      expect(results.map((x) => x.locations[0]!.physicalLocation)).toEqual([
        {
          artifactLocation: { uri: "src/app.ts", uriBaseId: "%SRCROOT%" },
          region: { startLine: 2, endLine: 3 },
        },
        { artifactLocation: { uri: "src/app.ts", uriBaseId: "%SRCROOT%" }, region: { startLine: 10 } },
      ]);
      expect(results[0]!.message.text).toBe("Two\n\nKey *** here.");
      // The review comment's hidden marker and the SARIF result carry the same fingerprint.
      const print = results[0]!.partialFingerprints["cursorAgentFinding/v1"]!;
      expect(api.pulls.reviews[0]!.comments[0]!.body).toContain(`finding=${print} -->`);

      const again = await run();
      expect(again.outputs["sarif-file"]).not.toBe(r.outputs["sarif-file"]);
      const later = sarifOf(again.outputs["sarif-file"], again.dirs.runnerTemp, ws);
      expect(later.map((x) => x.partialFingerprints)).toEqual(results.map((x) => x.partialFingerprints));
      expect(new Set(later.map((x) => x.partialFingerprints["cursorAgentFinding/v1"])).size).toBe(2);
      expect(api.requests.flatMap((q) => checkExchange(q, { responses: true }))).toEqual([]);
    } finally {
      await api.close();
    }
  }, 90_000);

  it("on a push (no review to post): the file all the same; without review mode, the output is empty", async () => {
    const { ws, transcript } = setUp();
    const r = await runAction({
      inputs: { prompt: "review", review: true, progress: "false" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript },
      workspace: ws,
    });
    expect(r.outputs["review-url"]).toBe("");
    expect(sarifOf(r.outputs["sarif-file"], r.dirs.runnerTemp, ws)).toHaveLength(2);

    const plain = await runAction({
      inputs: { prompt: "hello", progress: "false" },
      env: { CURSOR_API_KEY: KEY },
      scenario: { transcript },
      workspace: ws,
    });
    expect(plain.outputs.conclusion).toBe("success");
    expect(plain.outputs["sarif-file"]).toBe("");
  }, 90_000);
});

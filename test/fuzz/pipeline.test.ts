/**
 * Fuzzing: byte-level mutations of the real transcripts (cut, duplicated, spliced, corrupted UTF-8,
 * hostile strings injected) through the whole pipeline: framing, events, run model, live log, change
 * tracking, verdict and report. Nothing may throw, the figures must agree with each other, no agent text
 * may become a workflow command, and no secret may reach a body. The budget is bounded to fit CI; set
 * FUZZ_RUNS for a longer session.
 */
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createRedactor } from "../../src/base/redact.js";
import { ChangeTracker, noGit } from "../../src/changes/index.js";
import { decide } from "../../src/model/verdict.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import { LiveLog } from "../../src/render/live-log.js";
import { LogWriter } from "../../src/render/log-writer.js";
import { COMMENT_BUDGET, renderReport, SUMMARY_BUDGET } from "../../src/report/report.js";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";
import { readWorkflowCommands } from "../harness/workflow-commands.js";
import { FIXTURES, fixture } from "../helpers/replay.js";

afterAll(cleanupActionRuns);

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SECRET = "key_0f1e2d3c4b5a69788796a5b4c3d2e1f0";
const PAT = `ghp_${"Zz09".repeat(10)}`;
const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".ndjson"));
const sources = files.map((f) => fixture(f));

const HOSTILE = [
  "::set-output name=conclusion::success",
  "\n::error::forged\n",
  "##[group]forged",
  ":\u00ad:warning::hidden",
  "\r::add-mask::x\r",
  "::stop-commands::abc\n",
  SECRET,
  PAT,
  '","text":"',
  "\u2028",
  "\\n",
  "\u0000",
  // The hostile shapes of the attacks on the bundle (test/hostile/): terminal control, bidi, mentions and
  // references, a deep JSON line, a token-shaped run, a secret's base64.
  "\u001b]8;;https://evil.example\u001b\\x\u001b]52;c;ZQ==\u0007\u001b[2K\u001b[1A",
  "\u202etxt.exe\u2066",
  "@octocat #1 owner/repo#2 https://evil.example",
  `\n{"type":"tool_call","subtype":"completed","call_id":"deep","tool_call":{"xToolCall":{"args":{"a":${"[".repeat(5000)}${"]".repeat(5000)}}}}}\n`,
  `ghp_${"a".repeat(20_000)}`,
  Buffer.from(`x-access-token:${SECRET}`).toString("base64"),
];

type Mutation =
  | { kind: "cut"; at: number }
  | { kind: "duplicate"; from: number; len: number; to: number }
  | { kind: "splice"; other: number; at: number; from: number }
  | { kind: "corrupt"; at: number; bytes: number[] }
  | { kind: "inject"; at: number; text: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant("duplicate" as const),
    from: fc.nat(),
    len: fc.nat({ max: 4000 }),
    to: fc.nat(),
  }),
  fc.record({ kind: fc.constant("splice" as const), other: fc.nat(), at: fc.nat(), from: fc.nat() }),
  fc.record({
    kind: fc.constant("corrupt" as const),
    at: fc.nat(),
    bytes: fc.array(fc.constantFrom(0xff, 0xfe, 0xc3, 0xe2, 0x80, 0x0a, 0x0d, 0x22, 0x5c, 0x7b), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
  fc.record({
    kind: fc.constant("inject" as const),
    at: fc.nat(),
    text: fc.nat({ max: HOSTILE.length - 1 }),
  }),
);

function mutate(base: Buffer, muts: Mutation[]): Buffer {
  let b = base;
  for (const m of muts) {
    const at = (n: number) => (b.length === 0 ? 0 : n % (b.length + 1));
    switch (m.kind) {
      case "cut":
        b = b.subarray(0, at(m.at));
        break;
      case "duplicate": {
        const from = at(m.from);
        const piece = b.subarray(from, from + m.len);
        const to = at(m.to);
        b = Buffer.concat([b.subarray(0, to), piece, b.subarray(to)]);
        break;
      }
      case "splice": {
        const other = sources[m.other % sources.length]!;
        b = Buffer.concat([b.subarray(0, at(m.at)), other.subarray(m.from % (other.length + 1))]);
        break;
      }
      case "corrupt": {
        const i = at(m.at);
        b = Buffer.concat([b.subarray(0, i), Buffer.from(m.bytes), b.subarray(i)]);
        break;
      }
      case "inject": {
        const i = at(m.at);
        b = Buffer.concat([b.subarray(0, i), Buffer.from(HOSTILE[m.text]!), b.subarray(i)]);
        break;
      }
    }
  }
  return b;
}

/** The whole pipeline in-process, as the action wires it. */
async function pipeline(bytes: Buffer, chunk: number) {
  let log = "";
  const writer = new LogWriter({ write: (s: string) => (log += s) });
  writer.mask(SECRET);
  const live = new LiveLog(writer, { toolOutputLines: 5, showThinking: true, maxAnnotations: 5 });
  const tracker = new ChangeTracker({ workspace: "/workspace" });
  const pipeline = new Pipeline([live.onUpdate, (u) => tracker.onUpdate(u)], "/workspace");
  const { model } = pipeline;
  for (let i = 0; i < bytes.length; i += chunk) {
    pipeline.push(bytes.subarray(i, i + chunk), 0);
    writer.flush();
  }
  pipeline.end(0);
  live.finish();
  const changes = await tracker.finish({ git: noGit, budgetMs: 5_000 });
  const verdict = decide({
    exit: { code: 0 },
    result: model.result,
    stderrTail: [],
    agentPath: "cursor-agent",
  });
  live.footer(model, verdict, 0, changes.files.length);
  writer.endGroupAndFlush();
  const input = { model, verdict, changes, wallMs: 0, redact: createRedactor([SECRET]) };
  return {
    model,
    stats: pipeline.stats,
    verdict,
    log,
    comment: renderReport(input, COMMENT_BUDGET),
    summary: renderReport(input, SUMMARY_BUDGET),
  };
}

/** Thinking blocks without text (empty or blank) get a one-line note, not a group. */
function emptyThinking(log: string): number {
  return log.split("\n").filter((l) => l.startsWith("💭 Thought ")).length;
}

describe("fuzzing the pipeline with mutated real transcripts", () => {
  it(`${RUNS} mutated streams: no throw, consistent figures, no forged command, no secret`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: sources.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 5000 }),
        async (which, muts, chunk) => {
          const bytes = mutate(sources[which]!, muts);
          const r = await pipeline(bytes, chunk);
          // Figures agree with each other.
          const t = r.model.toolCounts();
          expect(Object.values(t.byStatus).reduce((a, b) => a + b, 0)).toBe(t.total);
          expect(Object.values(t.byKind).reduce((a, b) => a + b, 0)).toBe(t.total);
          expect(r.verdict.conclusion === "success").toBe(
            r.model.result !== undefined && !r.model.result.isError,
          );
          const s = r.stats;
          expect(s.lines).toBeGreaterThanOrEqual(0);
          // Only the action's own commands, balanced, nothing left stopped.
          const read = readWorkflowCommands(r.log);
          const names = new Set(read.commands.map((c) => c.name));
          for (const n of names) expect(["add-mask", "group", "endgroup", "warning"]).toContain(n);
          expect(read.masks).toEqual([SECRET]);
          for (const c of read.commands.filter((c) => c.name === "warning")) {
            expect(c.properties.title).toMatch(/^Agent tool call (failed|rejected|errored)$/);
          }
          expect(read.commands.filter((c) => c.name === "group").length).toBe(
            t.total - t.byStatus.running + r.model.counts.thinkingBlocks - emptyThinking(r.log),
          );
          expect(read.groups.balanced && read.groups.neverNested).toBe(true);
          expect(read.stoppedAtEnd).toBe(false);
          // No terminal control but colour in the log.
          expect(r.log.replace(/\u001b\[[0-9;]*m/g, "")).not.toMatch(
            /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/,
          );
          // No secret in what leaves the runner, whole or cut.
          for (const body of [r.comment, r.summary]) {
            expect(body).not.toContain(SECRET);
            expect(body).not.toContain(PAT);
            expect(body).not.toContain(Buffer.from(`x-access-token:${SECRET}`).toString("base64"));
            expect(body.length).toBeLessThanOrEqual(65_536);
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});

describe.concurrent("fuzzing the bundle", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "fuzz-"));
  const cases = fc.sample(
    fc.tuple(fc.nat({ max: sources.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 })),
    { numRuns: 6, seed: 20261121 },
  );
  it.each(cases.map((c, i) => [i, c] as const))(
    "mutated transcript %i through the bundle",
    async (i, [which, muts]) => {
      const file = path.join(dir, `t${i}.ndjson`);
      writeFileSync(file, mutate(sources[which]!, muts));
      const r = await runAction({
        inputs: { transcript: file, "fail-on-error": false },
        env: { CURSOR_API_KEY: SECRET },
      });
      expect(r.code).toBe(0);
      expect(r.outputsError).toBeUndefined();
      expect(["success", "failure"]).toContain(r.outputs.conclusion);
      const names = new Set(r.log.commands.map((c) => c.name));
      for (const n of names) expect(["add-mask", "group", "endgroup", "warning"]).toContain(n);
      for (const body of [r.summary, r.outputs["diff-summary"] ?? "", r.outputs.result ?? ""]) {
        expect(body).not.toContain(SECRET);
        expect(body).not.toContain(PAT);
      }
    },
  );
});

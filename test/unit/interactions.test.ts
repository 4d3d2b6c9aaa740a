/**
 * Interaction queries and retries (docs/stream-format.md "Interaction queries", "Reconnects, retries and
 * replays"): a plan made in plan mode is the run's final message, a query is said by what it asks for, and
 * a resumed retry is the same retry.
 */
import { describe, expect, it } from "vitest";
import { createRedactor } from "../../src/base/redact.js";
import { ChangeTracker, noGit } from "../../src/changes/index.js";
import { decide } from "../../src/model/verdict.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import { runOutputs } from "../../src/publish/outputs.js";
import { finalMessage } from "../../src/report/final-message.js";
import { COMMENT_BUDGET, renderReport } from "../../src/report/report.js";
import { asksPlanMode } from "../../src/settings/extra-args.js";
import { replay } from "../helpers/replay.js";

const SECRET = "key_secret_value_1234";
const redact = createRedactor([SECRET]);
const lines = (...events: object[]) => Buffer.from(events.map((e) => `${JSON.stringify(e)}\n`).join(""));
const narration = (text: string) => ({ type: "assistant", message: { content: [{ type: "text", text }] } });
const result = (text: string) => ({ type: "result", subtype: "success", is_error: false, result: text });
const planQuery = (plan: unknown, phase = "request") => ({
  type: "interaction_query",
  subtype: phase,
  query_type: "createPlanRequestQuery",
  query: {
    id: 3,
    createPlanRequestQuery: { args: { plan, name: "n", overview: "o", todos: [] }, toolCallId: "tc\n1" },
  },
});
const PLAN = "# Plan\n\n1. Read `src/a.ts`\n2. Fix the bug\n3. Add a test\n";

/** A run read to its end, as publishing has it: outputs, and the report. */
async function runOf(bytes: Buffer, planMode = true) {
  const tracker = new ChangeTracker({ workspace: "/workspace" });
  const pipeline = new Pipeline([(u) => tracker.onUpdate(u)], "/workspace", planMode);
  pipeline.push(bytes, 0);
  pipeline.end(0);
  const { model } = pipeline;
  const changes = await tracker.finish({ git: noGit });
  const verdict = decide({
    exit: { code: 0 },
    result: model.result,
    stderrTail: [],
    agentPath: "cursor-agent",
  });
  const outputs = runOutputs(
    { model, verdict, changes, transcriptFile: "", wallMs: 0, diffSummary: "" },
    redact,
  );
  const report = renderReport(
    { model, verdict, changes, wallMs: 0, runUrl: "https://github.com/o/r/actions/runs/1", redact },
    COMMENT_BUDGET,
  );
  return { model, outputs, report };
}

const notes = (bytes: Buffer, planMode = true) => {
  const said: string[] = [];
  const pipeline = new Pipeline([(u) => u.type === "note" && said.push(u.text)], "/workspace", planMode);
  pipeline.push(bytes, 0);
  pipeline.end(0);
  return said;
};

describe("plan mode: the plan is the run's final message", () => {
  it("the result output, the final message and the report hold the plan, not the narration", async () => {
    const { model, outputs, report } = await runOf(
      lines(
        narration("Exploring the code…"),
        planQuery(PLAN),
        planQuery(PLAN, "response"),
        result("Exploring the code…"),
      ),
    );
    expect(outputs.result).toBe(PLAN);
    expect(finalMessage(model, false, redact)).toBe(PLAN);
    expect(report).toContain("> 2. Fix the bug");
    expect(report).not.toContain("Exploring the code");
  });

  it("the log says a plan was made and how long, never its text or the query's internals", () => {
    const said = notes(lines(planQuery(PLAN), planQuery(PLAN, "response")));
    expect(said).toEqual([
      "Plan made (5 lines) — it is the run's final message",
      "Interaction: the request for approval of a plan was answered",
    ]);
  });

  it("in plan mode, narration after the plan does not displace it; the contract reads the plan", async () => {
    const plan = `${PLAN}\n\`\`\`json\n{"ok":true}\n\`\`\`\n`;
    const { model, outputs } = await runOf(
      lines(narration("Exploring…"), planQuery(plan), narration("I have made a plan."), result("…")),
    );
    expect(outputs.result).toBe(plan);
    expect(model.wholeFinalText).toBe(plan);
    expect(finalMessage(model, true, redact)).toBe(PLAN.trimEnd());
  });

  it("outside plan mode, a plan approved on the way is not the final message: the answer after it is", async () => {
    const bytes = lines(
      planQuery(PLAN),
      planQuery(PLAN, "response"),
      narration("Fixed the bug in `src/a.ts` and added a test."),
      result("Fixed the bug in `src/a.ts` and added a test."),
    );
    const { model, outputs, report } = await runOf(bytes, false);
    expect(outputs.result).toBe("Fixed the bug in `src/a.ts` and added a test.");
    expect(finalMessage(model, false, redact)).toBe("Fixed the bug in `src/a.ts` and added a test.");
    expect(model.wholeFinalText).toBe("Fixed the bug in `src/a.ts` and added a test.");
    expect(report).not.toContain("2. Fix the bug");
    expect(notes(bytes, false)[0]).toBe("Plan made (5 lines)");
    // With nothing said after it, the plan is the final message, plan mode or not.
    const last = await runOf(lines(narration("Exploring…"), planQuery(PLAN), result("Exploring…")), false);
    expect(last.outputs.result).toBe(PLAN);
  });

  it("plan mode is asked for in extra-args as the CLI takes it", () => {
    expect(asksPlanMode(["--mode", "plan"])).toBe(true);
    expect(asksPlanMode(["--mode=plan"])).toBe(true);
    expect(asksPlanMode(["--plan"])).toBe(true);
    expect(asksPlanMode(["--mode", "agent"])).toBe(false);
    expect(asksPlanMode(["--", "--plan"])).toBe(false);
    expect(asksPlanMode([])).toBe(false);
  });

  it("a later plan replaces an earlier one", async () => {
    const { outputs } = await runOf(lines(planQuery("first plan"), planQuery("second plan"), result("")));
    expect(outputs.result).toBe("second plan");
  });

  it("the plan is redacted, and a long one kept bounded with no secret cut in half", async () => {
    const long = `${"x".repeat(64 * 1024 - 10)}${SECRET}${"y".repeat(100_000)}`;
    const { model, outputs } = await runOf(lines(planQuery(`${SECRET}\n${PLAN}`), result("")));
    expect(outputs.result).toBe(`***\n${PLAN}`);
    expect(finalMessage(model, false, redact)).toBe(`***\n${PLAN}`);
    const cut = await runOf(lines(planQuery(long), result("")));
    expect(cut.model.plan?.cut).toBe(true);
    expect(cut.model.plan!.text.length).toBeLessThan(long.length);
    expect(cut.outputs.result).not.toContain("key_");
    expect(cut.outputs.result!.length).toBeLessThanOrEqual(64 * 1024);
  });

  it("a plan query without a plan (or an empty one) leaves the final message to the agent's text", async () => {
    const { outputs, model } = await runOf(
      lines(planQuery(""), planQuery(42), narration("Done."), result("Done.")),
    );
    expect(model.plan).toBeUndefined();
    expect(outputs.result).toBe("Done.");
  });

  it("reads the plan with no query_type, by the key of `query`", async () => {
    const { query } = planQuery(PLAN);
    const { outputs } = await runOf(
      lines({ type: "interaction_query", subtype: "request", query }, result("")),
    );
    expect(outputs.result).toBe(PLAN);
  });
});

describe("interaction queries are said by what they ask for", () => {
  it("each known kind by a readable name; an unknown one without its name or payload", () => {
    const ask = (query_type: string, phase = "request") => ({
      type: "interaction_query",
      subtype: phase,
      query_type,
      query: { id: 1, [query_type]: { args: { command: "rm -rf /\n::warning::x" } } },
    });
    expect(
      notes(
        lines(
          ask("shellRequestQuery"),
          ask("shellRequestQuery", "response"),
          ask("askQuestionInteractionQuery"),
          ask("switchModeRequestQuery"),
          ask("webFetchRequestQuery"),
          ask("::warning::madeUpQuery"),
          { type: "interaction_query", subtype: "request" },
        ),
      ),
    ).toEqual([
      "Interaction: the agent asks for approval of a command",
      "Interaction: the request for approval of a command was answered",
      "Interaction: the agent asks for an answer to a question",
      "Interaction: the agent asks for approval of a mode switch",
      "Interaction: the agent asks for approval of a web fetch",
      "Interaction: the agent asks for something of a kind this action does not know",
      "Interaction: the agent asks for something of a kind this action does not know",
    ]);
  });

  it("a name that is an Object.prototype key is not a known kind", () => {
    expect(
      notes(lines({ type: "interaction_query", subtype: "request", query_type: "constructor" })),
    ).toEqual(["Interaction: the agent asks for something of a kind this action does not know"]);
  });
});

describe("retries", () => {
  const retry = (subtype: string, extra: object = {}) => ({ type: "retry", subtype, attempt: 1, ...extra });

  it("a resume is the retry under way going on, not another", () => {
    const { model, updates } = replay(
      lines(
        { type: "connection", subtype: "reconnecting", attempt: 1 },
        retry("starting", { is_resume: false }),
        retry("resuming", { is_resume: true, checkpoint_turn_count: 4 }),
        { type: "connection", subtype: "reconnected" },
        { type: "connection", subtype: "reconnecting", attempt: 2 },
        retry("starting", { attempt: 2 }),
        retry("resuming", { attempt: 2 }),
      ),
    );
    expect(model.counts).toMatchObject({ reconnects: 2, retries: 2 });
    expect(updates.flatMap((u) => (u.type === "note" && /retr/i.test(u.text) ? [u.text] : []))).toEqual([
      "Retrying the request (attempt 1)",
      "Resuming the retry from a checkpoint (turn 4)",
      "Retrying the request (attempt 2)",
      "Resuming the retry from a checkpoint",
    ]);
  });

  it("`is_resume: true` on a start is a resume; a resume seen without its start is still one retry", () => {
    expect(
      replay(lines(retry("starting"), retry("starting", { is_resume: true }))).model.counts.retries,
    ).toBe(1);
    expect(replay(lines(retry("resuming"), retry("resuming"))).model.counts.retries).toBe(1);
    expect(replay(lines(retry("starting"), retry("starting"))).model.counts.retries).toBe(2);
    // A resume of another attempt than the one under way: that attempt's start was not seen.
    expect(
      replay(lines(retry("starting"), retry("resuming"), retry("resuming", { attempt: 2 }))).model.counts
        .retries,
    ).toBe(2);
  });
});

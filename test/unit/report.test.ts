/**
 * The markdown report: snapshots of the comment and summary for every real transcript (written to
 * test/snapshots/report/ for review), the size ladder, and escaping of agent text.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { Lexer } from "marked";
import { describe, expect, it } from "vitest";
import { createRedactor } from "../../src/base/redact.js";
import { ChangeTracker, noGit } from "../../src/changes/index.js";
import type { ChangeSet, FileChange } from "../../src/changes/types.js";
import { RunModel } from "../../src/model/run-model.js";
import { decide } from "../../src/model/verdict.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import { compose, type Shape } from "../../src/report/compose.js";
import { fits, hardCut, overBy, type SizeBudget } from "../../src/report/fit.js";
import { COMMENT_BUDGET, renderReport, SUMMARY_BUDGET } from "../../src/report/report.js";
import { FIXTURES, fixture, ROOT } from "../helpers/replay.js";

const SNAPSHOTS = path.join(ROOT, "test/snapshots/report");
const redact = createRedactor(["key_secret_value_1234"]);

async function reportOf(bytes: Buffer) {
  const tracker = new ChangeTracker({ workspace: "/workspace" });
  const pipeline = new Pipeline([(u) => tracker.onUpdate(u)], "/workspace");
  const { model } = pipeline;
  pipeline.push(bytes, 0);
  pipeline.end(0);
  const changes = await tracker.finish({ git: noGit });
  const verdict = decide({
    exit: { code: 0 },
    result: model.result,
    stderrTail: [],
    agentPath: "cursor-agent",
  });
  return {
    model,
    verdict,
    changes,
    wallMs: 0,
    runUrl: "https://github.com/octo/repo/actions/runs/1",
    redact,
  };
}

describe("the report of each real transcript", () => {
  for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith(".ndjson"))) {
    it(file, async () => {
      const input = await reportOf(fixture(file));
      const comment = renderReport(input, COMMENT_BUDGET);
      const summary = renderReport(input, SUMMARY_BUDGET);
      expect(comment).toBe(summary); // small runs fit both the same
      await expect(comment).toMatchFileSnapshot(path.join(SNAPSHOTS, file.replace(/\.ndjson$/, ".md")));
    });
  }

  it("shows the net change of the real edits", async () => {
    const input = await reportOf(fixture("skill-eval-0025-win-partial-grep-read-edit-error.ndjson"));
    expect(input.changes.files.map((f) => [f.path, f.status, f.added, f.removed])).toEqual([
      ["components/roof/RoofQuickLinearCalculator.vue", "modified", 1, 1],
    ]);
    const md = renderReport(input, COMMENT_BUDGET);
    expect(md).toContain("**1 file changed** (+1 −1)");
    expect(md).toContain("-      Clear entries\n+      Clear manual entries");
  });
});

function change(i: number, diffLines: number): FileChange {
  const body = Array.from({ length: diffLines }, (_, j) => `+line ${j} of file ${i}`).join("\n");
  return {
    path: `src/f${i}.ts`,
    status: "added",
    added: diffLines,
    removed: 0,
    diff: `--- /dev/null\n+++ b/src/f${i}.ts\n@@ -0,0 +1,${diffLines} @@\n${body}`,
    baseline: "git",
    editCount: 1,
  };
}

describe("the size ladder", () => {
  const base = (files: FileChange[]): Parameters<typeof renderReport>[0] => {
    const model = new RunModel();
    const changes: ChangeSet = {
      files,
      added: files.reduce((a, f) => a + f.added, 0),
      removed: 0,
      notes: [],
    };
    const verdict = decide({ exit: { code: 0 }, result: undefined, stderrTail: [], agentPath: "a" });
    return { model, verdict, changes, wallMs: 1, redact };
  };

  it("drops the largest diffs first", () => {
    const files = [change(1, 10), change(2, 3000), change(3, 20)];
    const md = renderReport(base(files), { maxChars: 20_000 });
    expect(md.length).toBeLessThanOrEqual(20_000);
    expect(md).toContain("<code>src/f1.ts</code>");
    expect(md).toContain("<code>src/f3.ts</code>");
    expect(md).not.toContain("<code>src/f2.ts</code>");
    expect(md).toContain("1 of 3 diffs are left out to fit (the largest first)");
  });

  /**
   * The ladder as it was before the report learned to count a shape's size: every diff composed first,
   * then the same steps. The report must come out byte for byte the same.
   */
  const composedFirst = (input: Parameters<typeof renderReport>[0], budget: SizeBudget): string => {
    const files = (input.changes?.files ?? []).map((f) => ({
      ...f,
      diff: f.diff ? input.redact(f.diff) : undefined,
    }));
    const all = files.filter((f) => f.diff).map((f) => f.path);
    const shape: Shape = { diffs: new Set(all), toolTable: true, fileRows: files.length, notes: [] };
    let text = compose(input, files, shape);
    if (fits(text, budget)) return text;
    const bySize = files.filter((f) => f.diff).sort((a, b) => (b.diff?.length ?? 0) - (a.diff?.length ?? 0));
    let excess = overBy(text, budget);
    let dropped = 0;
    for (const f of bySize) {
      shape.diffs.delete(f.path);
      dropped++;
      excess -= f.diff?.length ?? 0;
      if (excess > 0 && dropped < bySize.length) continue;
      shape.notes[0] = `${dropped} of ${all.length} diffs are left out to fit (the largest first); the job log has every edit.`;
      text = compose(input, files, shape);
      if (fits(text, budget)) return text;
      excess = overBy(text, budget);
    }
    shape.toolTable = false;
    shape.notes[1] = "The list of tool calls is left out to fit; the job log has each one.";
    text = compose(input, files, shape);
    if (fits(text, budget)) return text;
    while (shape.fileRows > 0) {
      shape.fileRows = Math.floor(shape.fileRows / 2);
      shape.notes[2] = `Only ${shape.fileRows} of ${files.length} changed files are listed to fit; \`files-changed\` has them all.`;
      text = compose(input, files, shape);
      if (fits(text, budget)) return text;
    }
    return hardCut(text, budget);
  };

  it("counts a shape's size without composing it: the same report as composing every diff first", () => {
    // Diffs of any size, with characters of 1 to 4 UTF-8 bytes and a secret to redact, in budgets of
    // characters or bytes around their total.
    const line = fc.constantFrom(
      "+x",
      "-é — ok",
      "+🙂 emoji",
      " key_secret_value_1234 context",
      "+``` fence",
    );
    const file = fc.record({ lines: fc.array(line, { minLength: 0, maxLength: 60 }), noted: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(file, { maxLength: 12 }),
        fc.integer({ min: 200, max: 12_000 }),
        fc.boolean(),
        (specs, size, inBytes) => {
          const files = specs.map((spec, i): FileChange => {
            const f: FileChange = {
              path: `src/f${i}.ts`,
              status: "modified",
              added: spec.lines.length,
              removed: 0,
              baseline: "git",
              editCount: 1,
            };
            if (spec.lines.length)
              f.diff = `--- a/src/f${i}.ts\n+++ b/src/f${i}.ts\n${spec.lines.join("\n")}\n`;
            else if (spec.noted) f.note = "binary file";
            return f;
          });
          const input = base(files);
          const budget: SizeBudget = inBytes ? { maxBytes: size } : { maxChars: size };
          expect(renderReport(input, budget)).toBe(composedFirst(input, budget));
          // Twice on one input (the summary, then the comment): blocks built once serve both.
          expect(renderReport(input, COMMENT_BUDGET)).toBe(composedFirst(input, COMMENT_BUDGET));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("then shortens the list of files, and never exceeds the budget", () => {
    const files = Array.from({ length: 2000 }, (_, i) => change(i, 5));
    const md = renderReport(base(files), { maxChars: 30_000 });
    expect(md.length).toBeLessThanOrEqual(30_000);
    expect(md).toMatch(/Only \d+ of 2000 changed files are listed to fit/);
    const bytes = renderReport(base(files), { maxBytes: 50_000 });
    expect(Buffer.byteLength(bytes)).toBeLessThanOrEqual(50_000);
  });

  it("fences a diff of 250,000 runs of backticks (one line of 1 MB) without overflowing the stack", () => {
    const f = change(1, 1);
    f.diff = `--- /dev/null\n+++ b/src/f1.ts\n@@ -0,0 +1 @@\n+${"```a".repeat(250_000)}`;
    const md = renderReport(base([f]), SUMMARY_BUDGET);
    expect(md).toContain("<code>src/f1.ts</code>");
    expect(md).toContain("````diff\n");
    expect(md).not.toContain("could not show");
  });

  it("where a diff's block cannot be built, says so as composing every diff first did", () => {
    const f = { ...change(1, 3), path: "src/boom.ts" };
    const input = {
      ...base([f, change(2, 3)]),
      redact: (t: string) => {
        if (t === "src/boom.ts") throw new Error("boom");
        return t;
      },
    };
    for (const budget of [SUMMARY_BUDGET, COMMENT_BUDGET, { maxChars: 400 }]) {
      const md = renderReport(input, budget);
      expect(md).toBe(composedFirst(input, budget));
      expect(md).toContain("could not show the changed files (boom)");
    }
  });

  it("where the list of files cannot be built but every diff can, says so as composing every diff first did", () => {
    const f = { ...change(1, 3), note: "noted" };
    const g = { ...change(2, 3), diff: undefined, note: "an unreadable note" };
    const input = {
      ...base([f, g]),
      redact: (t: string) => {
        if (t === "an unreadable note") throw new Error("no note");
        return t;
      },
    };
    // Just enough for the report as it comes out (a note for the files, no diff): counting the diff's
    // block on top of it would drop a diff that is not there.
    const exact = { maxChars: composedFirst(input, SUMMARY_BUDGET).length };
    for (const budget of [SUMMARY_BUDGET, exact]) {
      const md = renderReport(input, budget);
      expect(md).toBe(composedFirst(input, budget));
      expect(md).toContain("could not show the changed files (no note)");
    }
  });

  it("shows each file's own path and counts, whatever diff text two files share", () => {
    const one = change(1, 2);
    const two = { ...change(2, 2), diff: one.diff, added: 7 };
    const input = base([one, two]);
    const md = renderReport(input, SUMMARY_BUDGET);
    expect(md).toContain("<code>src/f1.ts</code> +2 −0");
    expect(md).toContain("<code>src/f2.ts</code> +7 −0");
    // A second rendering of the same input (the comment after the summary) after a change to a file.
    two.path = "src/renamed.ts";
    expect(renderReport(input, COMMENT_BUDGET)).toContain("<code>src/renamed.ts</code> +7 −0");
  });

  it("redacts before cutting, and fences agent text", () => {
    const f = change(1, 1);
    f.diff = `+token key_secret_value_1234\n+\`\`\`\n+</details><img src=x onerror=alert(1)>`;
    f.path = "src/<b>x</b>|y.ts";
    const md = renderReport(base([f]), COMMENT_BUDGET);
    expect(md).not.toContain("key_secret_value_1234");
    expect(md).toContain("````diff");
    expect(md).toContain("<code>src/&lt;b&gt;x&lt;/b&gt;|y.ts</code>");
    expect(md).toContain("`src/<b>x</b>\\|y.ts`");
  });
});

describe("a report past every other way to fit", () => {
  it("is cut where no code block is left open, shorter fences inside one included", async () => {
    // A final message that is one long code block whose lines start with shorter fences: the sanitiser
    // fences it with more backticks, and a cut that counted every fence-like line would leave it open.
    const code = Array.from({ length: 4_000 }, (_, i) => `\`\`\`step ${i} of the long listing`).join("\n");
    const result = `Done:\n\n\`\`\`\`text\n${code}\n\`\`\`\`\n`;
    const input = await reportOf(
      Buffer.from(`${JSON.stringify({ type: "result", subtype: "success", is_error: false, result })}\n`),
    );
    const md = renderReport(input, COMMENT_BUDGET);
    expect(md.length).toBeLessThanOrEqual(COMMENT_BUDGET.maxChars!);
    expect(md).toMatch(/The report was cut to fit; the job log has everything\.\n$/);
    const blocks = new Lexer({ gfm: true }).lex(md).filter((t) => t.type !== "space");
    const last = blocks.at(-1);
    expect(last?.type).toBe("blockquote");
    expect(last?.raw).toContain("The report was cut to fit");
    // The quoted code block is closed by its own fence (four backticks), not by the end of the quote with
    // a stray shorter fence left in it as code.
    const quote = blocks.at(-2) as { tokens?: { type: string; text?: string }[] } | undefined;
    const block = quote?.tokens?.find((t) => t.type === "code");
    expect(block?.text?.split("\n").at(-1)).toMatch(/^```step \d+ of the long listing$/);
  });
});

describe("a run of many tool calls", () => {
  it("lists the first calls and the failed ones, counts the rest, and points to the job log", async () => {
    const events: string[] = [];
    const n = 2_000;
    for (let i = 0; i < n; i++) {
      const exitCode = i === 1_500 ? 2 : 0;
      const tool = { shellToolCall: { args: { command: `step-${i}` }, result: { success: { exitCode } } } };
      events.push(
        JSON.stringify({ type: "tool_call", subtype: "completed", call_id: `c${i}`, tool_call: tool }),
      );
    }
    events.push(JSON.stringify({ type: "result", subtype: "success", is_error: false, result: "done" }));
    const input = await reportOf(Buffer.from(`${events.join("\n")}\n`));
    const summary = renderReport(input, SUMMARY_BUDGET);
    expect(summary).toContain(`<summary>Tool calls (${n})</summary>`);
    expect(summary).toContain("`step-299`");
    expect(summary).not.toContain("`step-300`");
    expect(summary).toContain("`step-1500`"); // failed: listed although past the first calls
    expect(summary).toContain("| | … 1,699 more | | 1,699 succeeded; each is in the job log |");
    expect(summary).toContain("2000 tool calls (1 failed)");
  });
});

describe("the agent's todo list", () => {
  it("is in the report as it was left: replaced, then merged by id; statuses of both spellings", async () => {
    const todo = (id: string, args: object, result: object = { success: args }) =>
      JSON.stringify({
        type: "tool_call",
        subtype: "completed",
        call_id: id,
        tool_call: { updateTodosToolCall: { args, result } },
      });
    const lines = [
      todo("t1", {
        todos: [
          { id: "1", content: "Read the failing test", status: "TODO_STATUS_IN_PROGRESS" },
          { id: "2", content: "Fix @octocat's rounding #12", status: "TODO_STATUS_PENDING" },
          { id: "3", content: "Update docs", status: "pending" },
        ],
        merge: false,
      }),
      todo("t2", {
        todos: [
          { id: "1", content: "Read the failing test", status: "TODO_STATUS_DONE" },
          { id: "2", status: "in_progress" },
          { id: "3", status: "TODO_STATUS_CANCELLED" },
          { id: "4", content: "Run key_secret_value_1234 checks", status: "completed" },
        ],
        merge: true,
      }),
      // A failed update changes nothing.
      todo("t3", { todos: [], merge: false }, { error: { message: "no" } }),
      JSON.stringify({ type: "result", subtype: "success", is_error: false, result: "done" }),
    ];
    const input = await reportOf(Buffer.from(`${lines.join("\n")}\n`));
    const summary = renderReport(input, SUMMARY_BUDGET);
    expect(summary).toContain(
      [
        "**The agent's todo list**",
        "",
        "- [x] Read the failing test",
        "- [ ] Fix @\u2060octocat's rounding #\u206012 _(in progress)_",
        "- [ ] ~~Update docs~~ _(cancelled)_",
        "- [x] Run \\*\\*\\* checks",
      ].join("\n"),
    );
    expect(renderReport(input, COMMENT_BUDGET)).toBe(summary);
  });
});

describe("a report whatever the agent wrote", () => {
  const finalMessage = (result: string) =>
    reportOf(
      Buffer.from(`${JSON.stringify({ type: "result", subtype: "success", is_error: false, result })}\n`),
    );

  it.each([
    ["30,000 `>`", ">".repeat(30_000)],
    ["20,000 `- `", "- ".repeat(20_000)],
    ["30,000 `*`", "*".repeat(30_000)],
    ["20,000 `- ` and a word", `${"- ".repeat(20_000)}x`],
    ["15,000 `*` each side of a word", `${"*".repeat(15_000)}x${"*".repeat(15_000)}`],
  ])("a final message of %s: the whole report, in each budget", async (_, text) => {
    const input = await finalMessage(text);
    for (const budget of [COMMENT_BUDGET, SUMMARY_BUDGET]) {
      const md = renderReport(input, budget);
      expect(md).toMatch(/^### ✅ Cursor agent succeeded\n/);
      expect(md).toContain("**The agent's final message**");
      expect(md).not.toContain("could not show");
    }
  });

  it("a part that cannot be built is a note; the parts around it are still there", async () => {
    const input = await finalMessage("All done.");
    const review = {
      invalid: [],
      get findings(): never {
        throw new Error("no findings <b>key_secret_value_1234</b>");
      },
    };
    const md = renderReport({ ...input, review }, COMMENT_BUDGET);
    expect(md).toMatch(/^### ✅ Cursor agent succeeded\n/);
    expect(md).toContain(
      "> ⚠️ This report could not show the review (no findings &lt;b&gt;\\*\\*\\*&lt;/b&gt;); the job log has the run.",
    );
    expect(md).toContain("_No files were changed._");
    expect(md).toContain("> All done.");
  });
});

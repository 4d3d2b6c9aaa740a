/**
 * The one sanitiser for agent text in markdown, checked by rendering the report with a GFM renderer
 * (marked, GitHub-flavoured: tables, autolinks of URLs and `www.`): hostile text in every field the agent
 * controls (model name, tool names and targets, paths, notes, outcomes, errors) renders as text only.
 */
import fc from "fast-check";
import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { createRedactor } from "../../src/base/redact.js";
import { ChangeTracker, noGit } from "../../src/changes/index.js";
import { decide } from "../../src/model/verdict.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import { htmlText, mdCode, mdText } from "../../src/render/markdown.js";
import { COMMENT_BUDGET, renderReport } from "../../src/report/report.js";

const HOSTILE = [
  "@octocat please review",
  "@github/security-team",
  "fixes #1 and octo/repo#2 and GH-3",
  "see https://evil.example/x and www.evil.example",
  "![img](https://evil.example/p.png) [link](https://evil.example)",
  "<img src=x onerror=alert(1)> <a href=//evil>x</a> <!-- c -->",
  "x\n\n### ✅ Security review: APPROVED\n\n- [x] done",
  "a | b | c",
  "</code></summary></details>\n\n# Heading",
  "**bold** _em_ `code` ~~del~~",
  "commit 4b825dc642cb6eb9a060e54bf8d69288fbee4904",
  "user@example.com",
  "\u202Eevil\u0000\u001b[31m",
];

function transcript(text: string): Buffer {
  const ev = (e: object) => `${JSON.stringify(e)}\n`;
  const call = (id: string, tool: object) => [
    ev({ type: "tool_call", subtype: "started", call_id: id, tool_call: tool }),
    ev({ type: "tool_call", subtype: "completed", call_id: id, tool_call: tool }),
  ];
  return Buffer.from(
    [
      ev({ type: "system", subtype: "init", session_id: "s", model: text, cwd: "/w" }),
      ...call("c1", {
        writeToolCall: {
          args: { path: `dir/${text}.txt`, fileText: "x\n" },
          result: { success: { linesCreated: 1 } },
        },
      }),
      ...call("c2", {
        function: {
          name: `tool ${text}`,
          arguments: JSON.stringify({ path: text }),
          result: { failure: { error: text } },
        },
      }),
      ...call("c3", {
        shellToolCall: { args: { command: text }, result: { failure: { exitCode: 1, stderr: text } } },
      }),
      ev({ type: "result", subtype: "error", is_error: true, error: text, session_id: "s" }),
    ].join(""),
  );
}

async function report(text: string): Promise<string> {
  const tracker = new ChangeTracker({ workspace: "/w" });
  const pipeline = new Pipeline([tracker.onUpdate], "/w");
  pipeline.push(transcript(text), 0);
  pipeline.end(0);
  const changes = await tracker.finish({ git: noGit });
  const { model } = pipeline;
  const verdict = decide({ exit: { code: 1 }, result: model.result, stderrTail: [], agentPath: "a" });
  changes.notes.push(`a note: ${text}`);
  return renderReport(
    {
      model,
      verdict,
      changes,
      wallMs: 0,
      runUrl: "https://github.com/o/r/actions/runs/1",
      redact: createRedactor([]),
    },
    COMMENT_BUDGET,
  );
}

/** Text outside code, as GitHub's filters see it (mentions and references are found there). */
function textOutsideCode(html: string): string {
  return html
    .replace(/<pre[\s\S]*?<\/pre>/g, "")
    .replace(/<code>[\s\S]*?<\/code>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#64;", "@")
    .replaceAll("&#35;", "#");
}

describe("agent text in the report renders as text", () => {
  for (const text of HOSTILE) {
    it(JSON.stringify(text), async () => {
      const md = await report(text);
      const html = await marked.parse(md, { gfm: true });
      // The report's own structure, and nothing else.
      expect([...html.matchAll(/<a /g)].length).toBe(1); // the workflow run
      expect(html).not.toMatch(/<img|<h[1-6]>(?!.*Cursor agent)|<script|<input|<a href="\/\/evil/);
      expect([...html.matchAll(/<h3>/g)].length).toBe(1);
      expect(html.match(/<details>/g)?.length ?? 0).toBe(html.match(/<\/details>/g)?.length ?? 0);
      expect(html.match(/<table>/g)?.length).toBe(md.split("\n").filter((l) => l.startsWith("|---")).length);
      expect(md).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
      const plain = textOutsideCode(html);
      expect(plain).not.toMatch(/(^|[^\w\u2060])@[A-Za-z0-9]/);
      expect(plain).not.toMatch(/#\d|GH-\d|https?:\/\/|www\.evil/);
      expect(plain).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202e]/);
    });
  }

  it("what the agent wrote stays readable: only invisible joiners are added", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const visible = (x: string) => x.replaceAll("\u2060", "");
        expect(visible(htmlText("@a #1 https://x www.y GH-2"))).toBe("@a #1 https://x www.y GH-2");
        expect(mdCode(s).includes("\n")).toBe(false);
        expect(mdText(s).includes("\n")).toBe(false);
        expect(htmlText(s)).not.toMatch(/[<>\n\r]/);
      }),
      { numRuns: 500 },
    );
  });
});

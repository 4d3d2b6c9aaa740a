/**
 * Markdown that escapes its box, through the bundle and into the PR comment the stand-in receives: a path
 * with blank lines and a forged approval heading, mentions, references, links and images in the fields the
 * agent controls, and the GitHub token in a tool name. Rendered with a GFM renderer: text only, but for
 * the final message, which renders as markdown inside its quote.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { marked } from "marked";
import { afterAll, expect, it } from "vitest";
import { startGitHubApi } from "../harness/github-api.js";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const TOKEN = "ghs_harnessTokenForTests0000000000000000";
const ATTACK =
  "x\n\n</code></summary></details>\n\n### ✅ Security review: APPROVED\n\n![p](https://evil.example/p.png) [l](https://evil.example) - [x] ok @octocat @github/security #1 octo/repo#2";

it("the PR comment shows agent text as text, and no secret", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hostile-md-"));
  const transcript = path.join(dir, "t.ndjson");
  const ev = (e: object) => `${JSON.stringify(e)}\n`;
  const write = {
    writeToolCall: { args: { path: ATTACK, fileText: "a\n" }, result: { success: { linesCreated: 1 } } },
  };
  const named = {
    function: { name: `deploy ${TOKEN} ${ATTACK}`, arguments: "{}", result: { failure: { error: ATTACK } } },
  };
  writeFileSync(
    transcript,
    [
      ev({ type: "system", subtype: "init", session_id: "s", model: `m ${ATTACK}` }),
      ev({ type: "tool_call", subtype: "started", call_id: "w", tool_call: write }),
      ev({ type: "tool_call", subtype: "completed", call_id: "w", tool_call: write }),
      ev({ type: "tool_call", subtype: "completed", call_id: "f", tool_call: named }),
      ev({ type: "result", subtype: "success", is_error: false, result: ATTACK, session_id: "s" }),
    ].join(""),
  );
  const api = await startGitHubApi({ token: TOKEN, pullRequests: [7] });
  try {
    const r = await runAction({
      inputs: { prompt: "go" },
      env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef" },
      scenario: { transcript },
      pullRequest: { number: 7 },
      apiUrl: api.url,
      githubToken: TOKEN,
    });
    expect(r.outputs.conclusion).toBe("success");
    const body = api.commentsOn(7)[0]!.body;
    expect(body).not.toContain(TOKEN);
    const html = await marked.parse(body, { gfm: true });
    expect([...html.matchAll(/<a /g)].length).toBe(1); // the workflow run
    expect(html).not.toMatch(/<img/);
    // The final message is rendered (issue 14), inside the one quote under its label: the forged heading
    // is there, demoted below the report's own, and nowhere else; outside the quote, text only.
    const quotes = [...html.matchAll(/<blockquote>[\s\S]*?<\/blockquote>/g)].map((m) => m[0]);
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toMatch(/<h[4-6]>✅ Security review: APPROVED<\/h[4-6]>/);
    const outsideQuote = html.replace(quotes[0]!, "");
    expect(outsideQuote).not.toMatch(/<input|<h[1-6]>[^<]*APPROVED/);
    expect(html).not.toMatch(/<h[1-3]>[^<]*APPROVED/);
    expect([...html.matchAll(/<h3>/g)].length).toBe(1);
    const outsideCode = html
      .replace(/<pre[\s\S]*?<\/pre>/g, "")
      .replace(/<code>[\s\S]*?<\/code>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replaceAll("&#39;", "'");
    expect(outsideCode).not.toMatch(/(^|[^\w\u2060])@[A-Za-z0-9]|#\d|https?:\/\//);
    expect(r.summary).not.toContain(TOKEN);
  } finally {
    await api.close();
  }
});

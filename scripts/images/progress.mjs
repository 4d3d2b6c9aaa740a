/**
 * The live progress comment's picture: the bundle on a pull request, against a local stand-in for the
 * comments API that keeps every body it is sent, with a paced agent that writes its todo list and is
 * mid-call when the comment is updated.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { actionMain, prepareStep, spawnAction } from "../../test/harness/launch.mjs";

/**
 * The live progress comment: the bundle on a pull request, against a local stand-in for the comments API
 * that keeps every body it is sent, with a paced agent that writes its todo list and is mid-call when the
 * comment is updated. Returns the last "working" body (the marker line is an HTML comment: invisible).
 */
export async function progressBody() {
  const dir = path.join(tmpdir(), "cursor-agent-action-render-progress");
  rmSync(dir, { recursive: true, force: true });
  const workspace = path.join(dir, "work/demo/demo");
  const runnerTemp = path.join(dir, "_temp");
  mkdirSync(workspace, { recursive: true });
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd: workspace });
  const ev = (e) => JSON.stringify(e);
  const todos = [
    { id: "1", content: "Read the failing checkout test", status: "TODO_STATUS_DONE" },
    { id: "2", content: "Round the tax per line, not per order", status: "TODO_STATUS_IN_PROGRESS" },
    { id: "3", content: "Run the test suite", status: "TODO_STATUS_PENDING" },
    { id: "4", content: "Update the changelog", status: "TODO_STATUS_PENDING" },
  ];
  const call = (subtype, id, tool) => ev({ type: "tool_call", subtype, call_id: id, tool_call: tool });
  const todoTool = { updateTodosToolCall: { args: { todos, merge: false } } };
  const edit = { editToolCall: { args: { path: `${workspace}/src/tax.ts` } } };
  const lines = [
    ev({ type: "system", subtype: "init", session_id: "s", model: "GPT-5.1 Medium", cwd: workspace }),
    call("started", "e1", edit),
    call("completed", "e1", {
      editToolCall: {
        ...edit.editToolCall,
        result: {
          success: { path: `${workspace}/src/tax.ts`, afterFullFileContent: "export const r = 1;\n" },
        },
      },
    }),
    call("started", "t1", todoTool),
    call("completed", "t1", {
      updateTodosToolCall: { ...todoTool.updateTodosToolCall, result: { success: { todos, totalCount: 4 } } },
    }),
    call("started", "s1", { shellToolCall: { args: { command: "npx vitest run src/checkout" } } }),
  ];
  const transcript = path.join(dir, "progress.ndjson");
  writeFileSync(transcript, `${lines.join("\n")}\n`);
  const scenario = path.join(dir, "scenario.json");
  // The agent hangs mid-call: the comment shows it in progress; the run is then stopped.
  writeFileSync(scenario, JSON.stringify({ transcript, delayMs: 300, hang: "mid-stream" }));

  const bodies = [];
  const server = await commentsStandIn(bodies);
  const port = /** @type {import("node:net").AddressInfo} */ (server.address()).port;
  const { env } = prepareStep({
    workspace,
    runnerTemp,
    eventName: "pull_request",
    event: {
      action: "synchronize",
      number: 12,
      pull_request: {
        number: 12,
        user: { login: "octo", type: "User" },
        base: { sha: "0".repeat(40), repo: { full_name: "octo/demo" } },
        head: { repo: { full_name: "octo/demo" } },
      },
      repository: { full_name: "octo/demo" },
      sender: { login: "octo", type: "User" },
    },
    repository: "octo/demo",
    pullRequest: { number: 12 },
    apiUrl: `http://127.0.0.1:${port}`,
    inputs: { prompt: "Fix the checkout tax rounding.", force: true, "protect-config": false },
    env: { CURSOR_API_KEY: "key_demo0000000000000000000000000000000000", FAKE_AGENT_SCENARIO: scenario },
  });
  const child = spawnAction({ args: [actionMain()], cwd: workspace, env });
  child.stdout.resume();
  // The todo list's update comes 1 s after it changes: wait for it, then cancel the run as the runner does.
  for (let i = 0; i < 100 && !bodies.some((b) => b.includes("todo list")); i++)
    await new Promise((r) => setTimeout(r, 100));
  child.kill("SIGINT");
  await new Promise((resolve) => child.on("close", resolve));
  server.close();
  rmSync(dir, { recursive: true, force: true });
  const working = bodies.filter((b) => b.includes("is working"));
  if (working.length === 0) throw new Error("the action wrote no progress comment");
  return working.at(-1);
}

/**
 * A stand-in for the comments API on 127.0.0.1 that keeps every body it is sent in `bodies`; it refuses
 * GET /user as an Actions token is refused.
 */
async function commentsStandIn(bodies) {
  const server = createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      const url = "https://github.com/octo/demo/pull/12#issuecomment-1";
      if (req.method === "GET" && req.url?.startsWith("/user")) {
        res.statusCode = 403;
        res.end(JSON.stringify({ message: "Resource not accessible by integration" }));
      } else if (req.method === "GET") res.end("[]");
      else {
        bodies.push(JSON.parse(data || "{}").body ?? "");
        res.statusCode = req.method === "POST" ? 201 : 200;
        res.end(
          JSON.stringify({
            id: 1,
            html_url: url,
            body: "",
            user: { login: "github-actions[bot]", type: "Bot" },
          }),
        );
      }
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return server;
}

#!/usr/bin/env node
/**
 * Regenerates the README's pictures from real output of the committed bundle:
 *
 *   docs/images/pr-comment.png  the job summary (the same markdown the PR comment gets), rendered the way
 *                               GitHub renders a comment (GFM, github-markdown-css, diff colouring)
 *   docs/images/progress-comment.png  the live progress comment while the agent works (a paced agent on a
 *                               pull request, against a local stand-in for the comments API)
 *   docs/images/job-log.png     the step's stdout as the Actions log viewer shows it (groups, annotations,
 *                               masks applied, line numbers), dark theme
 *
 *   npm exec -- node scripts/render-images.mjs
 *   npm exec -- node scripts/render-images.mjs --expand 1,2 --scale 1 --out /tmp/images
 *
 * It runs the committed dist/index.js as scripts/demo.mjs does (through test/harness/launch.mjs), against the fake agent replaying a captured transcript,
 * in a git workspace whose HEAD holds the edited file's content from before the edit; a wrapper around
 * the fake agent then writes the content from after it, as the real agent would have, so the action's
 * cross-check against the working tree agrees with the tool calls.
 *
 * Needs Chromium (Debian: `apt-get install -y chromium`, optionally `fonts-noto-color-emoji` for ✅).
 * Nothing is fetched at render time: all CSS is inlined and every request the page makes is refused.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Marked } from "marked";
import { chromium } from "playwright-core";
import {
  actionMain,
  FAKE_AGENT,
  prepareStep,
  REPO_ROOT as root,
  spawnAction,
} from "../test/harness/launch.mjs";

const { values: opts } = parseArgs({
  options: {
    transcript: {
      type: "string",
      default: "fixtures/skill-eval-0025-win-partial-grep-read-edit-error.ndjson",
    },
    out: { type: "string", default: "docs/images" },
    // 1-based indexes of the ::group:: rows shown expanded, the others collapsed. By default the failed
    // edit and the edit that worked; the first group (grep) holds long raw JSON lines.
    expand: { type: "string", default: "3,4" },
    scale: { type: "string", default: "1.5" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  },
});

// ---------------------------------------------------------------------------------------------
// 1. Run the bundle as the runner would

/** The file the transcript's successful edit changed, with its content before and after. */
function editedFile(transcript, cwd) {
  let found;
  for (const line of readFileSync(transcript, "utf8").split("\n")) {
    if (!line.includes('"editToolCall"')) continue;
    const event = JSON.parse(line);
    const s = event.tool_call?.editToolCall?.result?.success;
    if (event.subtype === "completed" && typeof s?.beforeFullFileContent === "string") {
      found = { path: s.path, before: s.beforeFullFileContent, after: s.afterFullFileContent };
    }
  }
  if (!found) return undefined;
  // The transcript was captured on Windows: make the path relative to the agent's cwd, with slashes.
  const sep = found.path.includes("\\") ? "\\" : "/";
  const prefix = cwd.endsWith(sep) ? cwd : cwd + sep;
  const rel = found.path.startsWith(prefix) ? found.path.slice(prefix.length) : path.basename(found.path);
  return { ...found, rel: rel.split(sep).join("/") };
}

function agentCwd(transcript) {
  for (const line of readFileSync(transcript, "utf8").split("\n")) {
    if (line.includes('"subtype":"init"')) return JSON.parse(line).cwd ?? "";
  }
  return "";
}

async function runAction(transcript) {
  // A fixed directory (not mkdtemp) because its path is printed in the log and so shows in the picture.
  const dir = path.join(tmpdir(), "cursor-agent-action-render");
  rmSync(dir, { recursive: true, force: true });
  const workspace = path.join(dir, "work/demo/demo");
  const runnerTemp = path.join(dir, "_temp");
  const bin = path.join(dir, "bin");
  for (const d of [workspace, runnerTemp, bin]) mkdirSync(d, { recursive: true });
  // The workspace: a git repo whose HEAD has the edited file as it was before the edit.
  const edit = editedFile(transcript, agentCwd(transcript));
  const git = (...args) =>
    execFileSync(
      "git",
      ["-c", "user.name=demo", "-c", "user.email=demo@example.com", "-c", "commit.gpgsign=false", ...args],
      { cwd: workspace, stdio: "ignore" },
    );
  git("init", "-q", "-b", "main");
  if (edit) {
    mkdirSync(path.dirname(path.join(workspace, edit.rel)), { recursive: true });
    writeFileSync(path.join(workspace, edit.rel), edit.before);
    writeFileSync(path.join(dir, "after"), edit.after);
  }
  git("add", "-A");
  git("commit", "-q", "--allow-empty", "-m", "before the agent");

  // The agent: the fake one, then the edit lands on disk as the real agent would have left it.
  const fake = FAKE_AGENT;
  const apply = edit ? `cp "${path.join(dir, "after")}" "${path.join(workspace, edit.rel)}"` : ":";
  writeFileSync(
    path.join(bin, "cursor-agent"),
    `#!/bin/sh\n"${process.execPath}" "${fake}" "$@"\nrc=$?\ncase " $* " in *" --print "*) ${apply} ;; esac\nexit $rc\n`,
  );
  chmodSync(path.join(bin, "cursor-agent"), 0o755);
  const scenario = path.join(dir, "scenario.json");
  writeFileSync(scenario, JSON.stringify({ transcript, delayMs: 1 }));

  // action.yml's defaults apply to every input not given here, as the runner applies them.
  const { env, files } = prepareStep({
    workspace,
    runnerTemp,
    event: { ref: "refs/heads/main", repository: { full_name: "octo/demo" } },
    repository: "octo/demo",
    // Nothing leaves the machine: a closed local port.
    apiUrl: "http://127.0.0.1:9",
    pathFirst: [bin],
    inputs: {
      prompt: "Rename the “Clear entries” button to “Clear manual entries”.",
      force: true,
      "stream-partial-output": true,
    },
    env: { CURSOR_API_KEY: "key_demo0000000000000000000000000000000000", FAKE_AGENT_SCENARIO: scenario },
  });

  const child = spawnAction({ args: [actionMain()], cwd: workspace, env });
  child.stderr.pipe(process.stderr);
  const chunks = [];
  child.stdout.on("data", (c) => chunks.push(c));
  const code = await new Promise((resolve) => child.on("close", (c) => resolve(c ?? 1)));
  const result = {
    code,
    stdout: Buffer.concat(chunks).toString("utf8"),
    summary: readFileSync(files.GITHUB_STEP_SUMMARY, "utf8"),
  };
  rmSync(dir, { recursive: true, force: true });
  return result;
}

/**
 * The live progress comment: the bundle on a pull request, against a local stand-in for the comments API
 * that keeps every body it is sent, with a paced agent that writes its todo list and is mid-call when the
 * comment is updated. Returns the last "working" body (the marker line is an HTML comment: invisible).
 */
async function progressBody() {
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

// ---------------------------------------------------------------------------------------------
// 2. The PR comment

const escapeHtml = (s) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** GitHub's highlighting of a ```diff block (the prettylights classes github-markdown-css styles). */
function highlightDiff(escaped) {
  return escaped
    .split("\n")
    .map((l) => {
      if (l.startsWith("--- ")) return `<span class="pl-md">${l}</span>`;
      if (l.startsWith("+++ ")) return `<span class="pl-mi1">${l}</span>`;
      if (l.startsWith("@@")) return `<span class="pl-mdr">${l}</span>`;
      if (l.startsWith("+")) return `<span class="pl-mi1">${l}</span>`;
      if (l.startsWith("-")) return `<span class="pl-md">${l}</span>`;
      return l;
    })
    .join("\n");
}

function commentHtml(markdown) {
  const marked = new Marked({ gfm: true, breaks: false });
  let body = marked.parse(markdown);
  // What GitHub's pipeline does on top of GFM that matters here: diff colouring of ```diff blocks.
  body = body.replace(
    /<code class="language-diff">([\s\S]*?)<\/code>/g,
    (_, code) => `<code class="language-diff">${highlightDiff(code)}</code>`,
  );
  // The picture shows the first file's diff: open its <details>, as a reader would.
  body = body.replace("<details>", "<details open>");
  // GitHub opens links in the comment as ordinary anchors; nothing here is fetched.
  const css = readFileSync(
    path.join(root, "node_modules/github-markdown-css/github-markdown-light.css"),
    "utf8",
  );
  const avatar = `<svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
    <circle cx="20" cy="20" r="20" fill="#2088ff"/>
    <circle cx="20" cy="20" r="11" fill="none" stroke="#fff" stroke-width="2.6"/>
    <path d="M17.2 15.2v9.6l7.6-4.8z" fill="#fff"/></svg>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}
    html, body { margin: 0; background: #fff; }
    body { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif,
      "Apple Color Emoji", "Noto Color Emoji"; color: #1f2328; }
    #frame { width: 900px; box-sizing: border-box; padding: 16px 16px 16px 72px; position: relative; background: #fff; }
    .avatar { position: absolute; left: 16px; top: 16px; width: 40px; height: 40px; border-radius: 50%; overflow: hidden;
      box-shadow: 0 0 0 1px rgba(31,35,40,.15); }
    .comment { border: 1px solid #d1d9e0; border-radius: 6px; position: relative; background: #fff; }
    .comment::before, .comment::after { content: ""; position: absolute; top: 11px; right: 100%; width: 0; height: 0;
      border: 8px solid transparent; border-right-color: #d1d9e0; }
    .comment::after { margin-top: 1px; margin-right: -1px; border-width: 7px; border-right-color: #f6f8fa; }
    .header { display: flex; align-items: center; gap: 4px; padding: 0 16px; height: 40px; background: #f6f8fa;
      border-bottom: 1px solid #d1d9e0; border-radius: 6px 6px 0 0; font-size: 14px; color: #59636e; }
    .header strong { color: #1f2328; font-weight: 600; }
    .label { display: inline-block; padding: 0 7px; font-size: 12px; font-weight: 500; line-height: 18px;
      border: 1px solid #d1d9e0; border-radius: 2em; color: #59636e; margin: 0 2px; }
    .header .time { color: #59636e; }
    .header .spacer { flex: 1; }
    .header .role { border: 1px solid #d1d9e0; border-radius: 2em; padding: 0 7px; font-size: 12px; line-height: 18px; }
    .header .dots { font-size: 16px; letter-spacing: 1px; padding-left: 8px; }
    .markdown-body { padding: 16px; font-size: 14px; }
    .markdown-body details summary { cursor: pointer; }
  </style></head><body>
  <div id="frame">
    <div class="avatar">${avatar}</div>
    <div class="comment">
      <div class="header"><strong>github-actions</strong><span class="label">bot</span> commented
        <span class="time">now</span><span class="spacer"></span><span class="dots">···</span></div>
      <div class="markdown-body">${body}</div>
    </div>
  </div></body></html>`;
}

// ---------------------------------------------------------------------------------------------
// 3. The job log: what the runner does with stdout, then what the log viewer shows

/** Commands the runner knows; any other `::name::` line is printed as it is. */
const COMMANDS = new Set([
  "stop-commands",
  "set-env",
  "set-output",
  "save-state",
  "add-path",
  "add-mask",
  "add-matcher",
  "remove-matcher",
  "warning",
  "error",
  "notice",
  "debug",
  "group",
  "endgroup",
  "echo",
]);

const unescapeAll = (s, pairs) => pairs.reduce((acc, [from, to]) => acc.replaceAll(from, to), s);
/** `::cmd::data`: %0D, %0A, then %25 (the runner's order). */
const unescapeData = (s) =>
  unescapeAll(s, [
    ["%0D", "\r"],
    ["%0A", "\n"],
    ["%25", "%"],
  ]);
/** `::cmd key=value::` values: also %3A and %2C. */
const unescapeProperty = (s) =>
  unescapeAll(s, [
    ["%0D", "\r"],
    ["%0A", "\n"],
    ["%3A", ":"],
    ["%2C", ","],
    ["%25", "%"],
  ]);

/** `::name k=v,k=v::data` after leading whitespace, or undefined. */
function parseCommand(line) {
  const trimmed = line.trimStart();
  if (!trimmed.startsWith("::")) return undefined;
  const end = trimmed.indexOf("::", 2);
  if (end < 0) return undefined;
  const info = trimmed.slice(2, end);
  const space = info.indexOf(" ");
  const name = (space < 0 ? info : info.slice(0, space)).toLowerCase();
  const properties = {};
  if (space >= 0) {
    for (const pair of info.slice(space + 1).split(",")) {
      const eq = pair.indexOf("=");
      if (eq > 0) properties[pair.slice(0, eq).trim()] = unescapeProperty(pair.slice(eq + 1));
    }
  }
  return { name, properties, data: unescapeData(trimmed.slice(end + 2)) };
}

/**
 * The runner's pass over stdout: the lines the log gets, in order, as
 * `{ kind: "text" | "group" | "endgroup" | "warning" | "error" | "notice", text }`, masks applied.
 */
function runnerView(stdout) {
  const lines = stdout.split(/\r\n|\r|\n/);
  if (lines.at(-1) === "") lines.pop();
  const masks = [];
  const mask = (s) => masks.reduce((acc, m) => acc.replaceAll(m, "***"), s);
  let stopToken;
  const out = [];
  for (const line of lines) {
    const cmd = parseCommand(line);
    if (stopToken !== undefined) {
      if (cmd && cmd.name === stopToken.toLowerCase()) stopToken = undefined;
      else out.push({ kind: "text", text: mask(line) });
      continue;
    }
    if (!cmd || !COMMANDS.has(cmd.name)) {
      out.push({ kind: "text", text: mask(line) });
      continue;
    }
    switch (cmd.name) {
      case "add-mask":
        if (cmd.data.trim()) masks.push(cmd.data.trim());
        break;
      case "stop-commands":
        stopToken = cmd.data;
        if (stopToken.length >= 6) masks.push(stopToken);
        break;
      case "group":
      case "endgroup":
      case "warning":
      case "error":
      case "notice":
        out.push({ kind: cmd.name, text: mask(cmd.data) });
        break;
      default:
      // debug (hidden without step debug logging), outputs, state, matchers, echo: not in the log.
    }
  }
  return out;
}

const ANNOTATION = { warning: "Warning", error: "Error", notice: "Notice" };

function logHtml(view, expanded, conclusionOk) {
  let n = 0;
  let group; // { open, head, body[] } while a group is open
  const rows = [];
  const line = (cls, html) =>
    `<div class="line ${cls}"><span class="num">${++n}</span><span class="txt">${html}</span></div>`;
  let groupIndex = 0;
  const closeGroup = () => {
    if (!group) return;
    rows.push(
      `<div class="group${group.open ? " open" : ""}">${group.head}${group.open ? group.body.join("") : ""}</div>`,
    );
    group = undefined;
  };
  const push = (html) => (group ? group.body.push(html) : rows.push(html));
  for (const entry of view) {
    if (entry.kind === "group") {
      closeGroup(); // the viewer does not nest groups
      groupIndex++;
      const open = expanded.has(groupIndex);
      const head = `<div class="line head"><span class="num">${++n}</span><span class="txt"><span class="chev">${
        open ? "▾" : "▸"
      }</span>${escapeHtml(entry.text)}</span></div>`;
      group = { open, head, body: [] };
      continue;
    }
    if (entry.kind === "endgroup") {
      closeGroup();
      continue;
    }
    const [first, ...rest] = entry.text.split(/\r\n|\r|\n/);
    if (entry.kind in ANNOTATION) {
      push(line(entry.kind, `<span class="label">${ANNOTATION[entry.kind]}:</span> ${escapeHtml(first)}`));
      for (const r of rest) push(line(entry.kind, escapeHtml(r)));
    } else {
      for (const l of [first, ...rest]) push(line("", escapeHtml(l)));
    }
  }
  closeGroup();

  const check = conclusionOk
    ? `<svg class="status ok" viewBox="0 0 16 16" width="16" height="16"><path fill="currentColor" d="M8 16A8 8 0 1 1 8 0a8 8 0 0 1 0 16Zm3.78-9.72a.751.751 0 0 0-.018-1.042.751.751 0 0 0-1.042-.018L6.75 9.19 5.28 7.72a.751.751 0 0 0-1.042.018.751.751 0 0 0-.018 1.042l2 2a.75.75 0 0 0 1.06 0Z"/></svg>`
    : `<svg class="status bad" viewBox="0 0 16 16" width="16" height="16"><path fill="currentColor" d="M2.343 13.657A8 8 0 1 1 13.658 2.343 8 8 0 0 1 2.343 13.657ZM6.03 4.97a.751.751 0 0 0-1.042.018.751.751 0 0 0-.018 1.042L6.94 8 4.97 9.97a.749.749 0 0 0 .326 1.275.749.749 0 0 0 .734-.215L8 9.06l1.97 1.97a.749.749 0 0 0 1.275-.326.749.749 0 0 0-.215-.734L9.06 8l1.97-1.97a.749.749 0 0 0-.326-1.275.749.749 0 0 0-.734.215L8 6.94Z"/></svg>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    html, body { margin: 0; background: #010409; }
    #log { width: 1000px; box-sizing: border-box; background: #0d1117; color: #f0f6fc;
      font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
    .job { display: flex; align-items: center; padding: 16px 16px 16px 24px; border-bottom: 1px solid #3d444d; }
    .job h2 { margin: 0; font-size: 16px; font-weight: 600; }
    .job .sub { font-size: 12px; color: #9198a1; margin-top: 2px; }
    .job .spacer { flex: 1; }
    .job .search { width: 220px; height: 28px; box-sizing: border-box; border: 1px solid #3d444d; border-radius: 6px;
      background: #0d1117; color: #9198a1; font-size: 13px; padding: 4px 10px; }
    .steps { padding: 8px 8px 16px; }
    .step { display: flex; align-items: center; gap: 8px; height: 36px; padding: 0 8px; border-radius: 6px;
      background: #151b23; font-size: 14px; font-weight: 600; }
    .step .chev { color: #9198a1; width: 16px; text-align: center; }
    .status.ok { color: #3fb950; }
    .status.bad { color: #f85149; }
    .lines { padding: 6px 0 4px; font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas,
      "Liberation Mono", "DejaVu Sans Mono", monospace; font-size: 12px; line-height: 20px; }
    .line { display: flex; align-items: flex-start; }
    .num { flex: none; width: 48px; padding-right: 16px; text-align: right; color: #6e7681; user-select: none; }
    .txt { flex: 1; min-width: 0; white-space: pre-wrap; overflow-wrap: anywhere; color: #d1d7e0; padding-right: 16px; }
    .group.open > .line:not(.head) .txt { padding-left: 20px; }
    .head .txt { color: #f0f6fc; }
    .chev { display: inline-block; width: 16px; margin-right: 4px; color: #9198a1; font-size: 14px; line-height: 1; }
    .warning .label { color: #d29922; font-weight: 600; }
    .error .label { color: #f85149; font-weight: 600; }
    .notice .label { color: #4493f8; font-weight: 600; }
  </style></head><body>
  <div id="log">
    <div class="job"><div><h2>agent</h2><div class="sub">${conclusionOk ? "succeeded" : "failed"}</div></div>
      <span class="spacer"></span><div class="search">Search logs</div></div>
    <div class="steps">
      <div class="step"><span class="chev">▾</span>${check}<span>Run the agent</span></div>
      <div class="lines">${rows.join("\n")}</div>
    </div>
  </div></body></html>`;
}

// ---------------------------------------------------------------------------------------------
// 4. Screenshots

async function screenshot(browser, html, selector, file, scale) {
  const context = await browser.newContext({
    viewport: { width: 1100, height: 800 },
    deviceScaleFactor: scale,
    offline: true,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const fetched = [];
  await page.route("**/*", (route) => {
    fetched.push(route.request().url());
    return route.abort();
  });
  await page.setContent(html, { waitUntil: "load" });
  await page.locator(selector).screenshot({ path: file, animations: "disabled" });
  await context.close();
  if (fetched.length) throw new Error(`the page tried to fetch: ${fetched.join(", ")}`);
}

const transcript = path.resolve(root, opts.transcript);
const outDir = path.resolve(root, opts.out);
const scale = Number(opts.scale);
const expanded = new Set(opts.expand.split(",").filter(Boolean).map(Number));
if (!existsSync(opts.chromium))
  throw new Error(`no Chromium at ${opts.chromium} (apt-get install -y chromium)`);

const run = await runAction(transcript);
if (!run.summary.trim()) throw new Error(`the action wrote no job summary (exit ${run.code})`);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: opts.chromium,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const targets = [
    ["pr-comment.png", commentHtml(run.summary), "#frame"],
    ["progress-comment.png", commentHtml(await progressBody()), "#frame"],
    ["job-log.png", logHtml(runnerView(run.stdout), expanded, run.code === 0), "#log"],
  ];
  for (const [name, html, selector] of targets) {
    const file = path.join(outDir, name);
    await screenshot(browser, html, selector, file, scale);
    console.log(`${path.relative(root, file)}  ${(statSync(file).size / 1024).toFixed(0)} KB`);
  }
} finally {
  await browser.close();
}

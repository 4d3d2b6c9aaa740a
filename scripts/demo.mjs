#!/usr/bin/env node
/**
 * `npm run demo`: runs the committed bundle (dist/index.js, so it works right after `npm ci`) as the runner
 * would, through the tests' launcher (test/harness/launch.mjs), against the fake agent replaying a real
 * captured transcript, and shows the log the way the Actions UI presents it (groups folded open,
 * annotations, masks applied), then the outputs and the job summary.
 *
 *   npm run demo                      # the default transcript
 *   npm run demo -- fixtures/<file>   # another one
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { actionMain, prepareStep, REPO_ROOT as root, spawnAction } from "../test/harness/launch.mjs";

const transcript = path.resolve(
  root,
  process.argv[2] ?? "fixtures/skill-eval-0025-win-partial-grep-read-edit-error.ndjson",
);

const dir = mkdtempSync(path.join(tmpdir(), "cursor-agent-demo-"));
const workspace = path.join(dir, "workspace");
mkdirSync(workspace);
const scenario = path.join(dir, "scenario.json");
writeFileSync(scenario, JSON.stringify({ transcript, delayMs: 3 }));

// action.yml's defaults apply to every input not given here, as the runner applies them.
const { env, files } = prepareStep({
  workspace,
  runnerTemp: path.join(dir, "runner-temp"),
  event: { ref: "refs/heads/main", repository: { full_name: "octo/demo" } },
  repository: "octo/demo",
  // Nothing leaves the machine: a closed local port.
  apiUrl: "http://127.0.0.1:9",
  inputs: {
    prompt: "Rename the “Clear entries” button to “Clear manual entries”.",
    force: true,
    "stream-partial-output": true,
  },
  env: { CURSOR_API_KEY: "key_demo0000000000000000000000000000000000", FAKE_AGENT_SCENARIO: scenario },
});

const dim = (s) => `\x1b[2m${s}\x1b[0m`;
const bold = (s) => `\x1b[1m${s}\x1b[0m`;
const masks = [];
let inGroup = false;
const unescapeData = (s) =>
  s
    .replaceAll("%0D", "\r")
    .replaceAll("%0A", "\n")
    .replaceAll("%3A", ":")
    .replaceAll("%2C", ",")
    .replaceAll("%25", "%");

/** A small presenter of the runner's view: not the faithful reader the tests use (test/harness). */
function show(line) {
  const m = /^\s*::([\w-]+)(?: ([^:]*))?::(.*)$/.exec(line);
  let text = line;
  if (m) {
    const [, name, , data] = m;
    const value = unescapeData(data);
    if (name === "add-mask") return void masks.push(value);
    if (name === "group") {
      inGroup = true;
      return void console.log(`${bold("▼")} ${mask(value)}`);
    }
    if (name === "endgroup") {
      inGroup = false;
      return;
    }
    if (name === "warning") text = `\x1b[33mWarning:\x1b[0m ${value}`;
    else if (name === "error") text = `\x1b[31mError:\x1b[0m ${value}`;
    else if (name === "debug") return;
  }
  console.log(inGroup ? `  ${dim("│")} ${mask(text)}` : mask(text));
}
const mask = (s) => masks.reduce((acc, v) => acc.replaceAll(v, "***"), s);

console.log(
  dim(
    `$ node dist/index.js   (transcript: ${path.relative(root, transcript)}, replayed by the fake agent)\n`,
  ),
);
const child = spawnAction({ args: [actionMain()], cwd: workspace, env });
child.stderr.pipe(process.stderr);
let rest = "";
child.stdout.setEncoding("utf8");
child.stdout.on("data", (chunk) => {
  const lines = (rest + chunk).split(/\r\n|\r|\n/);
  rest = lines.pop();
  for (const l of lines) show(l);
});
child.on("close", (code) => {
  if (rest) show(rest);
  console.log(`\n${bold(`Step exited with code ${code}`)}\n\n${bold("Outputs")}`);
  const out = readFileSync(files.GITHUB_OUTPUT, "utf8");
  for (const m of out.matchAll(/^([\w-]+)<<(ghadelimiter_[\w-]+)\n([\s\S]*?)\n\2$/gm)) {
    const value =
      m[3].length > 160 ? `${m[3].slice(0, 157).replaceAll("\n", "⏎")}...` : m[3].replaceAll("\n", "⏎");
    console.log(`  ${m[1].padEnd(16)} ${value}`);
  }
  console.log(`\n${bold("Job summary")} ${dim(files.GITHUB_STEP_SUMMARY)}\n`);
  console.log(readFileSync(files.GITHUB_STEP_SUMMARY, "utf8"));
  process.exitCode = code ?? 1;
});

/**
 * The README's job log and PR comment pictures come from a real run: the committed bundle run as the
 * runner would (through test/harness/launch.mjs), against the fake agent replaying a captured transcript,
 * in a git workspace whose HEAD holds the edited file's content from before the edit; a wrapper around
 * the fake agent then writes the content from after it, as the real agent would have, so the action's
 * cross-check against the working tree agrees with the tool calls.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { actionMain, FAKE_AGENT, prepareStep, spawnAction } from "../../test/harness/launch.mjs";

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

export async function runAction(transcript) {
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

/**
 * The action, top to bottom: settings → the agent (or a saved transcript) → the run model and the live
 * log → the verdict → outputs. I/O lives here and at the edges; everything between is pure.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import * as core from "@actions/core";
import { agentCommand } from "./agent/command.js";
import { type ExitInfo, type StartAgent, startAgent } from "./agent/process.js";
import { type StopReason, Supervisor } from "./agent/supervise.js";
import { decide, type Verdict } from "./conclusion.js";
import { RunModel } from "./model/run-model.js";
import { formatDuration, LiveLog } from "./render/live-log.js";
import { LogWriter, type TextOut } from "./render/log-writer.js";
import { createRedactor } from "./render/redact.js";
import { renderSummary } from "./render/summary.js";
import { InputError, inputsFromEnv, readSettings, type Settings } from "./settings.js";
import { consume } from "./stream/consume.js";

export interface Deps {
  env: NodeJS.ProcessEnv;
  stdout: TextOut;
  startAgent: StartAgent;
  now: () => number;
  setOutput: (name: string, value: string) => void;
  /** Where cancellation arrives: the runner sends SIGINT, then SIGTERM 7.5 s later (RUNNER.md). */
  signals: Pick<NodeJS.Process, "on" | "off">;
}

/** How many of the agent's last stderr lines end the `error` output. */
const STDERR_TAIL = 20;
/** How long the agent may linger after its result (FORMAT.md: it can hang there for ever). */
const HANG_GRACE_MS = 5_000;
/** SIGTERM → SIGKILL. On cancel the runner gives us 7.5 s for everything, so less there. */
const KILL_GRACE_MS = 5_000;
const CANCEL_KILL_GRACE_MS = 2_500;
/** After the agent exits, how long a shell it left behind may hold its stdout open. */
const PIPE_GRACE_MS = 2_000;

export async function run(overrides: Partial<Deps> = {}): Promise<void> {
  const deps: Deps = {
    env: process.env,
    stdout: process.stdout,
    startAgent,
    now: Date.now,
    setOutput: core.setOutput,
    signals: process,
    ...overrides,
  };
  const log = new LogWriter(deps.stdout);
  try {
    // Mask the key before anything else is printed, the agent's output above all.
    const key = inputsFromEnv(deps.env)("api-key") || deps.env.CURSOR_API_KEY;
    if (key) log.mask(key);
    log.flush();
    const settings = readSettings(inputsFromEnv(deps.env), deps.env);
    await runAgent(settings, deps, log);
  } catch (e) {
    log.close();
    // A bad input is one line naming the input; anything else is a bug, still one line, no stack.
    const message =
      e instanceof InputError ? e.message : `Unexpected error: ${(e as Error)?.message ?? String(e)}`;
    if (!(e instanceof InputError)) core.debug((e as Error)?.stack ?? String(e));
    core.setFailed(message);
  }
}

async function runAgent(settings: Settings, deps: Deps, log: LogWriter): Promise<void> {
  const startedAt = deps.now();
  const live = new LiveLog(log, {
    toolOutputLines: settings.toolOutputLines,
    showThinking: settings.showThinking,
    maxAnnotations: 10,
  });
  let supervisor: Supervisor | undefined;
  const model = new RunModel((u) => {
    live.onUpdate(u);
    if (u.type === "result") supervisor?.expectExit();
  }, settings.workspace);
  const stderrTail: string[] = [];

  let exit: ExitInfo | undefined;
  let transcriptFile: string;
  if (settings.transcript) {
    transcriptFile = settings.transcript;
    log.text(`Reading the agent's transcript ${transcriptFile} (no agent is started)`);
    await consume(createReadStream(transcriptFile), model, { afterChunk: () => log.flush(), now: deps.now });
  } else {
    transcriptFile = transcriptPath(deps.env);
    const cmd = agentCommand(settings, deps.env);
    live.header(settings);
    log.flush();
    const agent = deps.startAgent(cmd, {
      onStderrLine: (line) => {
        stderrTail.push(line);
        if (stderrTail.length > STDERR_TAIL) stderrTail.shift();
        log.text(`stderr: ${line}`);
        log.flush();
      },
    });
    supervisor = new Supervisor(agent, {
      timeoutMs: settings.timeoutMs,
      hangGraceMs: HANG_GRACE_MS,
      killGraceMs: KILL_GRACE_MS,
      now: deps.now,
      onStop: (s) => {
        log.endGroup();
        log.text(stopMessage(s.reason, s.afterMs));
        log.flush();
      },
    });
    const sup = supervisor;
    // A second signal must not interrupt the reporting: once handled, further ones only hurry the kill.
    const onSignal = () => sup.stop("cancel", CANCEL_KILL_GRACE_MS);
    deps.signals.on("SIGINT", onSignal);
    deps.signals.on("SIGTERM", onSignal);
    const tee = createWriteStream(transcriptFile);
    try {
      const consumed = consume(agent.stdout, model, { tee, afterChunk: () => log.flush(), now: deps.now });
      // A shell the agent left behind can hold its stdout open after it exited: stop waiting, kill the group.
      void agent.exited.then(() =>
        setTimeout(() => {
          agent.signal("SIGKILL");
          agent.stdout.destroy();
        }, PIPE_GRACE_MS).unref(),
      );
      await consumed.catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "ERR_STREAM_PREMATURE_CLOSE") throw e;
        model.finish();
      });
      supervisor.expectExit();
      exit = await agent.exited;
      // Anything still in the agent's process group is a leftover of the agent's: it goes with it.
      agent.signal("SIGKILL");
    } finally {
      supervisor.dispose();
      tee.end();
      await finished(tee).catch(() => {});
    }
    if (supervisor.stopped?.reason === "cancel") {
      // Stay in charge of our exit while we report: the runner's SIGTERM must not kill us mid-write.
      deps.signals.on("SIGINT", () => {});
      deps.signals.on("SIGTERM", () => {});
    }
    deps.signals.off("SIGINT", onSignal);
    deps.signals.off("SIGTERM", onSignal);
  }
  live.finish();

  const wallMs = deps.now() - startedAt;
  const verdict = decide({
    exit,
    result: model.result,
    stderrTail,
    agentPath: settings.agentPath,
    stopped: supervisor?.stopped,
  });
  live.footer(model, verdict, wallMs);
  log.close();
  const redact = createRedactor([settings.apiKey]);
  setOutputs(deps, model, verdict, transcriptFile, wallMs);
  await writeSummary(deps.env, redact(renderSummary(model, verdict, { wallMs, runUrl: runUrl(deps.env) })));

  if (verdict.conclusion !== "success") {
    if (settings.failOnError) core.setFailed(verdict.error);
    else core.warning(verdict.error);
  }
}

function stopMessage(reason: StopReason, afterMs: number): string {
  const after = formatDuration(afterMs);
  if (reason === "timeout") return `⏱ timeout-minutes reached after ${after}: stopping the agent`;
  if (reason === "cancel") return `🚫 Cancelled after ${after}: stopping the agent`;
  return `The agent did not exit within ${formatDuration(HANG_GRACE_MS)} of its result: stopping it (the result stands)`;
}

async function writeSummary(env: NodeJS.ProcessEnv, markdown: string): Promise<void> {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  try {
    await appendFile(file, `${markdown}\n`);
  } catch (e) {
    core.warning(`Could not write the job summary: ${(e as Error).message}`);
  }
}

function runUrl(env: NodeJS.ProcessEnv): string | undefined {
  const {
    GITHUB_SERVER_URL: server,
    GITHUB_REPOSITORY: repo,
    GITHUB_RUN_ID: id,
    GITHUB_RUN_ATTEMPT: attempt,
  } = env;
  if (!server || !repo || !id) return undefined;
  return `${server}/${repo}/actions/runs/${id}${attempt ? `/attempts/${attempt}` : ""}`;
}

function setOutputs(deps: Deps, model: RunModel, v: Verdict, transcriptFile: string, wallMs: number): void {
  const r = model.result;
  const out: Record<string, string> = {
    conclusion: v.conclusion,
    result: r?.text ?? "",
    error: v.error,
    "session-id": model.session.sessionId ?? r?.sessionId ?? "",
    "request-id": r?.requestId ?? model.session.requestId ?? "",
    model: model.session.model ?? "",
    "duration-ms": String(r?.durationMs ?? wallMs),
    "duration-api-ms": r?.durationApiMs !== undefined ? String(r.durationApiMs) : "",
    "is-error": r ? String(r.isError) : "",
    "exit-code": v.exitCode !== undefined ? String(v.exitCode) : "",
    "transcript-file": transcriptFile,
    "tool-calls": String(model.tools.size),
    usage: r?.usage ? JSON.stringify(r.usage) : "",
  };
  for (const [k, val] of Object.entries(out)) deps.setOutput(k, val);
}

/** Under RUNNER_TEMP (never the workspace), unique per run, attempt and step. */
function transcriptPath(env: NodeJS.ProcessEnv): string {
  const dir = path.join(env.RUNNER_TEMP || tmpdir(), "cursor-agent");
  mkdirSync(dir, { recursive: true });
  const id = [env.GITHUB_RUN_ID, env.GITHUB_RUN_ATTEMPT, env.GITHUB_JOB, env.GITHUB_ACTION]
    .filter(Boolean)
    .join("-")
    .replace(/[^\w.-]+/g, "_");
  return path.join(dir, `transcript-${id ? `${id}-` : ""}${randomBytes(4).toString("hex")}.ndjson`);
}

/**
 * The action, top to bottom: settings → the agent (or a saved transcript) → the run model and the live
 * log → the verdict → outputs. I/O lives here and at the edges; everything between is pure.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import * as core from "@actions/core";
import { agentCommand } from "./agent/command.js";
import { type ExitInfo, type StartAgent, startAgent } from "./agent/process.js";
import { decide, type Verdict } from "./conclusion.js";
import { RunModel } from "./model/run-model.js";
import { formatDuration, LiveLog, STATUS_MARK } from "./render/live-log.js";
import { LogWriter, type TextOut } from "./render/log-writer.js";
import { InputError, inputsFromEnv, readSettings, type Settings } from "./settings.js";
import { consume } from "./stream/consume.js";

export interface Deps {
  env: NodeJS.ProcessEnv;
  stdout: TextOut;
  startAgent: StartAgent;
  now: () => number;
  setOutput: (name: string, value: string) => void;
}

/** How many of the agent's last stderr lines end the `error` output. */
const STDERR_TAIL = 20;

export async function run(overrides: Partial<Deps> = {}): Promise<void> {
  const deps: Deps = {
    env: process.env,
    stdout: process.stdout,
    startAgent,
    now: Date.now,
    setOutput: core.setOutput,
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
    const message = e instanceof InputError ? e.message : `Unexpected error: ${(e as Error)?.message ?? String(e)}`;
    if (!(e instanceof InputError)) core.debug((e as Error)?.stack ?? String(e));
    core.setFailed(message);
  }
}

async function runAgent(settings: Settings, deps: Deps, log: LogWriter): Promise<void> {
  const startedAt = deps.now();
  const live = new LiveLog(log, { toolOutputLines: 40, showThinking: false, maxAnnotations: 10 });
  const model = new RunModel(live.onUpdate, settings.workspace);
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
    log.text(header(settings));
    log.flush();
    const agent = deps.startAgent(cmd, {
      onStderrLine: (line) => {
        stderrTail.push(line);
        if (stderrTail.length > STDERR_TAIL) stderrTail.shift();
        log.text(`stderr: ${line}`);
        log.flush();
      },
    });
    const tee = createWriteStream(transcriptFile);
    try {
      await consume(agent.stdout, model, { tee, afterChunk: () => log.flush(), now: deps.now });
    } finally {
      tee.end();
      await finished(tee).catch(() => {});
    }
    exit = await agent.exited;
  }
  live.finish();

  const verdict = decide({ exit, result: model.result, stderrTail, agentPath: settings.agentPath });
  footer(log, model, verdict, deps.now() - startedAt);
  log.close();
  setOutputs(deps, model, verdict, transcriptFile, exit, deps.now() - startedAt);

  if (verdict.conclusion !== "success") {
    if (settings.failOnError) core.setFailed(verdict.error);
    else core.warning(verdict.error);
  }
}

function header(s: Settings): string {
  const opts = [s.model ? `model ${s.model}` : "default model", s.force ? "force" : "", s.trust ? "trust" : ""]
    .filter(Boolean)
    .join(", ");
  return `Running ${s.agentPath} in ${s.workspace} (${opts})`;
}

function footer(log: LogWriter, model: RunModel, v: Verdict, wallMs: number): void {
  const t = model.toolCounts();
  const r = model.result;
  const parts = [
    `${v.conclusion === "success" ? "✓" : "✗"} ${v.conclusion}`,
    `${formatDuration(r?.durationMs ?? wallMs)}`,
    `${t.total} tool call${t.total === 1 ? "" : "s"}${statusBreakdown(t.byStatus)}`,
  ];
  if (r?.usage) {
    const u = r.usage;
    parts.push(`tokens: ${u.inputTokens ?? 0} in, ${u.outputTokens ?? 0} out, ${u.cacheReadTokens ?? 0} cached`);
  }
  log.text(`── ${parts.join(" · ")}`);
  if (model.session.model || model.session.sessionId) {
    log.text(`   model ${model.session.model ?? "?"}, session ${model.session.sessionId ?? "?"}`);
  }
}

function statusBreakdown(byStatus: Record<string, number>): string {
  const parts = Object.entries(byStatus)
    .filter(([s, n]) => n > 0 && s !== "succeeded")
    .map(([s, n]) => `${STATUS_MARK[s as keyof typeof STATUS_MARK]} ${n} ${s}`);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

function setOutputs(
  deps: Deps,
  model: RunModel,
  v: Verdict,
  transcriptFile: string,
  exit: ExitInfo | undefined,
  wallMs: number,
): void {
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
  void exit;
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

/**
 * The agent's start, on the run's settings: the safety strategy applied to its command, the header
 * logged, and its run (agent/agent-run.ts) made with what the log says of it — its stderr, a stop, output
 * it could not read in time.
 */

import { AgentRun, type Graces } from "../agent/agent-run.js";
import { agentCommand } from "../agent/command.js";
import type { RunningAgent, StartAgent } from "../agent/process.js";
import { formatBytes, formatDuration } from "../base/format.js";
import type { Redact } from "../base/redact.js";
import type { StopReason } from "../model/verdict.js";
import { clean } from "../model/verdict.js";
import type { LogWriter } from "../render/log-writer.js";
import { runHeader } from "../render/run-header.js";
import type { AgentUser } from "../security/agent-user.js";
import { guardAgent, type Resolved } from "../security/strategy.js";
import type { RunSettings } from "./resolve.js";

export interface StartDeps {
  env: NodeJS.ProcessEnv;
  startAgent: StartAgent;
  now: () => number;
  signals: Pick<NodeJS.Process, "on" | "off">;
  outputBusy?: () => Promise<void> | undefined;
}

export interface AgentStart {
  settings: RunSettings;
  strategy: Resolved;
  /** The agent's own user, under `unprivileged-user`. */
  agentUser: AgentUser | undefined;
  transcriptFile: string;
  graces: Graces;
  /** Hands the agent, once started, to the last resort (which kills its group). */
  track: (agent: RunningAgent) => void;
  /** The agent exited and its group is killed (see AgentRunOptions.onExit). */
  onExit: () => void;
  redact: Redact;
}

export function startAgentRun(a: AgentStart, deps: StartDeps, log: LogWriter): AgentRun {
  const { settings, graces } = a;
  const guarded = guardAgent(agentCommand(settings, deps.env), {
    resolved: a.strategy,
    uid: process.geteuid?.() ?? -1,
    agentUser: a.agentUser?.name ?? settings.agentUser,
    asUser: a.agentUser?.asUser,
    agentView: a.agentUser?.view,
  });
  log.text(runHeader(settings));
  log.text(guarded.header);
  log.flush();
  return new AgentRun({
    command: guarded.command,
    startAgent: (cmd, opts) => {
      const agent = deps.startAgent(cmd, opts);
      a.track(agent);
      return agent;
    },
    transcriptFile: a.transcriptFile,
    timeoutMs: settings.timeoutMs,
    graces,
    now: deps.now,
    signals: deps.signals,
    onStderrLine: (line) => {
      // The CLI colours its errors (the bad-key warning): the log shows the words.
      log.text(`stderr: ${clean(line)}`);
      log.flush();
    },
    onStop: (s) => {
      log.endGroup();
      log.text(stopMessage(s.reason, s.afterMs, graces.hangAfterResultMs));
      log.flush();
    },
    onUnread: (bytes, why) => {
      log.text(
        `⚠ ${formatBytes(bytes)} of the agent's output could not be read ${unreadWhen(why, graces)}: the transcript file has it`,
      );
      log.flush();
    },
    afterChunk: () => log.flush(),
    onExit: a.onExit,
    outputBusy: deps.outputBusy,
    redact: a.redact,
  });
}

function unreadWhen(why: StopReason | "drain" | { readError: string }, graces: Graces): string {
  if (typeof why === "object") return `(reading the transcript file failed: ${why.readError})`;
  if (why === "drain") return `within ${formatDuration(graces.drainMs)} of its exit`;
  return `in time after the ${why === "cancel" ? "cancel" : why === "timeout" ? "timeout" : "stop"}`;
}

function stopMessage(reason: StopReason, afterMs: number, hangGraceMs: number): string {
  const after = formatDuration(afterMs);
  if (reason === "timeout") return `⏱ timeout-minutes reached after ${after}: stopping the agent`;
  if (reason === "cancel") return `🚫 Cancelled after ${after}: stopping the agent`;
  if (reason === "budget") return `⛔ Over a limit of the run after ${after}: stopping the agent`;
  return `The agent did not exit within ${formatDuration(hangGraceMs)} of its result: stopping it (the result stands)`;
}

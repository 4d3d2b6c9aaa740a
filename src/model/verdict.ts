/**
 * Did the run succeed? Strict by design: the step is green only when the agent exited 0 after a terminal
 * `result` event that reports no error. Everything else is a failure whose `error` says which rule it
 * broke, in the agent's own words where it gave any.
 */
import { constants } from "node:os";
import { stripVTControlCharacters } from "node:util";
import type { ResultEvent } from "../stream/events.js";

/** How the agent's process ended, as the verdict reads it (src/agent/ is where it is learnt). */
export interface ExitInfo {
  /** The exit code; undefined when a signal ended the process or it never started. */
  code?: number;
  signal?: NodeJS.Signals;
  /** The process could not be started: `ENOENT`, `EACCES`, … */
  spawnError?: { code: string; message: string };
}

/** A limit of the run broken (./run-limits.ts): how the run concludes, and the `error` output's first sentence. */
export interface Breach {
  conclusion: Conclusion;
  error: string;
}

/** `budget`: a limit of the run was broken (./run-limits.ts); the breach says which. */
export type StopReason = "timeout" | "cancel" | "hang-after-result" | "budget";

/** The action stopped the agent: why, and when (from the start of the run). */
export interface Stopped {
  reason: StopReason;
  afterMs: number;
}

/**
 * `skipped`: the agent was not started and the step stays green (the action's own comment triggered the
 * run, a bot not in allowed-bots did, or a fork's or Dependabot's pull request had no API key: run/admit.ts).
 */
export type Conclusion = "success" | "failure" | "timed_out" | "cancelled" | "skipped" | "budget_exceeded";

export interface Verdict {
  conclusion: Conclusion;
  /** Why it failed; empty on success. */
  error: string;
  /** The exit code as reported: 128 + n for a signal, as a shell reports it. */
  exitCode?: number;
}

export interface VerdictInput {
  /** Undefined when no process ran (a transcript was replayed). */
  exit?: ExitInfo;
  result?: ResultEvent;
  /** The last lines of the agent's stderr. */
  stderrTail: string[];
  agentPath: string;
  /** How we stopped the agent, if we did. */
  stopped?: Stopped;
  /** The first limit the run broke (./run-limits.ts): it decides the verdict, whether or not an agent ran. */
  breach?: Breach;
  /** Known secrets out of the agent's words, before they are cut. */
  redact?: (text: string) => string;
  /** Lines of stdout that were not JSON, when not one line was (0 otherwise). */
  notStreamJson?: number;
}

/** The longest stderr line, and the agent's own error, quoted in `error`. */
const MAX_QUOTED = 2000;

/** The CLI's own exits when it is interrupted mid-turn (docs/stream-format.md "How runs end"). */
const EXIT_MEANING: Record<number, string> = {
  130: " (interrupted: SIGINT from outside the action)",
  143: " (terminated: SIGTERM from outside the action)",
};

/**
 * How an agent-path that cannot be run is explained. The default one, not found, is installed instead
 * (src/main.ts ensureAgent), so this is a path the user named: never installed over, theirs to fix.
 */
const INSTALL_HINT =
  "Point `agent-path` at the Cursor CLI, or leave it out (or set `cursor-version`) and the action installs the CLI itself.";

export function decide(input: VerdictInput): Verdict {
  const { exit, result } = input;
  const quote = (s: string) => {
    const r = clean(input.redact ? input.redact(s) : s);
    return r.length > MAX_QUOTED ? `${r.slice(0, MAX_QUOTED)}…` : r;
  };
  if (exit?.spawnError)
    return { conclusion: "failure", error: spawnMessage(input.agentPath, exit.spawnError) };

  const exitCode = exit ? codeOf(exit) : undefined;
  const reasons: string[] = [];
  let conclusion: Conclusion = "failure";
  if (input.breach) {
    conclusion = input.breach.conclusion;
    reasons.push(input.breach.error);
  } else if (input.stopped?.reason === "timeout") {
    conclusion = "timed_out";
    reasons.push(`The agent was stopped after ${formatMinutes(input.stopped.afterMs)} (timeout-minutes).`);
  } else if (input.stopped?.reason === "cancel") {
    conclusion = "cancelled";
    reasons.push("The run was cancelled; the agent was stopped.");
  }

  const hungAfterResult = input.stopped?.reason === "hang-after-result";
  if (exit && !hungAfterResult && reasons.length === 0) {
    if (exit.signal) reasons.push(`The agent was killed by ${exit.signal}.`);
    else if (exit.code !== 0)
      reasons.push(`The agent exited with code ${exit.code}${EXIT_MEANING[exit.code ?? -1] ?? ""}.`);
  }
  if (!result && input.notStreamJson) {
    const n = input.notStreamJson;
    reasons.push(
      `The agent's output was not stream-json: ${n} line${n === 1 ? "" : "s"}, none of them a JSON event (is agent-path the Cursor CLI, and extra-args free of output options?).`,
    );
  } else if (!result) reasons.push("The agent ended without a result event.");
  else if (result.isError) {
    const said = result.error ?? result.text;
    reasons.push(`The agent reported an error${said ? `: ${quote(said)}` : "."}`);
  }
  if (reasons.length === 0) return { conclusion: "success", error: "", exitCode };

  // The agent's last words, each line cut to a readable length (a dump can be one enormous line),
  // after the secrets are out of it.
  const tail = input.stderrTail.map(quote).filter((l) => l.trim() !== "");
  const error = tail.length ? `${reasons.join(" ")}\nstderr:\n${tail.join("\n")}` : reasons.join(" ");
  return { conclusion, error, exitCode };
}

function codeOf(exit: ExitInfo): number | undefined {
  if (exit.code !== undefined) return exit.code;
  if (exit.signal) {
    const n = constants.signals[exit.signal];
    return n !== undefined ? 128 + n : undefined;
  }
  return undefined;
}

function spawnMessage(agentPath: string, e: { code: string; message: string }): string {
  if (e.code === "ENOENT") return `agent-path '${agentPath}' was not found. ${INSTALL_HINT}`;
  if (e.code === "EACCES") return `agent-path '${agentPath}' is not executable (EACCES). ${INSTALL_HINT}`;
  return `agent-path '${agentPath}' could not be started: ${e.code}. ${INSTALL_HINT}`;
}

/** The agent's words without its colours (docs/stream-format.md "How runs end": the bad-key warning comes in ANSI colours). */
export function clean(s: string): string {
  return stripVTControlCharacters(s).trimEnd();
}

function formatMinutes(ms: number): string {
  const m = ms / 60000;
  return m >= 1 ? `${Number(m.toFixed(2))} min` : `${Math.round(ms / 1000)} s`;
}

/**
 * Limits a run must keep while it runs, behind one interface: each looks at every update of the model and
 * says when the run broke it; the first breach stops the agent (its process group, as `timeout-minutes`
 * does) and decides the verdict. A new limit is a few lines: a function returning a {@link RunLimit}.
 */
import type { ModelUpdate } from "./types.js";
import type { Breach } from "./verdict.js";

export interface RunLimit {
  /** The breach this update makes, if it makes one. */
  check(u: ModelUpdate): Breach | undefined;
}

/**
 * `max-tool-calls`: the agent may start `max` tool calls; starting one more stops it. (The CLI's own
 * turn limits can be exceeded silently: this one is the action's.) A call is counted once, when first
 * heard of: at its start, or at its completion when no start came (the CLI may send none, and an agent
 * that could suppress its starts would otherwise run uncounted).
 */
export function toolCallLimit(max: number): RunLimit {
  let started = 0;
  return {
    check(u) {
      if (u.type !== "tool-start" && (u.type !== "tool-end" || u.call.startSeen)) return undefined;
      started++;
      if (started <= max) return undefined;
      return {
        conclusion: "budget_exceeded",
        error: `The agent started tool call ${started}, over max-tool-calls (${max}); it was stopped.`,
      };
    },
  };
}

/**
 * A chat the action asked the CLI to continue (`--resume <id>`): the CLI silently starts a new one, and
 * exits 0, when it does not have that chat (docs/stream-format.md). `system/init` says which it runs.
 * With `required`, another chat is a breach before any tool runs; either way `onOther` hears of it.
 */
export function resumeCheck(asked: string, required: boolean, onOther: (got: string) => void): RunLimit {
  let checked = false;
  return {
    check(u) {
      // The first init only: after a reconnect the CLI sends another, with a new session id
      // (docs/stream-format.md), which is no failed resume.
      if (checked || u.type !== "init") return undefined;
      const got = u.session.startedSessionId;
      if (!got) return undefined;
      checked = true;
      if (got === asked) return undefined;
      onOther(got);
      if (!required) return undefined;
      return {
        conclusion: "failure",
        error: `The CLI started a new chat (${got}) instead of continuing ${asked} (require-resume); the agent was stopped.`,
      };
    },
  };
}

/** What decides this run's limits (the inputs `max-tool-calls`, `resume`, `require-resume`). */
export interface LimitInputs {
  maxToolCalls?: number;
  resume?: string;
  requireResume: boolean;
}

/** The limits this run keeps: `max-tool-calls`, and the check that the CLI continues the chat asked for. */
export function runLimits(inputs: LimitInputs, warning: (message: string) => void): RunLimit[] {
  const limits: RunLimit[] = [];
  if (inputs.maxToolCalls !== undefined) limits.push(toolCallLimit(inputs.maxToolCalls));
  const asked = inputs.resume;
  if (asked) {
    limits.push(
      resumeCheck(asked, inputs.requireResume, (got) =>
        warning(
          `The CLI did not continue chat ${asked}: it started a new one (${got}), as it does when it does not have the chat asked for. The \`resumed\` output is false${inputs.requireResume ? "; require-resume stops the run" : ""}.`,
        ),
      ),
    );
  }
  return limits;
}

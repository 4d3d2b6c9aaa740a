/**
 * The live job log: the model's updates as a person wants to read them, as they happen.
 *
 * Assistant text is printed as whole lines, each segment once. Each tool call becomes one collapsed
 * group when it completes (a notice line when it starts), so groups never nest, never interleave and are
 * never left open while we wait on the agent.
 */

import { formatDuration } from "../base/format.js";
import { SECRET_MARGIN } from "../base/limits.js";
import { isRepoData } from "../model/paths.js";
import type { ModelUpdate, RunModel, Session, ToolCall } from "../model/run-model.js";
import type { Verdict } from "../model/verdict.js";
import type { Tool } from "../tools/index.js";
import type { LogWriter } from "./log-writer.js";
import { toolOutput } from "./tool-output.js";
import { isProblem, STATUS_MARK, statusBreakdown } from "./tool-status.js";

export { formatDuration, STATUS_MARK };

export interface LiveLogOptions {
  /** Lines of a tool's output shown in its group. */
  toolOutputLines: number;
  /** A collapsed group per thinking block instead of a one-line note. */
  showThinking: boolean;
  /** How many failed calls become warning annotations. */
  maxAnnotations: number;
  /** Known secrets out of text that is cut here (tool output, thinking, stray lines), before the cut. */
  redact?: (text: string) => string;
  /** The workspace, for a stream whose `system/init` names no `cwd` (as the run model relates paths). */
  workspace?: string;
}

/** Thinking shown in a group is capped: a model can think for megabytes. */
const THINKING_KEPT = 64 * 1024;
/** Kept past a cut and dropped after redaction, so that the cut never falls inside a secret. */
/** A line of stdout that is not stream-json is shown up to this. */
const STRAY_SHOWN = 2000;

export class LiveLog {
  /** The unfinished last line of the segment being streamed. */
  private lineRest = "";
  private thinking = "";
  /** Calls started and not yet completed. */
  private running = 0;
  /**
   * Failed calls, as annotations to make if the run fails: on a run that succeeds, a test that failed and
   * was then fixed is normal work, not something to flag.
   */
  private readonly failedCalls: { message: string; title: string }[] = [];

  private readonly redact: (text: string) => string;
  /** The directory the agent's paths are relative to, as `system/init` says (the model's root). */
  private root: string | undefined;

  constructor(
    private readonly log: LogWriter,
    private readonly opts: LiveLogOptions,
  ) {
    this.redact = opts.redact ?? ((s) => s);
  }

  readonly onUpdate = (u: ModelUpdate): void => {
    switch (u.type) {
      case "init":
        return this.init(u.session);
      case "text-delta":
        return this.delta(u.text);
      case "segment":
        if (u.streamed) this.endStreamedSegment();
        else this.log.text(u.text);
        return;
      case "thinking-delta":
        // Cut to the character, so that what is kept does not depend on how the text was split.
        if (this.opts.showThinking && this.thinking.length < THINKING_KEPT + SECRET_MARGIN)
          this.thinking += u.text.slice(0, THINKING_KEPT + SECRET_MARGIN - this.thinking.length);
        return;
      case "thinking-end":
        return this.thinkingEnd(u.chars);
      case "tool-start":
        this.running++;
        // A call is announced when it starts; its group comes when it completes, so that parallel calls'
        // groups never interleave. The count says how many are under way at once.
        this.log.text(`▸ ${this.title(u.call)}${this.running > 1 ? ` · ${this.running} running` : ""}`);
        return;
      case "tool-end":
        if (u.call.startSeen) this.running = Math.max(0, this.running - 1);
        return this.toolGroup(u.call, u.tool);
      case "note":
        this.log.text(`↻ ${u.text}`);
        return;
      case "stray": {
        // One line of the log, also for an event dropped after several lines (its line breaks marked).
        const text = this.redact(u.text).replace(/\r?\n/g, " ⏎ ");
        this.log.text(
          `stdout (not stream-json): ${text.length > STRAY_SHOWN ? `${text.slice(0, STRAY_SHOWN)}…` : text}`,
        );
        return;
      }
      case "result":
        return;
    }
  };

  /** What is about to run, before the agent says anything. */
  private init(session: Session): void {
    this.root = session.cwd;
    const parts = [
      session.model ? `model ${session.model}` : "",
      session.sessionId ? `session ${session.sessionId}` : "",
      session.cwd ? `cwd ${session.cwd}` : "",
    ].filter(Boolean);
    this.log.text(`Agent started: ${parts.join(" · ")}`);
  }

  /** The last lines: conclusion, duration, tool calls by status, tokens. */
  footer(model: RunModel, v: Verdict, wallMs: number, filesChanged?: number): void {
    const t = model.toolCounts();
    const r = model.result;
    const parts = [
      `${v.conclusion === "success" ? "✓" : "✗"} ${v.conclusion}`,
      formatDuration(r?.durationMs ?? wallMs),
      `${t.total} tool call${t.total === 1 ? "" : "s"}${parenthesised(statusBreakdown(t.byStatus))}`,
    ];
    if (filesChanged !== undefined)
      parts.push(`${filesChanged} file${filesChanged === 1 ? "" : "s"} changed`);
    if (r?.usage) {
      const u = r.usage;
      parts.push(
        `tokens ${u.inputTokens ?? 0} in, ${u.outputTokens ?? 0} out, ${u.cacheReadTokens ?? 0} cached`,
      );
    }
    this.log.text(`── ${parts.join(" · ")}`);
    if (v.conclusion !== "success")
      for (const a of this.failedCalls) this.log.annotate("warning", a.message, a.title);
    const waiting = t.byStatus["needs-approval"];
    // Whatever the conclusion: the agent wanted these done, and they were not.
    if (waiting > 0)
      this.log.annotate(
        "warning",
        `${waiting} tool call${waiting === 1 ? "" : "s"} waited for an approval a headless run cannot give, so ${waiting === 1 ? "it" : "they"} did not run.`,
        "Agent tool call needs approval",
      );
    const seen = model.counts;
    const extra = [
      seen.reconnects ? `${seen.reconnects} reconnect(s)` : "",
      seen.retries ? `${seen.retries} retr${seen.retries === 1 ? "y" : "ies"}` : "",
      seen.unknownEvents ? `${seen.unknownEvents} event(s) of unknown kinds` : "",
    ].filter(Boolean);
    if (extra.length) this.log.text(`   ${extra.join(" · ")}`);
  }

  /**
   * Streamed text, a line of the log for each line of the text: the same lines however the text was cut
   * into deltas (the decoder joins a chunk's deltas).
   */
  private delta(text: string): void {
    // The unfinished line holds no newline: only the delta is searched, never the line so far, which
    // searching would copy into one flat string at every token.
    let nl = text.indexOf("\n");
    if (nl === -1) {
      this.lineRest += text;
      return;
    }
    this.log.text(this.lineRest + text.slice(0, nl));
    let start = nl + 1;
    for (nl = text.indexOf("\n", start); nl !== -1; nl = text.indexOf("\n", start)) {
      this.log.text(text.slice(start, nl));
      start = nl + 1;
    }
    this.lineRest = text.slice(start);
  }

  private endStreamedSegment(): void {
    if (this.lineRest !== "") this.log.text(this.lineRest);
    this.lineRest = "";
  }

  private thinkingEnd(chars: number): void {
    if (this.opts.showThinking && this.thinking.trim() !== "") {
      this.log.group(`💭 Thinking (${characters(chars)})`);
      const cut = chars > this.thinking.length;
      const redacted = this.redact(this.thinking);
      const shown = cut ? redacted.slice(0, Math.max(0, redacted.length - SECRET_MARGIN)) : redacted;
      this.log.text(shown.trim());
      if (cut) this.log.text(`… the rest of ${characters(chars)} not shown`);
      this.log.endGroup();
    } else {
      this.log.text(
        chars > 0 ? `💭 Thought for ${characters(chars)}` : "💭 Thought (the agent sent no text)",
      );
    }
    this.thinking = "";
  }

  private title(call: ToolCall): string {
    const target = call.target ? ` ${call.target}` : "";
    const outside = call.inside ? "" : " (outside the workspace)";
    return `${call.name}${target}${outside}`;
  }

  private toolGroup(call: ToolCall, tool: Tool): void {
    const o = call.outcome;
    const mark = STATUS_MARK[call.status];
    const took = call.endedAt !== undefined ? ` · ${formatDuration(call.endedAt - call.startedAt)}` : "";
    const label = call.status === "succeeded" ? "" : ` [${call.status.replace("-", " ").toUpperCase()}]`;
    this.log.group(`${mark}${label} ${this.title(call)}${o ? ` — ${o.summary}` : ""}${took}`);
    // The repository's own data holds credentials: the call is shown, its content is not.
    const out =
      call.target && isRepoData(call.target)
        ? ["(under .git/: the content is not shown)"]
        : toolOutput(tool, this.opts.toolOutputLines, this.redact, this.root ?? this.opts.workspace);
    this.log.lines(out);
    if (o?.error && !out.length) this.log.text(o.error);
    this.log.endGroup();
    if (isProblem(call.status) && this.failedCalls.length < this.opts.maxAnnotations) {
      const what = call.target ? `${call.name} ${call.target}` : call.name;
      this.failedCalls.push({
        message: `${what}: ${o?.error ?? o?.summary ?? call.status}`,
        title: `Agent tool call ${call.status}`,
      });
    }
  }

  /** The stream ended: print a last unfinished line. */
  finish(): void {
    this.endStreamedSegment();
  }
}

function characters(n: number): string {
  return `${n} character${n === 1 ? "" : "s"}`;
}

function parenthesised(s: string): string {
  return s ? ` (${s})` : "";
}

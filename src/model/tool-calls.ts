/**
 * The run model's tool calls (src/model/run-model.ts): each call counted by status and kind as it starts
 * and ends, the first {@link LISTED_CALLS} kept in full for the report and the failed ones after them (up
 * to {@link LISTED_FAILED}); a call's lines replayed after a reconnect recognised by its id, open or
 * finished recently, and ignored. Memory stays flat with the number of calls.
 */
import { RecentKeys } from "../base/recent.js";
import type { ToolEvent } from "../stream/tool-events.js";
import { kindOf, mainArg, outcomeOf, resolveTool, type Tool, toolName } from "../tools/index.js";
import { shownTarget } from "./targets.js";
import type { ToolCall, ToolCounts } from "./types.js";

/** Calls kept in full for the report, in the order they started. */
export const LISTED_CALLS = 300;
/** Calls past those that did not succeed, also kept: a failure is what a reader looks for. */
export const LISTED_FAILED = 200;
/**
 * Ids of finished calls remembered to recognise a replay after a reconnect (the CLI replays the lines of
 * calls just before it): a bounded window, so that a million calls do not keep a million ids.
 */
const RECENT_DONE = 4096;

/** A call that started or ended, and its tool resolved to its family. */
export interface Moved {
  call: ToolCall;
  tool: Tool;
}

export class ToolCalls {
  /** The calls kept for the report (see {@link LISTED_CALLS}), by id, in the order they were kept. */
  readonly listed = new Map<string, ToolCall>();
  private readonly tally: ToolCounts = {
    total: 0,
    byStatus: {
      running: 0,
      succeeded: 0,
      pending: 0,
      "needs-approval": 0,
      rejected: 0,
      failed: 0,
      errored: 0,
      unknown: 0,
    },
    byKind: {},
  };
  /** Calls started and not yet finished (listed or not). */
  private readonly open = new Map<string, ToolCall>();
  /** Ids of the last {@link RECENT_DONE} finished calls that are not listed. */
  private readonly recentDone = new RecentKeys(RECENT_DONE);
  private listedFirst = 0;
  /** Calls seen without an id, each keyed by its number ({@link anonymousKey}). */
  private anonymousCalls = 0;
  private listedFailed = 0;

  /** `root`: the directory the agent's paths are relative to, once known. */
  constructor(private readonly root: () => string | undefined) {}

  /** Every call, counted as it came (the listed ones are {@link listed}). */
  counts(): ToolCounts {
    return {
      total: this.tally.total,
      byStatus: { ...this.tally.byStatus },
      byKind: { ...this.tally.byKind },
    };
  }

  /** A call started; undefined when it is one already started or finished (a replay after a reconnect). */
  start(e: ToolEvent, receivedAt: number): Moved | undefined {
    // After a reconnect the CLI may replay a call's lines: the same id started again.
    if (e.callId !== undefined && this.seen(e.callId)) return undefined;
    const key = e.callId ?? this.anonymousKey();
    const tool = resolveTool(e.tool);
    const call = this.newCall(key, tool, e.tool.startedAtMs ?? e.timestampMs ?? receivedAt);
    call.pendingArgs = e.tool.args;
    this.open.set(key, call);
    return { call, tool };
  }

  /** A call finished; undefined when it is a replay of one finished already. */
  complete(e: ToolEvent, receivedAt: number): Moved | undefined {
    // A completion without an id matches nothing: closing some open call would merge two calls.
    let call = e.callId === undefined ? undefined : this.open.get(e.callId);
    if (!call && e.callId !== undefined && this.seen(e.callId)) return undefined;
    const key = call?.callId ?? e.callId ?? this.anonymousKey();
    // The completion may lack the arguments its start had.
    const tool = resolveTool(
      e.tool.args || !call?.pendingArgs ? e.tool : { ...e.tool, args: call.pendingArgs },
    );
    const endedAt = e.tool.completedAtMs ?? e.timestampMs ?? receivedAt;
    if (!call) {
      // A completion without a start (docs/stream-format.md "Tool calls"): the call still counts.
      call = this.newCall(key, tool, e.tool.startedAtMs ?? endedAt);
      call.startSeen = false;
    } else if (tool.payload.args && !call.mainArg) {
      this.describe(tool, call);
    }
    this.open.delete(key);
    call.pendingArgs = undefined;
    call.outcome = outcomeOf(tool);
    call.status = call.outcome.status;
    this.tally.byStatus.running--;
    this.tally.byStatus[call.status]++;
    call.endedAt =
      e.tool.durationMs !== undefined
        ? call.startedAt + e.tool.durationMs
        : Math.max(endedAt, call.startedAt);
    if (!this.listed.has(key)) {
      if (call.status !== "succeeded" && this.listedFailed < LISTED_FAILED) {
        this.listedFailed++;
        this.listed.set(key, call);
      } else {
        this.recentDone.add(key);
      }
    }
    return { call, tool };
  }

  /** A call already started or finished (listed, open, or finished recently). */
  private seen(callId: string): boolean {
    return this.open.has(callId) || this.listed.has(callId) || this.recentDone.has(callId);
  }

  /**
   * The key of a call that has no id: its own, never matched. It starts with a space, which no id has
   * once trimmed (stream/tool-events.ts `usableId`), so it can be no real call's key.
   */
  private anonymousKey(): string {
    return ` #${++this.anonymousCalls}`;
  }

  /** A new call: counted, and kept for the report while fewer than {@link LISTED_CALLS} are. */
  private newCall(callId: string, tool: Tool, startedAt: number): ToolCall {
    // Every field a call will have, in one literal: one shape for all calls, where a spread in the middle
    // of the literal copied property by property at run time (~1 µs a call, BENCHMARKS.md).
    const call: ToolCall = {
      callId,
      kind: kindOf(tool),
      name: "",
      mainArg: undefined,
      target: undefined,
      inside: true,
      status: "running",
      outcome: undefined,
      startedAt,
      endedAt: undefined,
      startSeen: true,
      pendingArgs: undefined,
    };
    this.describe(tool, call);
    this.tally.total++;
    this.tally.byStatus.running++;
    this.tally.byKind[call.kind] = (this.tally.byKind[call.kind] ?? 0) + 1;
    if (this.listedFirst < LISTED_CALLS) {
      this.listedFirst++;
      this.listed.set(callId, call);
    }
    return call;
  }

  /** The call's name, main argument and target, as the tool gives them. */
  private describe(tool: Tool, call: ToolCall): void {
    // Both read before the call is touched: it is never left half described.
    const name = toolName(tool);
    const arg = mainArg(tool);
    call.name = name;
    call.inside = true;
    if (arg.value === undefined) return;
    call.mainArg = arg.value;
    const shown = shownTarget(arg.value, arg, this.root());
    call.target = shown.display;
    call.inside = shown.inside;
  }
}

/**
 * What a tool family is: everything the action knows about one kind of tool call, in one object. The run
 * model, the live log and the change tracker ask the family (through `registry.ts`); none of them reads a
 * tool call's wire payload on its own.
 */
import type { OutcomeMeaning } from "../stream/outcomes.js";
import type { ToolPayload } from "../stream/tool-events.js";
import type { PatchChunk } from "./patch.js";

/**
 * Where a call stands: `running` until it completes, then what its outcome means (../stream/outcomes.ts),
 * or `unknown` for an outcome key the action does not know.
 */
export type ToolStatus = "running" | OutcomeMeaning | "unknown";

export interface OutcomeSummary {
  status: Exclude<ToolStatus, "running">;
  /** A few words: `exit 1`, `+3 −1`, `12 matches`, `rejected`. */
  summary: string;
  /** For an `unknown` status: the outcome key, to be shown as code (it is the agent's text). */
  unknownKey?: string;
  exitCode?: number;
  linesAdded?: number;
  linesRemoved?: number;
  matches?: number;
  /** The agent's own words on why the call did not succeed (an error, a rejection's reason). */
  error?: string;
}

/** What a `success` value says; a family may turn it into a failure (a shell's non-zero exit). */
export type SuccessReading = Omit<OutcomeSummary, "status"> & { status?: OutcomeSummary["status"] };

/** The argument that identifies a call (a path, a command, a pattern), as the agent gave it. */
export interface MainArg {
  value?: string;
  /** A file path: the model relates it to the workspace before showing it. */
  isPath: boolean;
  /** Several file paths (`value` is them as given, joined): the model relates each one. */
  paths?: readonly string[];
}

/** The body of a call's log group: a few heading lines (`$ npm test`) and the output, untrimmed. */
export interface LogBody {
  head: string[];
  body?: string;
}

export type FileOp =
  /** A full read (no offset/limit, not cut): the file's content at that point. */
  | { kind: "read"; path: string; text: string }
  /**
   * The whole new content (`after`; undefined when the call changed the file but did not say how).
   * `before`: the content before, when the call said so; `null` when it implies the file was new.
   */
  | { kind: "set"; path: string; after: string | undefined; before?: string | null; why?: string }
  | { kind: "delete"; path: string; before?: string }
  /** Changes to replay on the content before them (at the end, once that content is known). */
  | { kind: "patch"; path: string; chunks: PatchChunk[] }
  | { kind: "unified"; path: string; diff: string }
  | { kind: "replace"; path: string; old: string; new: string; all: boolean };

/** A call resolved to its family. `native`: the payload is in Cursor's own schema for that kind. */
export interface Tool {
  family: ToolFamily;
  payload: ToolPayload;
  native: boolean;
}

export interface ToolFamily {
  /** Cursor's wire kind (`shellToolCall`): calls of this family are counted under it, whatever they were named. */
  kind: string;
  /**
   * Names that mean this family in the alternate naming (`tool_name`) and in `function{name}` calls,
   * normalised (lower case, letters and digits only: `write_file` → `writefile`).
   */
  aliases?: readonly string[];
  /** `Shell`, `Read`, `Edit`; a function of the call for families that name themselves (MCP, unknown). */
  name: string | ((t: Tool) => string);
  mainArg(t: Tool): MainArg;
  /** Reads a `success` value; absent: a success is "done". */
  success?(value: Record<string, unknown>, t: Tool): SuccessReading;
  logBody(t: Tool): LogBody;
  /** What a successful call did to files; absent: nothing. Never throws (the caller guards anyway). */
  fileOps?(t: Tool): FileOp[];
  /**
   * For calls that may change files, the path they name (a call that did not report success may still
   * have changed it); `undefined` for calls that cannot change files.
   */
  changedPath?(t: Tool): string | undefined | null;
}

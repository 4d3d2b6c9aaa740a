/**
 * Every tool family the action knows, and the one table from the names the agent uses to them. A call is
 * resolved once, when its event arrives; from then on its family answers every question about it.
 *
 * Adding a kind: one entry in `SIMPLE` (other-tools.ts) when a name and a main argument are all it needs;
 * otherwise a family object in the file of its concern, listed in {@link FAMILIES}.
 */
import type { ToolPayload } from "../stream/tool-events.js";
import { norm, PATH_KEYS, str } from "./args.js";
import { edit, read, remove, write } from "./file-tools.js";
import { mcp, mcpResource, mcpResources, mcpTools } from "./mcp-tools.js";
import { lints, simple, task, todos, unknownTool } from "./other-tools.js";
import { summarizeOutcome } from "./outcome.js";
import { glob, grep, ls } from "./search-tools.js";
import { shell } from "./shell.js";
import type { FileOp, LogBody, MainArg, OutcomeSummary, Tool, ToolFamily } from "./types.js";

const FAMILIES: readonly ToolFamily[] = [
  shell,
  read,
  write,
  edit,
  remove,
  grep,
  glob,
  ls,
  mcp,
  mcpTools,
  mcpResource,
  mcpResources,
  todos,
  task,
  lints,
  ...simple,
];

const BY_KIND = new Map(FAMILIES.map((f) => [f.kind, f]));
/** The alternate naming and function names, normalised: `write_file` → `writefile` → Write. */
const BY_ALIAS = new Map(FAMILIES.flatMap((f) => (f.aliases ?? []).map((a) => [a, f] as const)));

export function resolveTool(payload: ToolPayload): Tool {
  const own = BY_KIND.get(payload.kind);
  if (own) return { family: own, payload, native: true };
  const named = BY_ALIAS.get(norm(payload.functionName ?? payload.kind));
  return { family: named ?? unknownTool, payload, native: false };
}

/** The kind a call is counted under: Cursor's kind for every name that means it; else the wire's own. */
export function kindOf(t: Tool): string {
  return t.family.kind || t.payload.kind;
}

export function toolName(t: Tool): string {
  return typeof t.family.name === "string" ? t.family.name : t.family.name(t);
}

export function mainArg(t: Tool): MainArg {
  const own = t.family.mainArg(t);
  return own.value !== undefined ? own : (refusedArg(t) ?? own);
}

/**
 * A refused call may name what it tried only in its rejection (`rejected.command`, or a path): the
 * arguments the CLI sent can lack it (docs/stream-format.md "Outcomes").
 */
function refusedArg(t: Tool): MainArg | undefined {
  const o = t.payload.outcome;
  if (o?.key !== "rejected") return undefined;
  const command = str(o.value, ["command"]);
  if (command !== undefined) return { value: command, isPath: false };
  const path = str(o.value, PATH_KEYS);
  return path !== undefined ? { value: path, isPath: true } : undefined;
}

export function outcomeOf(t: Tool): OutcomeSummary {
  return summarizeOutcome(t);
}

export function logBody(t: Tool): LogBody {
  return t.family.logBody(t);
}

/** What a successful call did to files. Never throws: a payload we misread changes nothing here. */
export function fileOps(t: Tool): FileOp[] {
  try {
    return t.family.fileOps?.(t) ?? [];
  } catch {
    return [];
  }
}

/**
 * For a call that may change files: the path it names (`null` when it names none). `undefined`: the
 * call cannot change files.
 */
export function changedPath(t: Tool): string | null | undefined {
  try {
    return t.family.changedPath?.(t);
  } catch {
    return null;
  }
}

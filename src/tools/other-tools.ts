/**
 * MCP calls, the todo list, and the kinds that need no rules of their own beyond a name and the argument
 * worth showing. A new kind of that sort is one line in {@link SIMPLE}.
 */
import { jsonPreview, objectOrJson } from "../stream/json.js";
import {
  argsOf,
  humanise,
  norm,
  num,
  outcomeValue,
  PATH_KEYS,
  plural,
  str,
  stringArg,
  text,
} from "./args.js";
import { namedDeleteOps, namedEditOps, namedWriteOps } from "./file-args.js";
import type { FileOp, LogBody, Tool, ToolFamily } from "./types.js";

/** Arguments are shown as one log line, which is cut to 2,000 characters anyway. */
const ARGS_SHOWN = 4000;

/** Argument keys tried for the main argument of kinds we do not know, in order of preference. */
const GENERIC_MAIN = ["path", "filePath", "file", "command", "pattern", "query", "url", "name", "target"];

/** Arguments and output of a call we have no special rules for. */
function genericBody(t: Tool): LogBody {
  const a = argsOf(t);
  const v = outcomeValue(t);
  return {
    head: Object.keys(a).length > 0 ? [`args: ${jsonPreview(a, ARGS_SHOWN)}`] : [],
    body: text(v.output) ?? text(v.markdown) ?? text(v.content),
  };
}

function mcpToolName(t: Tool): string {
  const a = argsOf(t);
  return typeof a.toolName === "string" ? a.toolName : typeof a.name === "string" ? a.name : "";
}

/**
 * MCP tools are anyone's: only the filesystem servers' unmistakable names count as file changes (an MCP
 * `delete` with a `path` may well be an HTTP route).
 */
const MCP_FILE_OPS: Record<string, (args: Record<string, unknown>) => FileOp[]> = {
  writefile: namedWriteOps,
  createfile: namedWriteOps,
  editfile: namedEditOps,
  deletefile: namedDeleteOps,
};

function mcpFileArgs(
  t: Tool,
): { ops: (a: Record<string, unknown>) => FileOp[]; args: Record<string, unknown> } | undefined {
  const ops = MCP_FILE_OPS[norm(mcpToolName(t))];
  return ops ? { ops, args: objectOrJson(argsOf(t).args) ?? {} } : undefined;
}

export const mcp: ToolFamily = {
  kind: "mcpToolCall",
  name: "MCP",
  mainArg(t) {
    const a = argsOf(t);
    const provider = stringArg(a, ["providerIdentifier", "serverName"]);
    const tool = stringArg(a, ["toolName", "name"]);
    return { value: [provider, tool].filter(Boolean).join("/") || undefined, isPath: false };
  },
  success: (v) => (v.isError === true ? { summary: "tool error", status: "failed" } : { summary: "done" }),
  logBody(t) {
    const a = argsOf(t);
    const head =
      a.args !== undefined
        ? [`args: ${typeof a.args === "string" ? a.args : jsonPreview(a.args, ARGS_SHOWN)}`]
        : [];
    const content = outcomeValue(t).content;
    if (!Array.isArray(content)) return { head };
    const parts: string[] = [];
    for (const c of content as { text?: { text?: unknown } | string }[]) {
      const s = typeof c?.text === "string" ? c.text : c?.text?.text;
      if (typeof s === "string") parts.push(s);
    }
    return { head, body: parts.join("\n") || undefined };
  },
  fileOps(t) {
    const f = mcpFileArgs(t);
    return f ? f.ops(f.args) : [];
  },
  changedPath(t) {
    const f = mcpFileArgs(t);
    return f ? (str(f.args, PATH_KEYS) ?? null) : undefined;
  },
};

export const todos: ToolFamily = {
  kind: "updateTodosToolCall",
  name: "Todos",
  mainArg: () => ({ isPath: false }),
  success(v) {
    const n = num(v.totalCount) ?? (Array.isArray(v.todos) ? v.todos.length : undefined);
    return { summary: n !== undefined ? plural(n, "todo") : "updated" };
  },
  logBody: genericBody,
};

export type TodoStatus = "pending" | "in_progress" | "done" | "cancelled";

export interface TodoItem {
  id: string;
  content: string;
  status: TodoStatus;
}

/** Items past this are dropped, and each item's text is cut: the list is agent text of any size. */
const MAX_TODOS = 100;
const MAX_TODO_CHARS = 300;

/**
 * The todo list a successful `updateTodosToolCall` sets: its items (from the result, else the
 * arguments), and whether they merge into the list by id (`merge: true`) or replace it. Statuses come as
 * `TODO_STATUS_IN_PROGRESS` or `in_progress` (docs/stream-format.md "Tool kinds").
 */
export function todoUpdate(t: Tool): { merge: boolean; items: TodoItem[] } | undefined {
  if (t.family !== todos || t.payload.outcome?.key !== "success") return undefined;
  const a = argsOf(t);
  const v = outcomeValue(t);
  const raw = Array.isArray(v.todos) ? v.todos : Array.isArray(a.todos) ? a.todos : undefined;
  if (!raw) return undefined;
  const items: TodoItem[] = [];
  for (const [i, x] of raw.slice(0, MAX_TODOS).entries()) {
    if (x === null || typeof x !== "object") continue;
    const o = x as Record<string, unknown>;
    const content = typeof o.content === "string" ? o.content.slice(0, MAX_TODO_CHARS) : "";
    const id = typeof o.id === "string" || typeof o.id === "number" ? String(o.id) : `#${i}`;
    items.push({ id, content, status: todoStatus(o.status) });
  }
  return { merge: a.merge === true, items };
}

function todoStatus(v: unknown): TodoStatus {
  const s =
    typeof v === "string"
      ? v
          .toLowerCase()
          .replace(/^todo_status_/, "")
          .replace(/[\s-]/g, "_")
      : "";
  if (s === "in_progress" || s === "inprogress" || s === "active") return "in_progress";
  if (s === "done" || s === "completed" || s === "complete") return "done";
  if (s === "cancelled" || s === "canceled") return "cancelled";
  return "pending";
}

/** Kinds known by name and main argument only. */
const SIMPLE: [kind: string, name: string, main: string[]][] = [
  ["webFetchToolCall", "Fetch", ["url"]],
  ["webSearchToolCall", "Web search", ["searchTerm", "query"]],
  ["semSearchToolCall", "Semantic search", ["query", "searchTerm"]],
  ["readLintsToolCall", "Read lints", ["paths", "path"]],
  ["getMcpToolsToolCall", "MCP tools", ["serverName", "providerIdentifier"]],
  ["taskToolCall", "Task", ["description", "prompt"]],
  ["askQuestionToolCall", "Ask", ["question", "title"]],
  ["createPlanToolCall", "Plan", ["title", "name"]],
  ["awaitToolCall", "Await", ["taskId", "id"]],
];

export const simple: ToolFamily[] = SIMPLE.map(([kind, name, main]) => ({
  kind,
  name,
  mainArg: (t) => ({ value: stringArg(argsOf(t), main), isPath: false }),
  logBody: genericBody,
}));

/** Any kind we do not know: named after itself, its first telling argument shown, its args logged. */
export const unknownTool: ToolFamily = {
  kind: "",
  name: (t) => t.payload.functionName ?? humanise(t.payload.kind),
  mainArg(t) {
    const a = argsOf(t);
    const key = GENERIC_MAIN.find((k) => typeof a[k] === "string");
    return {
      value: key ? (a[key] as string) : undefined,
      isPath: key !== undefined && /path|file/i.test(key),
    };
  },
  logBody: genericBody,
};

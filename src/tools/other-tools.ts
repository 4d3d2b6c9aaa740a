/**
 * The todo list, a subagent's task, the lints read, and the kinds that need no rules of their own beyond
 * a name and the argument worth showing. A new kind of that sort is one line in {@link SIMPLE}.
 */
import { argsOf, humanise, num, outcomeValue, plural, stringArg, text } from "./args.js";
import { genericBody } from "./generic.js";
import type { MainArg, Tool, ToolFamily } from "./types.js";

/** Argument keys tried for the main argument of kinds we do not know, in order of preference. */
const GENERIC_MAIN = ["path", "filePath", "file", "command", "pattern", "query", "url", "name", "target"];

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
 * The todo list after `t`: `list` as a successful `updateTodosToolCall` leaves it (its items merged in by
 * id with `merge: true`, else replacing it); undefined when `t` sets none.
 */
export function todosAfter(list: TodoItem[], t: Tool): TodoItem[] | undefined {
  const update = todoUpdate(t);
  if (!update) return undefined;
  if (!update.merge) return update.items;
  // Changed items in place, new ones at the end (at most MAX_TODOS in all).
  const out = [...list];
  for (const u of update.items) {
    const at = out.findIndex((x) => x.id === u.id);
    if (at >= 0) out[at] = { ...out[at]!, ...u, content: u.content || out[at]!.content };
    else if (out.length < MAX_TODOS) out.push(u);
  }
  return out;
}

/**
 * The todo list a successful `updateTodosToolCall` sets: its items (from the result, else the
 * arguments), and whether they merge into the list by id (`merge: true`) or replace it. Statuses come as
 * `TODO_STATUS_IN_PROGRESS` or `in_progress` (docs/stream-format.md "Tool kinds").
 */
function todoUpdate(t: Tool): { merge: boolean; items: TodoItem[] } | undefined {
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

/** A subagent's reply up to this length, on one line, is the call's summary too. */
const REPLY_AS_SUMMARY = 80;

/**
 * The subagent's reply: the text of its steps' assistant messages (the stream shows nothing else of its
 * work, docs/stream-format.md "What the stream does not show").
 */
function subagentReply(v: Record<string, unknown>): string | undefined {
  const steps = v.conversationSteps;
  if (!Array.isArray(steps)) return undefined;
  const texts: string[] = [];
  for (const s of steps as { assistantMessage?: { text?: unknown } }[]) {
    const t = text(s?.assistantMessage?.text);
    if (t !== undefined) texts.push(t);
  }
  return texts.length ? texts.join("\n\n") : undefined;
}

export const task: ToolFamily = {
  kind: "taskToolCall",
  name: "Task",
  mainArg: (t) => ({ value: stringArg(argsOf(t), ["description", "prompt"]), isPath: false }),
  success(v) {
    const reply = subagentReply(v)?.trim();
    if (reply === undefined || reply === "") return { summary: "done" };
    const fits = reply.length <= REPLY_AS_SUMMARY && !/[\r\n]/.test(reply);
    return { summary: fits ? reply : "replied" };
  },
  logBody(t) {
    const reply = t.payload.outcome?.key === "success" ? subagentReply(outcomeValue(t)) : undefined;
    return reply !== undefined ? { head: [], body: reply } : genericBody(t);
  },
};

/** `readLintsToolCall`: the files it read the diagnostics of, absolute, each shown as the workspace's. */
export const lints: ToolFamily = {
  kind: "readLintsToolCall",
  name: "Read lints",
  mainArg(t): MainArg {
    const a = argsOf(t);
    const paths = Array.isArray(a.paths)
      ? a.paths.filter((p): p is string => typeof p === "string" && p !== "")
      : [];
    if (paths.length > 0) return { value: paths.join(", "), isPath: false, paths };
    return { value: stringArg(a, ["path"]), isPath: true };
  },
  logBody: genericBody,
};

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

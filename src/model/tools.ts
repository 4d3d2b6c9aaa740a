/**
 * What each tool kind means: a display name, the one argument worth showing (path, command, pattern, url,
 * MCP tool), and how to read its outcome (FORMAT.md "Tool calls"). Unknown kinds are rendered generically.
 */
import { z } from "zod";
import type { ToolOutcome, ToolPayload } from "../stream/events.js";

export type ToolStatus = "running" | "succeeded" | "failed" | "rejected" | "errored";

export interface ToolDescription {
  /** `Shell`, `Read`, `Edit`, `MCP`, or a name derived from an unknown kind. */
  name: string;
  /** The argument that identifies the call, as the agent gave it (paths not yet related). */
  mainArg?: string;
  /** True when {@link mainArg} is a file path (the renderer relates it to the workspace). */
  mainArgIsPath: boolean;
}

export interface OutcomeSummary {
  status: Exclude<ToolStatus, "running">;
  /** A few words: `exit 1`, `+3 −1`, `12 matches`, `rejected: …`. */
  summary: string;
  exitCode?: number;
  linesAdded?: number;
  linesRemoved?: number;
  matches?: number;
  /** The agent's own error text for failed, rejected and errored calls. */
  error?: string;
}

const opt = {
  str: z.string().optional().catch(undefined),
  num: z.number().optional().catch(undefined),
  bool: z.boolean().optional().catch(undefined),
};

interface KindInfo {
  name: string;
  /** Argument keys to try, in order, for the main argument. */
  main: string[];
  mainIsPath?: boolean;
  /** Reads a `success` value into a summary; may report a failure (a shell's non-zero exit). */
  success?: (
    v: Record<string, unknown>,
  ) => Omit<OutcomeSummary, "status"> & { status?: OutcomeSummary["status"] };
}

const shellResult = z.object({ exitCode: opt.num, signal: opt.str, executionTime: opt.num });
const editResult = z.object({ linesAdded: opt.num, linesRemoved: opt.num });
const writeResult = z.object({ linesCreated: opt.num, fileSize: opt.num });
const readResult = z.object({ totalLines: opt.num, isEmpty: opt.bool, exceededLimit: opt.bool });
const filesResult = z.object({
  totalFiles: opt.num,
  files: z.array(z.unknown()).optional().catch(undefined),
});
const mcpResult = z.object({ isError: opt.bool });
const todosResult = z.object({
  totalCount: opt.num,
  todos: z.array(z.unknown()).optional().catch(undefined),
});
const grepResult = z.object({
  workspaceResults: z
    .record(
      z.string(),
      z.object({
        content: z.object({ totalMatchedLines: opt.num }).optional().catch(undefined),
        files: z.object({ totalFiles: opt.num }).optional().catch(undefined),
        count: z.object({ totalMatches: opt.num }).optional().catch(undefined),
      }),
    )
    .optional()
    .catch(undefined),
  files: z.object({ totalFiles: opt.num }).optional().catch(undefined),
});

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const KINDS: Record<string, KindInfo> = {
  shellToolCall: {
    name: "Shell",
    main: ["command", "cmd"],
    success: (v) => {
      const r = shellResult.parse(v);
      const code = r.exitCode;
      const failed = (code !== undefined && code !== 0) || (r.signal !== undefined && r.signal !== "");
      const summary = r.signal ? `signal ${r.signal}` : code !== undefined ? `exit ${code}` : "done";
      return { summary, exitCode: code, status: failed ? "failed" : "succeeded" };
    },
  },
  readToolCall: {
    name: "Read",
    main: ["path", "file_path", "target_file", "filePath"],
    mainIsPath: true,
    success: (v) => {
      const r = readResult.parse(v);
      if (r.isEmpty) return { summary: "empty" };
      return { summary: r.totalLines !== undefined ? plural(r.totalLines, "line") : "read" };
    },
  },
  writeToolCall: {
    name: "Write",
    main: ["path", "file_path", "target_file", "filePath"],
    mainIsPath: true,
    success: (v) => {
      const r = writeResult.parse(v);
      return { summary: `+${r.linesCreated ?? 0}`, linesAdded: r.linesCreated ?? 0, linesRemoved: 0 };
    },
  },
  editToolCall: {
    name: "Edit",
    main: ["path", "file_path", "target_file", "filePath"],
    mainIsPath: true,
    success: (v) => {
      const r = editResult.parse(v);
      const a = r.linesAdded ?? 0;
      const d = r.linesRemoved ?? 0;
      return { summary: `+${a} −${d}`, linesAdded: a, linesRemoved: d };
    },
  },
  deleteToolCall: {
    name: "Delete",
    main: ["path", "file_path", "target_file", "filePath"],
    mainIsPath: true,
    success: () => ({ summary: "deleted" }),
  },
  grepToolCall: {
    name: "Grep",
    main: ["pattern"],
    success: (v) => {
      const r = grepResult.parse(v);
      let lines: number | undefined;
      let files: number | undefined;
      for (const root of Object.values(r.workspaceResults ?? {})) {
        const n = root.content?.totalMatchedLines ?? root.count?.totalMatches;
        if (n !== undefined) lines = (lines ?? 0) + n;
        if (root.files?.totalFiles !== undefined) files = (files ?? 0) + root.files.totalFiles;
      }
      if (r.files?.totalFiles !== undefined) files = (files ?? 0) + r.files.totalFiles;
      if (lines !== undefined) return { summary: plural(lines, "match", "matches"), matches: lines };
      if (files !== undefined) return { summary: plural(files, "file"), matches: files };
      return { summary: "no matches", matches: 0 };
    },
  },
  globToolCall: {
    name: "Glob",
    main: ["globPattern", "pattern"],
    success: (v) => {
      const r = filesResult.parse(v);
      const n = r.totalFiles ?? r.files?.length ?? 0;
      return { summary: plural(n, "file"), matches: n };
    },
  },
  lsToolCall: { name: "List", main: ["path"], mainIsPath: true, success: () => ({ summary: "listed" }) },
  mcpToolCall: {
    name: "MCP",
    main: [],
    success: (v) => {
      const r = mcpResult.parse(v);
      return r.isError ? { summary: "tool error", status: "failed" } : { summary: "done" };
    },
  },
  updateTodosToolCall: {
    name: "Todos",
    main: [],
    success: (v) => {
      const r = todosResult.parse(v);
      const n = r.totalCount ?? r.todos?.length;
      return { summary: n !== undefined ? plural(n, "todo") : "updated" };
    },
  },
  webFetchToolCall: { name: "Fetch", main: ["url"] },
  webSearchToolCall: { name: "Web search", main: ["searchTerm", "query"] },
  semSearchToolCall: { name: "Semantic search", main: ["query", "searchTerm"] },
  readLintsToolCall: { name: "Read lints", main: ["paths", "path"] },
  getMcpToolsToolCall: { name: "MCP tools", main: ["serverName", "providerIdentifier"] },
  taskToolCall: { name: "Task", main: ["description", "prompt"] },
  askQuestionToolCall: { name: "Ask", main: ["question", "title"] },
  createPlanToolCall: { name: "Plan", main: ["title", "name"] },
  awaitToolCall: { name: "Await", main: ["taskId", "id"] },
};

/**
 * Tool names of the alternate naming (`tool-call-started` with `tool_name`, FORMAT.md) read as the kinds
 * they mean, so that their calls get the same name, main argument and outcome rules (a non-zero exit
 * code is a failure).
 */
const ALIASES: Record<string, string> = {
  shell: "shellToolCall",
  bash: "shellToolCall",
  terminal: "shellToolCall",
  runterminalcmd: "shellToolCall",
  read: "readToolCall",
  readfile: "readToolCall",
  write: "writeToolCall",
  writefile: "writeToolCall",
  createfile: "writeToolCall",
  edit: "editToolCall",
  editfile: "editToolCall",
  strreplace: "editToolCall",
  searchreplace: "editToolCall",
  delete: "deleteToolCall",
  deletefile: "deleteToolCall",
  grep: "grepToolCall",
  glob: "globToolCall",
  filesearch: "globToolCall",
  ls: "lsToolCall",
  listdir: "lsToolCall",
};

/** The kind's rules: its own, or those of the kind an alternate-naming tool name stands for. */
function kindInfo(kind: string): KindInfo | undefined {
  return KINDS[kind] ?? KINDS[ALIASES[kind.toLowerCase().replace(/[^a-z0-9]/g, "")] ?? ""];
}

/** Generic main-argument keys for kinds we do not know, in order of preference. */
const GENERIC_MAIN = ["path", "filePath", "file", "command", "pattern", "query", "url", "name", "target"];

export function describeTool(tool: ToolPayload): ToolDescription {
  const info = kindInfo(tool.kind);
  const args = tool.args ?? {};
  if (tool.kind === "mcpToolCall") {
    const provider = stringArg(args, ["providerIdentifier", "serverName"]);
    const toolName = stringArg(args, ["toolName", "name"]);
    return {
      name: "MCP",
      mainArg: [provider, toolName].filter(Boolean).join("/") || undefined,
      mainArgIsPath: false,
    };
  }
  if (info)
    return { name: info.name, mainArg: stringArg(args, info.main), mainArgIsPath: info.mainIsPath === true };
  const name = tool.functionName ?? humanise(tool.kind);
  const key = GENERIC_MAIN.find((k) => typeof args[k] === "string");
  return {
    name,
    mainArg: key ? (args[key] as string) : undefined,
    mainArgIsPath: key !== undefined && /path|file/i.test(key),
  };
}

/** Reads a completed call's outcome. `undefined` outcome (a completion without `result`) is an error. */
export function summarizeOutcome(tool: ToolPayload): OutcomeSummary {
  const o = tool.outcome;
  if (!o) return { status: "errored", summary: "no result", error: "the completion carried no result" };
  return outcomeOf(tool.kind, o);
}

function outcomeOf(kind: string, o: ToolOutcome): OutcomeSummary {
  const v = o.value;
  const message = firstString(v, ["error", "reason", "message", "stderr"]);
  switch (o.key) {
    case "success": {
      const read = kindInfo(kind)?.success;
      if (!read) return { status: "succeeded", summary: "done" };
      const r = read(v);
      const status = r.status ?? "succeeded";
      return {
        ...r,
        status,
        error: status === "succeeded" ? undefined : nonEmpty(firstString(v, ["stderr"])),
      };
    }
    case "failure": {
      // A shell `failure` can carry exitCode 0 (FORMAT.md): the status is still failed.
      const code = typeof v.exitCode === "number" ? v.exitCode : undefined;
      return {
        status: "failed",
        summary: code !== undefined && code !== 0 ? `failed, exit ${code}` : "failed",
        exitCode: code,
        error: nonEmpty(message),
      };
    }
    case "rejected":
      return { status: "rejected", summary: "rejected", error: nonEmpty(message) };
    case "permissionDenied":
      return { status: "rejected", summary: "permission denied", error: nonEmpty(message) };
    case "writePermissionDenied":
      return { status: "rejected", summary: "write permission denied", error: nonEmpty(message) };
    case "fileNotFound": {
      const p = firstString(v, ["path"]);
      return {
        status: "failed",
        summary: "file not found",
        error: p ? `file not found: ${p}` : "file not found",
      };
    }
    case "timeout":
      return {
        status: "errored",
        summary: "timed out",
        error: nonEmpty(message) ?? "the tool call timed out",
      };
    case "spawnError":
      return { status: "errored", summary: "could not start", error: nonEmpty(message) };
    case "error":
      return { status: "errored", summary: "error", error: nonEmpty(message) };
    default:
      return { status: "errored", summary: o.key, error: nonEmpty(message) ?? `outcome '${o.key}'` };
  }
}

function stringArg(args: Record<string, unknown>, keys: string[]): string | undefined {
  for (const k of keys) {
    const v = args[k];
    if (typeof v === "string" && v !== "") return v;
    if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string")) return v.join(", ");
  }
  return undefined;
}

function firstString(v: Record<string, unknown>, keys: string[]): string | undefined {
  for (const k of keys) if (typeof v[k] === "string") return v[k] as string;
  return undefined;
}

function nonEmpty(s: string | undefined): string | undefined {
  return s !== undefined && s.trim() !== "" ? s : undefined;
}

/** `semSearchToolCall` → `Sem search`; `some_tool` → `Some tool`. */
export function humanise(kind: string): string {
  const base = kind.replace(/ToolCall$/, "").replace(/[_-]+/g, " ");
  const spaced = base
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return spaced ? spaced[0]!.toUpperCase() + spaced.slice(1) : kind;
}

/**
 * The MCP kinds: a tool called on a server, the servers' tools and resources listed, a resource read. Each
 * is shown by the server and what it named there (docs/stream-format.md "Tool kinds"); a listing that
 * names no server is of all of them.
 */
import { jsonPreview, objectOrJson } from "../stream/json.js";
import { argsOf, norm, outcomeValue, PATH_KEYS, str, stringArg } from "./args.js";
import { namedDeleteOps, namedEditOps, namedWriteOps } from "./file-args.js";
import { ARGS_SHOWN, genericBody } from "./generic.js";
import type { FileOp, MainArg, Tool, ToolFamily } from "./types.js";

/** The server a call names: `providerIdentifier` on a tool call, `server` on the listing kinds. */
const SERVER_KEYS = ["providerIdentifier", "server", "serverName"];

function serverOf(t: Tool): string | undefined {
  return stringArg(argsOf(t), SERVER_KEYS);
}

function mcpToolName(t: Tool): string {
  return str(argsOf(t), ["toolName", "name"]) ?? "";
}

/** `server/what`, either part alone when the other is missing. */
function target(server: string | undefined, what: string | undefined): MainArg {
  return { value: [server, what].filter(Boolean).join("/") || undefined, isPath: false };
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
  mainArg: (t) => target(serverOf(t), mcpToolName(t)),
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

export const mcpTools: ToolFamily = {
  kind: "getMcpToolsToolCall",
  name: "MCP tools",
  mainArg: (t) => target(serverOf(t) ?? "all servers", stringArg(argsOf(t), ["toolName", "pattern"])),
  logBody: genericBody,
};

export const mcpResource: ToolFamily = {
  kind: "readMcpResourceToolCall",
  name: "MCP resource",
  mainArg: (t) => ({
    value: [serverOf(t), stringArg(argsOf(t), ["uri"])].filter(Boolean).join(" ") || undefined,
    isPath: false,
  }),
  logBody: genericBody,
};

export const mcpResources: ToolFamily = {
  kind: "listMcpResourcesToolCall",
  name: "MCP resources",
  mainArg: (t) => ({ value: serverOf(t) ?? "all servers", isPath: false }),
  logBody: genericBody,
};

/**
 * What a tool call did to files, read from its payload: a few file operations, paths still as the agent
 * gave them. Cursor's own kinds (`writeToolCall`, `editToolCall`, `deleteToolCall`, `readToolCall`), the
 * alternate naming (`tool_name` `write`, `edit_file`, `str_replace`, … with `parameters`), `function`
 * calls and MCP file tools by the same names. Only called for successful calls; never throws.
 */

import type { ToolPayload } from "../stream/events.js";
import { objectOrJson } from "../stream/json.js";
import { isPatchText, type PatchChunk, parsePatchText } from "./patch.js";

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

const PATH_KEYS = ["path", "file_path", "filePath", "target_file", "targetFile", "file", "filename"];
const CONTENT_KEYS = ["fileText", "file_text", "content", "contents", "text", "code"];
const PATCH_KEYS = ["patch", "input", "streamContent", "arguments", "content"];

const WRITE_NAMES = new Set(["write", "writefile", "createfile", "create", "newfile"]);
const EDIT_NAMES = new Set([
  "edit",
  "editfile",
  "strreplace",
  "strreplacebasededittool",
  "strreplaceeditor",
  "searchreplace",
  "replace",
  "replaceinfile",
  "multiedit",
  "applypatch",
  "patch",
]);
const DELETE_NAMES = new Set(["delete", "deletefile", "removefile", "rmfile", "remove"]);
const READ_KINDS = new Set(["readToolCall"]);
/**
 * MCP tools are anyone's: only the filesystem servers' unmistakable names count as file changes (an MCP
 * `delete` with a `path` may well be an HTTP route).
 */
const MCP_FILE_NAMES = new Set(["writefile", "createfile", "editfile", "deletefile"]);

function mcpName(p: ToolPayload): string {
  const a = p.args ?? {};
  return typeof a.toolName === "string" ? a.toolName : typeof a.name === "string" ? a.name : "";
}

export function fileOps(p: ToolPayload): FileOp[] {
  try {
    switch (p.kind) {
      case "readToolCall":
        return readOps(p);
      case "writeToolCall":
        return writeOps(p);
      case "editToolCall":
        return editOps(p);
      case "deleteToolCall":
        return deleteOps(p);
      case "mcpToolCall": {
        const a = p.args ?? {};
        const name = mcpName(p);
        return MCP_FILE_NAMES.has(norm(name)) ? namedOps(name, objectOrJson(a.args) ?? {}) : [];
      }
      default:
        return namedOps(p.functionName ?? p.kind, p.args ?? {});
    }
  } catch {
    return [];
  }
}

/** Whether a call of this kind may change files (to remember paths of calls that did not succeed). */
export function mayChangeFiles(p: ToolPayload): boolean {
  if (READ_KINDS.has(p.kind)) return false;
  if (p.kind === "writeToolCall" || p.kind === "editToolCall" || p.kind === "deleteToolCall") return true;
  if (p.kind === "mcpToolCall") return MCP_FILE_NAMES.has(norm(mcpName(p)));
  const name = norm(p.functionName ?? p.kind);
  return WRITE_NAMES.has(name) || EDIT_NAMES.has(name) || DELETE_NAMES.has(name);
}

/** The path a call names (for calls that did not succeed: what they may have touched). */
export function namedPath(p: ToolPayload): string | undefined {
  const args = p.kind === "mcpToolCall" ? (objectOrJson(p.args?.args) ?? {}) : (p.args ?? {});
  return str(args, PATH_KEYS);
}

function success(p: ToolPayload): Record<string, unknown> {
  return p.outcome?.key === "success" ? p.outcome.value : {};
}

function readOps(p: ToolPayload): FileOp[] {
  const a = p.args ?? {};
  const r = success(p);
  // Only a whole-file read tells the file's content: no range asked, none cut off.
  if (a.offset != null || a.limit != null || r.exceededLimit === true) return [];
  const path = str(a, ["path"]) ?? str(r, ["path"]);
  if (!path) return [];
  if (typeof r.content === "string") return [{ kind: "read", path, text: r.content }];
  if (r.isEmpty === true && r.contentBlobId === undefined) return [{ kind: "read", path, text: "" }];
  return [];
}

function writeOps(p: ToolPayload): FileOp[] {
  const a = p.args ?? {};
  const path = str(a, ["path"]) ?? str(success(p), ["path"]);
  if (!path) return [];
  const text = typeof a.fileText === "string" ? a.fileText : undefined;
  return [
    { kind: "set", path, after: text, why: text === undefined ? "the write carried no content" : undefined },
  ];
}

function editOps(p: ToolPayload): FileOp[] {
  const a = p.args ?? {};
  const r = success(p);
  const path = str(a, ["path"]) ?? str(r, ["path"]);
  if (typeof r.afterFullFileContent === "string" && path) {
    // FORMAT.md: `beforeFullFileContent` is absent for a new file.
    const before = typeof r.beforeFullFileContent === "string" ? r.beforeFullFileContent : null;
    return [{ kind: "set", path, after: r.afterFullFileContent, before }];
  }
  if (isPatchText(a.streamContent)) return patchOps(a.streamContent, path);
  if (!path) return [];
  if (typeof r.diffString === "string" && r.diffString.includes("\n@@")) {
    return [{ kind: "unified", path, diff: r.diffString }];
  }
  return [{ kind: "set", path, after: undefined, why: "the edit did not carry the file's new content" }];
}

function deleteOps(p: ToolPayload): FileOp[] {
  const r = success(p);
  const path = str(p.args ?? {}, ["path"]) ?? str(r, ["path"]);
  if (!path) return [];
  return [{ kind: "delete", path, before: typeof r.prevContent === "string" ? r.prevContent : undefined }];
}

/** The alternate naming, `function{name}` and MCP file tools: by the tool's name and its parameters. */
/** A whole-file write from named arguments (`content`, `text`, …). */
function writeOp(path: string, args: Record<string, unknown>): FileOp {
  const text = str(args, CONTENT_KEYS, true);
  return {
    kind: "set",
    path,
    after: text,
    why: text === undefined ? "the write carried no content" : undefined,
  };
}

function namedOps(rawName: string, args: Record<string, unknown>): FileOp[] {
  const name = norm(rawName);
  const path = str(args, PATH_KEYS);
  if (WRITE_NAMES.has(name)) {
    if (!path) return [];
    return [writeOp(path, args)];
  }
  if (DELETE_NAMES.has(name)) return path ? [{ kind: "delete", path }] : [];
  if (!EDIT_NAMES.has(name)) return [];
  const patch = PATCH_KEYS.map((k) => args[k]).find(isPatchText);
  if (patch !== undefined) return patchOps(patch, path);
  if (!path) return [];
  const command = typeof args.command === "string" ? args.command : undefined;
  if (command === "view") return [];
  if (command === "create") {
    return [writeOp(path, args)];
  }
  const single = replaceOf(args);
  if (single && command !== "insert") return [{ kind: "replace", path, ...single }];
  if (Array.isArray(args.edits)) {
    const ops: FileOp[] = [];
    for (const e of args.edits) {
      const r = e !== null && typeof e === "object" ? replaceOf(e as Record<string, unknown>) : undefined;
      if (!r) return [{ kind: "set", path, after: undefined, why: "an edit could not be read" }];
      ops.push({ kind: "replace", path, ...r });
    }
    return ops;
  }
  return [{ kind: "set", path, after: undefined, why: "the edit did not carry the file's new content" }];
}

function replaceOf(a: Record<string, unknown>): { old: string; new: string; all: boolean } | undefined {
  const pairs: [string, string][] = [
    ["old_string", "new_string"],
    ["old_str", "new_str"],
    ["oldText", "newText"],
    ["old_text", "new_text"],
    ["search", "replace"],
  ];
  for (const [o, n] of pairs) {
    if (typeof a[o] === "string" && typeof a[n] === "string") {
      return {
        old: a[o] as string,
        new: a[n] as string,
        all: a.replace_all === true || a.replaceAll === true,
      };
    }
  }
  return undefined;
}

/** A patch text: each file section is an operation on its own path (a patch may touch several files). */
function patchOps(text: string, fallbackPath: string | undefined): FileOp[] {
  const sections = parsePatchText(text);
  if (!sections || sections.length === 0) {
    return fallbackPath
      ? [{ kind: "set", path: fallbackPath, after: undefined, why: "its patch could not be read" }]
      : [];
  }
  const ops: FileOp[] = [];
  for (const s of sections) {
    if (s.op === "add") ops.push({ kind: "set", path: s.path, after: s.text, before: null });
    else if (s.op === "delete") ops.push({ kind: "delete", path: s.path });
    else if (s.moveTo) {
      // Moved and changed: the old path is gone; the new one's content is what the working tree says.
      ops.push({ kind: "delete", path: s.path });
      ops.push({ kind: "set", path: s.moveTo, after: undefined, why: `moved from ${s.path} by a patch` });
    } else ops.push({ kind: "patch", path: s.path, chunks: s.chunks });
  }
  return ops;
}

/** `write_file`, `WriteFile`, `write-file` → `writefile`. */
function norm(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function str(o: Record<string, unknown>, keys: string[], allowEmpty = false): string | undefined {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === "string" && (allowEmpty || v !== "")) return v;
  }
  return undefined;
}

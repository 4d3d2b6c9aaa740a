/**
 * File operations read from arguments: the alternate naming (`tool_name` `write`, `edit_file`,
 * `str_replace`, … with `parameters`), `function{name, arguments}` calls and MCP file tools, whose
 * arguments follow no one schema; and patch texts (the apply_patch format), which Cursor's own edits
 * carry too (docs/stream-format.md "Tool kinds").
 */
import { PATH_KEYS, str } from "./args.js";
import { isPatchText, parsePatchText } from "./patch.js";
import type { FileOp } from "./types.js";

const CONTENT_KEYS = ["fileText", "file_text", "content", "contents", "text", "code"];
const PATCH_KEYS = ["patch", "input", "streamContent", "arguments", "content"];

/** The content a named write carries, if any (an empty file is content too). */
export function writtenContent(args: Record<string, unknown>): string | undefined {
  return str(args, CONTENT_KEYS, true);
}

/** A whole-file write from named arguments. */
export function namedWriteOps(args: Record<string, unknown>): FileOp[] {
  const path = str(args, PATH_KEYS);
  if (!path) return [];
  return [writeOp(path, args)];
}

function writeOp(path: string, args: Record<string, unknown>): FileOp {
  const after = writtenContent(args);
  return { kind: "set", path, after, why: after === undefined ? "the write carried no content" : undefined };
}

export function namedDeleteOps(args: Record<string, unknown>): FileOp[] {
  const path = str(args, PATH_KEYS);
  return path ? [{ kind: "delete", path }] : [];
}

/** The patch text among named arguments, if any. */
export function patchArg(args: Record<string, unknown>): string | undefined {
  return PATCH_KEYS.map((k) => args[k]).find(isPatchText);
}

/** An edit from named arguments: a patch, a str_replace-editor command, one or many replacements. */
export function namedEditOps(args: Record<string, unknown>): FileOp[] {
  const path = str(args, PATH_KEYS);
  const patch = patchArg(args);
  if (patch !== undefined) return patchOps(patch, path);
  if (!path) return [];
  const command = typeof args.command === "string" ? args.command : undefined;
  if (command === "view") return [];
  if (command === "create") return [writeOp(path, args)];
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

const REPLACE_PAIRS: [string, string][] = [
  ["old_string", "new_string"],
  ["old_str", "new_str"],
  ["oldText", "newText"],
  ["old_text", "new_text"],
  ["search", "replace"],
];

export function replaceOf(
  a: Record<string, unknown>,
): { old: string; new: string; all: boolean } | undefined {
  for (const [o, n] of REPLACE_PAIRS) {
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
export function patchOps(text: string, fallbackPath: string | undefined): FileOp[] {
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

/** The files a patch text names, for a call's title when it has no path argument. */
export function patchPaths(text: string): string[] {
  return (parsePatchText(text) ?? []).map((s) => s.path);
}

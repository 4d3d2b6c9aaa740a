/**
 * The file tools: read, write, edit, delete. Cursor's own kinds carry the file's content before and after
 * (docs/stream-format.md "Tool kinds"); the alternate naming and function calls carry their arguments
 * only.
 */
import { argsOf, num, outcomeValue, PATH_KEYS, plural, str, stringArg, successValue, text } from "./args.js";
import {
  namedDeleteOps,
  namedEditOps,
  namedWriteOps,
  patchArg,
  patchOps,
  patchPaths,
  replaceOf,
  writtenContent,
} from "./file-args.js";
import { isPatchText } from "./patch.js";
import type { FileOp, MainArg, Tool, ToolFamily } from "./types.js";

const MAIN_PATH_KEYS = ["path", "file_path", "target_file", "filePath"];

function pathArg(t: Tool): MainArg {
  return { value: stringArg(argsOf(t), MAIN_PATH_KEYS), isPath: true };
}

/** The path a file-changing call names (also when it did not succeed: it may have changed it anyway). */
function namedPath(t: Tool): string | null {
  return str(argsOf(t), PATH_KEYS) ?? null;
}

export const read: ToolFamily = {
  kind: "readToolCall",
  aliases: ["read", "readfile"],
  name: "Read",
  mainArg: pathArg,
  success(v) {
    if (v.isEmpty === true) return { summary: "empty" };
    const lines = num(v.totalLines);
    return { summary: lines !== undefined ? plural(lines, "line") : "read" };
  },
  // The content of a read is the repository's own file: not worth repeating in the log.
  logBody: () => ({ head: [] }),
  fileOps(t) {
    if (!t.native) return [];
    const a = argsOf(t);
    const r = successValue(t);
    // Only a whole-file read tells the file's content: no range asked, none cut off.
    if (a.offset != null || a.limit != null || r.exceededLimit === true) return [];
    const path = str(a, ["path"]) ?? str(r, ["path"]);
    if (!path) return [];
    if (typeof r.content === "string") return [{ kind: "read", path, text: r.content }];
    if (r.isEmpty === true && r.contentBlobId === undefined) return [{ kind: "read", path, text: "" }];
    return [];
  },
};

export const write: ToolFamily = {
  kind: "writeToolCall",
  aliases: ["write", "writefile", "createfile", "create", "newfile"],
  name: "Write",
  mainArg: pathArg,
  success(v, t) {
    const created = num(v.linesCreated);
    if (created === undefined && !t.native) return { summary: "done" };
    return { summary: `+${created ?? 0}`, linesAdded: created ?? 0, linesRemoved: 0 };
  },
  logBody: (t) => ({
    head: [],
    body: text(t.native ? argsOf(t).fileText : writtenContent(argsOf(t))),
  }),
  fileOps(t) {
    const a = argsOf(t);
    if (!t.native) return namedWriteOps(a);
    const path = str(a, ["path"]) ?? str(successValue(t), ["path"]);
    if (!path) return [];
    const after = typeof a.fileText === "string" ? a.fileText : undefined;
    return [
      { kind: "set", path, after, why: after === undefined ? "the write carried no content" : undefined },
    ];
  },
  changedPath: namedPath,
};

export const edit: ToolFamily = {
  kind: "editToolCall",
  aliases: [
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
  ],
  name: "Edit",
  mainArg(t) {
    const direct = pathArg(t);
    if (direct.value !== undefined) return direct;
    // An apply_patch call names its files only inside the patch.
    const patch = patchArg(argsOf(t));
    const paths = patch !== undefined ? patchPaths(patch) : [];
    if (paths.length === 1) return { value: paths[0], isPath: true };
    return { value: paths.length ? paths.join(", ") : undefined, isPath: false };
  },
  success(v, t) {
    const added = num(v.linesAdded);
    const removed = num(v.linesRemoved);
    if (added === undefined && removed === undefined && !t.native) return { summary: "done" };
    return { summary: `+${added ?? 0} −${removed ?? 0}`, linesAdded: added ?? 0, linesRemoved: removed ?? 0 };
  },
  logBody(t) {
    const a = argsOf(t);
    if (t.native) return { head: [], body: text(outcomeValue(t).diffString) ?? text(a.streamContent) };
    const patch = patchArg(a);
    if (patch !== undefined) return { head: [], body: patch };
    const r = replaceOf(a);
    if (!r) return { head: [] };
    const lines = (s: string, mark: string) => (s === "" ? [] : s.split("\n").map((l) => `${mark}${l}`));
    return { head: [], body: [...lines(r.old, "- "), ...lines(r.new, "+ ")].join("\n") || undefined };
  },
  fileOps(t) {
    const a = argsOf(t);
    if (!t.native) return namedEditOps(a);
    const r = successValue(t);
    const path = str(a, ["path"]) ?? str(r, ["path"]);
    if (typeof r.afterFullFileContent === "string" && path) {
      // `beforeFullFileContent` is absent for a new file.
      const before = typeof r.beforeFullFileContent === "string" ? r.beforeFullFileContent : null;
      return [{ kind: "set", path, after: r.afterFullFileContent, before }];
    }
    if (isPatchText(a.streamContent)) return patchOps(a.streamContent, path);
    if (!path) return [];
    if (typeof r.diffString === "string" && r.diffString.includes("\n@@")) {
      return [{ kind: "unified", path, diff: r.diffString }];
    }
    return [{ kind: "set", path, after: undefined, why: "the edit did not carry the file's new content" }];
  },
  changedPath: namedPath,
};

export const remove: ToolFamily = {
  kind: "deleteToolCall",
  aliases: ["delete", "deletefile", "removefile", "rmfile", "remove"],
  name: "Delete",
  mainArg: pathArg,
  success: () => ({ summary: "deleted" }),
  logBody: () => ({ head: [] }),
  fileOps(t): FileOp[] {
    if (!t.native) return namedDeleteOps(argsOf(t));
    const r = successValue(t);
    const path = str(argsOf(t), ["path"]) ?? str(r, ["path"]);
    if (!path) return [];
    return [{ kind: "delete", path, before: typeof r.prevContent === "string" ? r.prevContent : undefined }];
  },
  changedPath: namedPath,
};

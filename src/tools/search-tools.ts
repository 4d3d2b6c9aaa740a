/** The tools that look without touching: grep, glob, directory listings. */
import { argsOf, num, outcomeValue, plural, stringArg } from "./args.js";
import type { ToolFamily } from "./types.js";

type Root = {
  content?: { totalMatchedLines?: unknown; matches?: unknown };
  files?: { totalFiles?: unknown; files?: unknown };
  count?: { totalMatches?: unknown };
};

/** Grep answers per workspace root (`workspaceResults`), in one of three output modes. */
function roots(v: Record<string, unknown>): Root[] {
  const w = v.workspaceResults;
  if (w === null || typeof w !== "object" || Array.isArray(w)) return [];
  return Object.values(w).filter((r): r is Root => r !== null && typeof r === "object");
}

export const grep: ToolFamily = {
  kind: "grepToolCall",
  aliases: ["grep"],
  name: "Grep",
  mainArg: (t) => ({ value: stringArg(argsOf(t), ["pattern"]), isPath: false }),
  success(v) {
    let lines: number | undefined;
    let files: number | undefined;
    for (const root of roots(v)) {
      const n = num(root.content?.totalMatchedLines) ?? num(root.count?.totalMatches);
      if (n !== undefined) lines = (lines ?? 0) + n;
      const f = num(root.files?.totalFiles);
      if (f !== undefined) files = (files ?? 0) + f;
    }
    const top = v.files as { totalFiles?: unknown } | undefined;
    const topFiles = top !== null && typeof top === "object" ? num(top.totalFiles) : undefined;
    if (topFiles !== undefined) files = (files ?? 0) + topFiles;
    if (lines !== undefined) return { summary: plural(lines, "match", "matches"), matches: lines };
    if (files !== undefined) return { summary: plural(files, "file"), matches: files };
    return { summary: "no matches", matches: 0 };
  },
  logBody(t) {
    const out: string[] = [];
    for (const root of roots(outcomeValue(t))) {
      const matches = root.content?.matches;
      const files = root.files?.files;
      if (Array.isArray(matches)) {
        for (const f of matches as {
          file?: string;
          matches?: { lineNumber?: number; content?: string }[];
        }[]) {
          if (!Array.isArray(f?.matches)) continue;
          for (const m of f.matches)
            out.push(`${f.file ?? "?"}:${m?.lineNumber ?? "?"}: ${m?.content ?? ""}`);
        }
      } else if (Array.isArray(files)) {
        for (const f of files) if (typeof f === "string") out.push(f);
      }
    }
    return { head: [], body: out.length ? out.join("\n") : undefined };
  },
};

export const glob: ToolFamily = {
  kind: "globToolCall",
  aliases: ["glob", "filesearch"],
  name: "Glob",
  mainArg: (t) => ({ value: stringArg(argsOf(t), ["globPattern", "pattern"]), isPath: false }),
  success(v) {
    const n = num(v.totalFiles) ?? (Array.isArray(v.files) ? v.files.length : 0);
    return { summary: plural(n, "file"), matches: n };
  },
  logBody(t) {
    const files = outcomeValue(t).files;
    return {
      head: [],
      body: Array.isArray(files) ? files.filter((f) => typeof f === "string").join("\n") : undefined,
    };
  },
};

export const ls: ToolFamily = {
  kind: "lsToolCall",
  aliases: ["ls", "listdir"],
  name: "List",
  mainArg: (t) => ({ value: stringArg(argsOf(t), ["path"]), isPath: true }),
  success: () => ({ summary: "listed" }),
  logBody: () => ({ head: [] }),
};

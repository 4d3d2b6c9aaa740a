/**
 * The body of a tool call's log group: the arguments worth seeing and the output, trimmed.
 * Returns lines of untrusted text (the writer neutralises them).
 */
import type { ToolPayload } from "../stream/events.js";

/** A single line longer than this is cut: one minified file must not flood the log. */
const MAX_LINE = 2000;

export function toolOutput(p: ToolPayload, maxLines: number): string[] {
  const a = p.args ?? {};
  const v = p.outcome?.value ?? {};
  const head: string[] = [];
  let body: string | undefined;
  switch (p.kind) {
    case "shellToolCall":
      if (typeof a.command === "string") head.push(`$ ${a.command}`);
      body = str(v.interleavedOutput) ?? joinNonEmpty(str(v.stdout), str(v.stderr));
      break;
    case "editToolCall":
      body = str(v.diffString) ?? str(a.streamContent);
      break;
    case "writeToolCall":
      body = str(a.fileText);
      break;
    case "grepToolCall":
      body = grepLines(v);
      break;
    case "globToolCall":
      body = Array.isArray(v.files) ? v.files.filter((f) => typeof f === "string").join("\n") : undefined;
      break;
    case "mcpToolCall":
      if (a.args !== undefined)
        head.push(`args: ${typeof a.args === "string" ? a.args : JSON.stringify(a.args)}`);
      body = mcpText(v);
      break;
    case "readToolCall":
    case "lsToolCall":
      // The content of a read is the repository's own file: not worth repeating in the log.
      break;
    default:
      if (Object.keys(a).length > 0) head.push(`args: ${truncate(JSON.stringify(a), MAX_LINE)}`);
      body = str(v.output) ?? str(v.markdown) ?? str(v.content);
  }
  const err = str(v.error) ?? str(v.reason);
  if (p.outcome && p.outcome.key !== "success" && err) head.push(`${p.outcome.key}: ${err}`);
  return [...head.map((l) => truncate(l, MAX_LINE)), ...trimLines(body, maxLines)];
}

/** The first `max` lines, without splitting the rest (a tool's output can be megabytes). */
function trimLines(text: string | undefined, max: number): string[] {
  if (text === undefined || text === "") return [];
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  const shown: string[] = [];
  let start = 0;
  while (shown.length < max) {
    const nl = body.indexOf("\n", start);
    shown.push(truncate(body.slice(start, nl === -1 ? body.length : nl), MAX_LINE));
    if (nl === -1) return shown;
    start = nl + 1;
  }
  let more = 1;
  for (let nl = body.indexOf("\n", start); nl !== -1; nl = body.indexOf("\n", nl + 1)) more++;
  shown.push(`… ${more} more lines not shown (log-tool-output-lines: ${max})`);
  return shown;
}

function grepLines(v: Record<string, unknown>): string | undefined {
  const roots = v.workspaceResults;
  if (!roots || typeof roots !== "object") return undefined;
  const out: string[] = [];
  for (const root of Object.values(roots as Record<string, unknown>)) {
    const content = (root as { content?: { matches?: unknown } })?.content;
    const files = (root as { files?: { files?: unknown } })?.files?.files;
    if (Array.isArray(content?.matches)) {
      for (const f of content.matches as {
        file?: string;
        matches?: { lineNumber?: number; content?: string }[];
      }[]) {
        for (const m of f.matches ?? [])
          out.push(`${f.file ?? "?"}:${m.lineNumber ?? "?"}: ${m.content ?? ""}`);
      }
    } else if (Array.isArray(files)) {
      for (const f of files) if (typeof f === "string") out.push(f);
    }
  }
  return out.length ? out.join("\n") : undefined;
}

function mcpText(v: Record<string, unknown>): string | undefined {
  if (!Array.isArray(v.content)) return undefined;
  const parts: string[] = [];
  for (const c of v.content as { text?: { text?: unknown } | string }[]) {
    const t = typeof c?.text === "string" ? c.text : c?.text?.text;
    if (typeof t === "string") parts.push(t);
  }
  return parts.join("\n");
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function joinNonEmpty(...parts: (string | undefined)[]): string | undefined {
  const kept = parts.filter((p): p is string => p !== undefined);
  return kept.length ? kept.join("\n") : undefined;
}

function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length - max} more characters)` : s;
}

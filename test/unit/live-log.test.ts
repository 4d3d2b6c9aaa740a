/** The live log's annotations: failed tool calls are flagged only when the run fails. */
import { describe, expect, it } from "vitest";
import { decide } from "../../src/model/verdict.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import { LiveLog } from "../../src/render/live-log.js";
import { LogWriter } from "../../src/render/log-writer.js";
import { fixture } from "../helpers/replay.js";

function logOf(exitCode: number): string {
  let out = "";
  const log = new LogWriter({ write: (s: string) => (out += s) });
  const live = new LiveLog(log, { toolOutputLines: 5, showThinking: false, maxAnnotations: 5 });
  const pipeline = new Pipeline([live.onUpdate], "/workspace");
  pipeline.push(fixture("cursed-mac-shell-failure-results.ndjson"), 0);
  pipeline.end(0);
  live.finish();
  const verdict = decide({
    exit: { code: exitCode },
    result: pipeline.model.result,
    stderrTail: [],
    agentPath: "a",
  });
  live.footer(pipeline.model, verdict, 0);
  log.endGroupAndFlush();
  return out;
}

it("failed calls become annotations only when the run fails, after the footer", () => {
  expect(logOf(0)).not.toContain("::warning");
  const failed = logOf(1).trimEnd().split("\n");
  expect(failed.slice(-2)).toEqual([
    "::warning title=Agent tool call failed::Shell echo hello: failed",
    "::warning title=Agent tool call failed::Shell printf '%25s\\n' hello: failed",
  ]);
});

/** The edit group's lines for one edit of `file` whose diff names `diffPath`, in a run whose cwd is `cwd`. */
function editGroup(
  cwd: string | undefined,
  file: string,
  diffPath: string,
  workspace?: string,
  diff?: string,
): string[] {
  const diffString =
    diff ?? [`--- a/${diffPath}`, `+++ b/${diffPath}`, "@@ -1,1 +1,1 @@", "--- a/kept", "+new"].join("\n");
  const events = [
    { type: "system", subtype: "init", ...(cwd ? { cwd } : {}), session_id: "s", model: "m" },
    {
      type: "tool_call",
      subtype: "completed",
      call_id: "e1",
      tool_call: {
        editToolCall: {
          args: { path: file, streamContent: "new\n" },
          result: { success: { path: file, linesAdded: 1, linesRemoved: 1, diffString } },
        },
      },
    },
  ];
  let out = "";
  const log = new LogWriter({ write: (s: string) => (out += s) });
  const live = new LiveLog(log, { toolOutputLines: 10, showThinking: false, maxAnnotations: 5, workspace });
  const pipeline = new Pipeline([live.onUpdate], workspace);
  pipeline.push(Buffer.from(events.map((e) => `${JSON.stringify(e)}\n`).join("")), 0);
  pipeline.end(0);
  log.endGroupAndFlush();
  const lines = out.split("\n");
  return lines.slice(
    lines.findIndex((l) => l.startsWith("::group::")),
    lines.indexOf("::endgroup::"),
  );
}

describe("an edit's diff names its file as the workspace does", () => {
  it.each([
    ["POSIX", "/home/u/repo", "/home/u/repo/src/x.ts", "/home/u/repo/src/x.ts"],
    ["macOS /private/tmp", "/private/tmp/ws", "/private/tmp/ws/src/x.ts", "/private/tmp/ws/src/x.ts"],
    [
      "Windows, backslashes",
      "C:\\Users\\u\\repo",
      "C:\\Users\\u\\repo\\src\\x.ts",
      "C:\\Users\\u\\repo\\src\\x.ts",
    ],
    ["Windows, slashes in the diff", "D:\\w\\repo", "D:\\w\\repo\\src\\x.ts", "D:/w/repo/src/x.ts"],
    [
      "Windows, another case",
      "C:\\Users\\U\\Repo",
      "C:\\Users\\U\\Repo\\src\\x.ts",
      "c:\\users\\u\\repo\\src\\x.ts",
    ],
  ])("%s: a/src/x.ts and b/src/x.ts, as the group's title", (_, cwd, file, diffPath) => {
    const [title, ...body] = editGroup(cwd, file, diffPath);
    expect(title).toMatch(/^::group::✓ Edit src\/x\.ts — /);
    // The headers only: a hunk's line of the same shape (a removed `-- a/kept`) is content.
    expect(body).toEqual(["--- a/src/x.ts", "+++ b/src/x.ts", "@@ -1,1 +1,1 @@", "--- a/kept", "+new"]);
  });

  it("a file outside the workspace keeps its absolute path, as its title says", () => {
    const [title, ...body] = editGroup("/home/u/repo", "/etc/hosts", "/etc/hosts");
    expect(title).toContain("Edit /etc/hosts (outside the workspace)");
    expect(body.slice(0, 2)).toEqual(["--- a//etc/hosts", "+++ b//etc/hosts"]);
  });

  it("a header pair worked out for one root is never taken for another's, whatever the agent's strings hold", () => {
    // Roots and pairs once made one key joined by a NUL: this root and pair made the key of the first call's.
    editGroup("/w", "/w/x", "", undefined, "--- a/\0--- a//w/x\n+++ b//w/x\nBODY");
    const body = editGroup("/w\0--- a/", "/w/x", "", undefined, "--- a//w/x\n+++ b//w/x\nREST").slice(1);
    expect(body).toEqual(["--- a//w/x", "+++ b//w/x", "REST"]);
  });

  it("without a cwd in system/init, relative to the workspace the action gave", () => {
    expect(editGroup(undefined, "/ws/a/b.ts", "/ws/a/b.ts", "/ws").slice(1, 3)).toEqual([
      "--- a/a/b.ts",
      "+++ b/a/b.ts",
    ]);
    // With neither, nothing to relate to: as the CLI wrote it.
    expect(editGroup(undefined, "/ws/a/b.ts", "/ws/a/b.ts").slice(1, 3)).toEqual([
      "--- a//ws/a/b.ts",
      "+++ b//ws/a/b.ts",
    ]);
  });
});

describe("streamed text", () => {
  /** The log of `deltas`, streamed as assistant token deltas, then the segment's repeat. */
  function streamed(deltas: string[]): string {
    let out = "";
    const log = new LogWriter({ write: (s: string) => (out += s) });
    const live = new LiveLog(log, { toolOutputLines: 5, showThinking: false, maxAnnotations: 5 });
    const pipeline = new Pipeline([live.onUpdate], "/workspace");
    const line = (text: string, extra: object) =>
      `${JSON.stringify({ type: "assistant", message: { role: "assistant", content: [{ type: "text", text }] }, session_id: "s", ...extra })}\n`;
    const body = deltas.map((d, i) => line(d, { timestamp_ms: i + 1 })).join("");
    pipeline.push(Buffer.from(`${body}${line(deltas.join(""), { model_call_id: "m" })}`), 0);
    pipeline.end(0);
    live.finish();
    log.endGroupAndFlush();
    return out;
  }

  it("is written as whole lines, each once, wherever the deltas break", () => {
    expect(streamed(["one ", "two\nthr", "ee\n", "\nfour", " five"])).toBe("one two\nthree\n\nfour five\n");
    expect(streamed(["a\nb\nc", "\n"])).toBe("a\nb\nc\n");
  });

  it("a long line in many deltas: written once, cut at the cap", () => {
    // Searching the line so far for a newline at every token copied it whole each time: 40,000 tokens of
    // one 280 KB line were 4.7 s of CPU, now ~0.1 s (BENCHMARKS.md). How long it takes is the bench's to
    // say, not a test's (no test depends on the machine's speed): this one holds what is written.
    const deltas = Array.from({ length: 40_000 }, (_, i) => `word ${i % 10}`);
    expect(streamed(deltas)).toBe(
      `${deltas.join("").slice(0, 64 * 1024)}… (${deltas.join("").length - 64 * 1024} more characters not shown)\n`,
    );
  });
});

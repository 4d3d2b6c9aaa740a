/** The live log's annotations: failed tool calls are flagged only when the run fails. */
import { expect, it } from "vitest";
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
  log.close();
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

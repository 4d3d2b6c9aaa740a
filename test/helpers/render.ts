/** Renders a transcript's job log in-process, through the real model, live log and writer. */
import { decide } from "../../src/model/verdict.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import { LiveLog, type LiveLogOptions } from "../../src/render/live-log.js";
import { LogWriter } from "../../src/render/log-writer.js";

export function renderLog(bytes: Buffer, opts: Partial<LiveLogOptions> = {}, chunk = 4096): string {
  let out = "";
  const log = new LogWriter({ write: (s: string) => (out += s) });
  const live = new LiveLog(log, { toolOutputLines: 40, showThinking: false, maxAnnotations: 10, ...opts });
  const pipeline = new Pipeline([live.onUpdate], "/workspace");
  const { model } = pipeline;
  for (let i = 0; i < bytes.length; i += chunk) {
    pipeline.push(bytes.subarray(i, i + chunk), 0);
    log.flush();
  }
  pipeline.end(0);
  live.finish();
  const verdict = decide({
    exit: { code: 0 },
    result: model.result,
    stderrTail: [],
    agentPath: "cursor-agent",
  });
  live.footer(model, verdict, 0);
  log.endGroupAndFlush();
  return out;
}

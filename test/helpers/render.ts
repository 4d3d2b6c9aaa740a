/** Renders a transcript's job log in-process, through the real model, live log and writer. */
import { decide } from "../../src/conclusion.js";
import { RunModel } from "../../src/model/run-model.js";
import { LiveLog, type LiveLogOptions } from "../../src/render/live-log.js";
import { LogWriter } from "../../src/render/log-writer.js";
import { toEvent } from "../../src/stream/events.js";
import { LineFramer } from "../../src/stream/lines.js";

export function renderLog(bytes: Buffer, opts: Partial<LiveLogOptions> = {}, chunk = 4096): string {
  let out = "";
  const log = new LogWriter({ write: (s: string) => (out += s) });
  const live = new LiveLog(log, { toolOutputLines: 40, showThinking: false, maxAnnotations: 10, ...opts });
  const model = new RunModel(live.onUpdate, "/workspace");
  const framer = new LineFramer();
  for (let i = 0; i < bytes.length; i += chunk) {
    for (const l of framer.push(bytes.subarray(i, i + chunk))) model.apply(toEvent(l.value), 0);
    log.flush();
  }
  for (const l of framer.end()) model.apply(toEvent(l.value), 0);
  model.finish();
  live.finish();
  const verdict = decide({
    exit: { code: 0 },
    result: model.result,
    stderrTail: [],
    agentPath: "cursor-agent",
  });
  live.footer(model, verdict, 0);
  log.close();
  return out;
}

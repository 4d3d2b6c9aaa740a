/**
 * A run that ended before the agent ran (a gate), or in the last resort: `conclusion`, `error` and a short
 * job summary, each on its own (one failing must not stop the others: the log itself may be what failed).
 * Light on purpose: the entry loads it at start-up, while the report and its renderer (./publish.ts) load
 * only once an agent runs (src/run/after-start.ts).
 */
import { appendFileSync } from "node:fs";
import { quietly } from "../base/errors.js";
import type { Conclusion } from "../model/verdict.js";
import { headline } from "../render/headlines.js";
import { fenced } from "../render/markdown.js";
import type { OutputName } from "./outputs.js";

export function publishEarlyEnd(
  deps: { env: NodeJS.ProcessEnv; setOutput: (name: OutputName, value: string) => void },
  end: { conclusion: Conclusion; error: string; headline: string; reason: string },
): void {
  quietly(() => deps.setOutput("conclusion", end.conclusion));
  quietly(() => deps.setOutput("error", end.error));
  const file = deps.env.GITHUB_STEP_SUMMARY;
  if (file) quietly(() => appendFileSync(file, `${headline(end.headline)}\n\n${fenced(end.reason)}\n`));
}

/**
 * The first lines a run prints and the way it writes durations: light on purpose, as they are needed
 * before the agent is started, while the rest of the rendering loads (src/after-start.ts).
 */
import { formatDuration } from "../base/format.js";
import type { Settings } from "../settings/settings.js";

/** `Running <agent> in <workspace> (model …, force, …)`. */
export function runHeader(s: Settings): string {
  const opts = [
    s.model ? `model ${s.model}` : "the agent's default model",
    s.force ? "force" : "",
    s.trust ? "trust" : "",
    s.streamPartialOutput ? "partial output" : "",
    s.timeoutMs > 0 ? `timeout ${formatDuration(s.timeoutMs)}` : "",
  ].filter(Boolean);
  return `Running ${[s.agentPath, ...s.agentArgs].join(" ")} in ${s.workspace} (${opts.join(", ")})`;
}

/**
 * The first lines a run prints and the way it writes durations: light on purpose, as they are needed
 * before the agent is started, while the rest of the rendering loads (src/after-start.ts).
 */
import type { Settings } from "../settings.js";

/** `Running <agent> in <workspace> (model …, force, …)`. */
export function runHeader(s: Settings): string {
  const opts = [
    s.model ? `model ${s.model}` : "the agent's default model",
    s.force ? "force" : "",
    s.trust ? "trust" : "",
    s.streamPartialOutput ? "partial output" : "",
    s.timeoutMs > 0 ? `timeout ${formatDuration(s.timeoutMs)}` : "",
  ].filter(Boolean);
  return `Running ${s.agentPath} in ${s.workspace} (${opts.join(", ")})`;
}

/** A size as the log and the report say it: "1.5 MB", "12 KB". */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "?";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

/** How the log and the report write sizes, durations and one-line excerpts of what a user gave. */

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

/** A value quoted in an error: one line, at most 80 characters. */
export function oneLine(s: string): string {
  const flat = s.replace(/[\r\n]+/g, " ");
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

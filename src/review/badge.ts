/**
 * A finding's severity as the review, the report and the summary show it. Apart from ./build.ts so that
 * every run's report can name severities without loading the review's builder (and node:crypto with it,
 * ~5 ms of a run's wall time).
 */
import type { Severity } from "../settings/contract.js";

export const BADGE: Record<Severity, string> = {
  critical: "🔴 critical",
  high: "🟠 high",
  medium: "🟡 medium",
  low: "🔵 low",
  info: "⚪ info",
};

/**
 * How the step ends: a run that was not admitted says why (a refusal fails the step; a skip is a notice
 * and stays green), and a run that was read to its end fails the step unless it succeeded (or
 * `fail-on-error` is off, when it is a warning).
 */
import type { Delivered } from "../deliver/outcome.js";
import type { Verdict } from "../model/verdict.js";
import { publishEarlyEnd } from "../publish/early-end.js";
import { HEADLINE, REFUSED_HEADLINE } from "../render/headlines.js";
import type { LogWriter } from "../render/log-writer.js";
import type { Deps } from "./deps.js";
import type { Prepared } from "./source.js";

export function notStarted(p: Exclude<Prepared, { kind: "ready" }>, deps: Deps, log: LogWriter): void {
  const skipped = p.kind === "skipped";
  if (p.kind === "skipped" && p.notice) log.annotate("notice", p.reason);
  else log.text(p.reason);
  log.flush();
  publishEarlyEnd(deps, {
    conclusion: skipped ? "skipped" : "failure",
    error: skipped ? "" : p.reason,
    headline: skipped ? HEADLINE.skipped : REFUSED_HEADLINE,
    reason: p.reason,
  });
  if (!skipped) deps.setFailed(p.reason);
}

export function conclude(v: Verdict, failOnError: boolean, deps: Deps): void {
  if (v.conclusion === "success") return;
  if (failOnError) deps.setFailed(v.error);
  else deps.warning(v.error);
}

/** A delivery that was refused or failed fails the step, as a failed run does. */
export function concludeDelivery(d: Delivered | undefined, failOnError: boolean, deps: Deps): void {
  if (!d?.failed) return;
  if (failOnError) deps.setFailed(d.line);
  else deps.warning(d.line);
}

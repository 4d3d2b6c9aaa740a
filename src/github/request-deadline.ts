/**
 * Every request the action makes to GitHub has a deadline, and is aborted at it: an API that accepts the
 * connection and never answers (a brownout) must not hold the step. An octokit plugin, registered before
 * the retry and throttling plugins so that its hook is inside theirs and wraps each attempt, and so that it
 * sees every request: a listing's pages too (octokit's paginator passes no `request` option on, so a signal
 * given in the parameters never reached them, and a read of the comments could hang for the rest of the job).
 *
 * Aborts never carry a reason: a reason reaches octokit as a plain error, which its retry plugin takes for a
 * 500 and retries (with its timers keeping the process alive); an AbortError, or an error without octokit's
 * `request`, it lets go at once. An aborted request's socket is destroyed (undici), and the idle keep-alive
 * sockets undici keeps are unref'd: neither holds Node's event loop (test/hostile/silent-github.test.ts).
 */
import type { getOctokit } from "@actions/github";
import { RUN_DEADLINES } from "../base/deadlines.js";

type Plugin = NonNullable<Parameters<typeof getOctokit>[2]>;

export interface RequestLimits {
  /** The caller's: aborts the request in flight, and any later one before it is sent. */
  signal?: AbortSignal;
  /**
   * When `signal` aborts at the latest (epoch ms): no retry is begun whose wait would end after it, so that
   * no timer of the retry plugin outlives the caller's deadline.
   */
  until?: number;
  /** One attempt's deadline (default {@link RUN_DEADLINES.requestMs}). */
  requestMs?: number;
}

/** The plugin that gives each attempt its deadline and the caller's signal. */
export function requestDeadlines(limits: RequestLimits): Plugin {
  const { signal, until } = limits;
  const requestMs = limits.requestMs ?? RUN_DEADLINES.requestMs;
  return (octokit) => {
    octokit.hook.wrap("request", async (request, options) => {
      // Aborted (a retry's wait ended, or a caller went on after its deadline): nothing is sent.
      signal?.throwIfAborted();
      const attempt = new AbortController();
      const stop = () => attempt.abort();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        stop();
      }, requestMs);
      signal?.addEventListener("abort", stop, { once: true });
      try {
        // Set on these options, not on a copy passed on: octokit's auth hook, inside this one, reads the
        // options the request began with and ignores any it is handed.
        options.request = { ...options.request, signal: attempt.signal };
        return await request(options);
      } catch (e) {
        if (timedOut) {
          // Not retried (no octokit `request` on it): a write GitHub took but did not answer may have landed.
          throw new Error(
            `no answer to ${options.method} ${pathOf(options.url)} within ${requestMs / 1000} s`,
          );
        }
        if (until !== undefined) noRetryPast(until, options.request as RetryState);
        throw e;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", stop);
      }
    });
  };
}

/**
 * Once `signal` has aborted, a request fails before the retry and throttling plugins see it: it is not
 * queued behind the process's other writes (the throttling plugin spaces them by a second or more) only to
 * fail then. Registered last, after the plugins, so that it is the outermost hook.
 */
export function nothingOnceAborted(octokit: ReturnType<typeof getOctokit>, signal: AbortSignal): void {
  octokit.hook.wrap("request", (request, options) => {
    signal.throwIfAborted();
    return request(options);
  });
}

/** What @octokit/plugin-retry keeps in a request's `request` options. */
interface RetryState {
  retryCount?: number;
  retries?: number;
}

/**
 * The retry plugin's next wait ((retries so far + 1)² s, @octokit/plugin-retry) would end after `until`:
 * its count of retries allowed is set to those made, so it schedules none (it reads the count from these
 * options after this hook throws).
 */
function noRetryPast(until: number, request: RetryState): void {
  const made = request.retryCount ?? 0;
  if (Date.now() + (made + 1) ** 2 * 1000 >= until) request.retries = made;
}

/** The path of a request's URL, without its query (which the log has no need of). */
function pathOf(url: string): string {
  return url.replace(/^[a-z]+:\/\/[^/]+/i, "").replace(/\?.*$/, "");
}

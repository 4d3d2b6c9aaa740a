/**
 * The end of the run's time: one budget for the whole change summary, and every git call bounded by
 * what is left of it. A git that hangs (a huge repository, a lock, a network file system) must not hold
 * the run's end: past the budget a call gives its fallback instead, and never throws. A cancel can end the
 * budget sooner (`until`): what is left is spent at once, and the calls still running give their fallback.
 */

/** A git call, bounded by what is left of the budget, and never a throw. */
export type Ask = <T>(f: () => Promise<T>, fallback: T) => Promise<T>;

export interface TimeBudget {
  /** Milliseconds left (≤ 0: spent). */
  timeLeft(): number;
  ask: Ask;
}

/** A budget of `budgetMs` from now, or until `until` aborts, whichever comes first. */
export function startTimeBudget(budgetMs: number, now: () => number, until?: AbortSignal): TimeBudget {
  const started = now();
  const timeLeft = () => (until?.aborted ? 0 : budgetMs - (now() - started));
  return { timeLeft, ask: (f, fallback) => guarded(f, fallback, timeLeft(), until) };
}

async function guarded<T>(f: () => Promise<T>, fallback: T, ms: number, until?: AbortSignal): Promise<T> {
  if (ms <= 0) return fallback;
  let timer: NodeJS.Timeout | undefined;
  let ended = () => {};
  try {
    return await Promise.race([
      f().catch(() => fallback),
      new Promise<T>((resolve) => {
        ended = () => resolve(fallback);
        timer = setTimeout(ended, ms);
        until?.addEventListener("abort", ended, { once: true });
      }),
    ]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
    until?.removeEventListener("abort", ended);
  }
}

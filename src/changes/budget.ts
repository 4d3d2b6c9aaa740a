/**
 * The end of the run's time: one budget for the whole change summary, and every git call bounded by
 * what is left of it. A git that hangs (a huge repository, a lock, a network file system) must not hold
 * the run's end: past the budget a call gives its fallback instead, and never throws.
 */

/** A git call, bounded by what is left of the budget, and never a throw. */
export type Ask = <T>(f: () => Promise<T>, fallback: T) => Promise<T>;

export interface Budget {
  /** Milliseconds left (≤ 0: spent). */
  timeLeft(): number;
  ask: Ask;
}

/** A budget of `budgetMs` from now. */
export function startBudget(budgetMs: number, now: () => number): Budget {
  const started = now();
  const timeLeft = () => budgetMs - (now() - started);
  return { timeLeft, ask: (f, fallback) => guarded(f, fallback, timeLeft()) };
}

async function guarded<T>(f: () => Promise<T>, fallback: T, ms: number): Promise<T> {
  if (ms <= 0) return fallback;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      f().catch(() => fallback),
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), ms);
      }),
    ]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

import { availableParallelism } from "node:os";

/**
 * Ledger children run at once by default (matrix columns, mutant patches): one per core, at
 * most two, because each child is CPU-heavy and these machines may have two cores.
 */
export const DEFAULT_JOBS = Math.min(2, availableParallelism());

/**
 * Maps `items` through `work` with at most `limit` running at once, keeping the input
 * order in the result. `work` must not reject: a failure is a value the caller returns.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/**
 * A turn-taker shared by work started from many places at once: each `inTurn(work)` waits
 * until fewer than `limit` are running, then runs `work`. For queues that no single list can
 * hold, such as every run a test file starts when it loads.
 */
export function turnTaker(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= limit) await new Promise<void>((start) => waiting.push(start));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next === undefined) running--;
      else next();
    }
  };
}

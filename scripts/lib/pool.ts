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

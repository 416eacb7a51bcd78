/**
 * Lets `n` macrotask turns pass. Anything else that is ready to run (another tool, the
 * loop's next phase, a queued listener) gets the chance to start meanwhile, so an
 * overlap that can happen does happen; no wall-clock time is involved.
 */
export async function yieldMacrotasks(n = 3): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A promise with its resolver exposed, for holding a listener until the scenario lets go. */
export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Runs `measure` on the first call only; every later call gets the same promise (or the same rejection). */
export function once<T>(measure: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= measure());
}

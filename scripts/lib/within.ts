/**
 * `work`, or a rejection with the message `why()` once `ms` have passed without it settling.
 * The bound's timer holds the event loop open meanwhile (a promise that waits on unref'd
 * handles alone would leave a test pending), and is cleared as soon as `work` settles.
 */
export async function within<T>(ms: number, work: Promise<T>, why: () => string): Promise<T> {
  let bound: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    bound = setTimeout(() => fail(new Error(why())), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(bound);
  }
}

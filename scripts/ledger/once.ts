import { noteListingsUsed, recordingListings } from "../port/through-port.ts";

/**
 * Runs `measure` on the first call only; every later call gets the same result (or the same
 * rejection). Every caller is told which listings the measurement used, so evidence can say
 * that a release's port was applied to them.
 */
export function once<T>(measure: () => Promise<T>): () => Promise<T> {
  let result: Promise<{ value: T; listings: Set<string> }> | undefined;
  return async () => {
    result ??= recordingListings(measure);
    const { value, listings } = await result;
    noteListingsUsed(listings);
    return value;
  };
}

/**
 * Starts a measurement made with {@link once} without waiting for it: a check's `start`. A
 * rejection is not lost: it reaches the check's `run`, which awaits the same measurement.
 */
export function begin(measurement: () => Promise<unknown>): void {
  measurement().catch(() => {});
}

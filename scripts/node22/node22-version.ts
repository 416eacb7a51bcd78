import { maxSatisfying } from "semver";

/** The oldest Node 22 that Pi declares it supports (`engines.node >= 22.19.0`). */
export const PI_NODE_FLOOR = "22.19.0";

/** The Node releases the suite runs under: a 22.x at or above Pi's floor. */
export const NODE22_RANGE = `>=${PI_NODE_FLOOR} <23`;

/** The newest 22.x release at or above Pi's floor among `served` (prereleases never), or undefined. */
export function newestNode22(served: readonly string[]): string | undefined {
  return maxSatisfying([...served], NODE22_RANGE) ?? undefined;
}

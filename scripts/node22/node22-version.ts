import { compareVersions } from "../matrix/versions.ts";

/** The oldest Node 22 that Pi declares it supports (`engines.node >= 22.19.0`). */
export const PI_NODE_FLOOR = "22.19.0";

/** The newest 22.x release at or above Pi's floor among `served`, or undefined. */
export function newestNode22(served: readonly string[]): string | undefined {
  return served
    .filter((v) => /^22\.\d+\.\d+$/.test(v) && compareVersions(v, PI_NODE_FLOOR) >= 0)
    .sort(compareVersions)
    .at(-1);
}

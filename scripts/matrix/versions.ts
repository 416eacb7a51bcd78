import { compare, satisfies, valid } from "semver";

/** Why a `--versions` value cannot be measured. */
export type VersionRequestProblem =
  | { kind: "malformed-versions"; value: string; message: string }
  | { kind: "not-served"; versions: string[]; message: string };

/** The releases the matrix measures: every 1.x, prereleases left out (semver's default for a range). */
const MEASURED_RANGE = "1.x";

/** Every 1.x release (no prereleases) among the versions the registry serves, oldest first. */
export function majorOneReleases(served: readonly string[]): string[] {
  return served.filter((v) => valid(v) === v && satisfies(v, MEASURED_RANGE)).sort(compare);
}

/**
 * The releases to measure: every served 1.x release, or exactly those `--versions` names
 * (comma-separated, each served by the registry), oldest first and without repeats.
 */
export function releasesToMeasure(
  served: readonly string[],
  requested: string | undefined,
): string[] | VersionRequestProblem {
  if (requested === undefined) return majorOneReleases(served);
  const names = requested.split(",").map((v) => v.trim());
  const malformed = names.filter((v) => valid(v) !== v);
  if (names.length === 0 || malformed.length > 0) {
    return {
      kind: "malformed-versions",
      value: requested,
      message: `--versions ${JSON.stringify(requested)} is not a comma-separated list of versions; write e.g. --versions 1.0.3,1.6.0`,
    };
  }
  const missing = names.filter((v) => !served.includes(v));
  if (missing.length > 0) {
    return {
      kind: "not-served",
      versions: missing,
      message: `the registry does not serve @earendil-works/pi-agent-core ${missing.join(", ")}; served 1.x releases: ${majorOneReleases(served).join(", ")}`,
    };
  }
  return [...new Set(names)].sort(compare);
}

/** The newest of `versions` by semver's precedence, or undefined for none. */
export function newestOf(versions: readonly string[]): string | undefined {
  return [...versions].sort(compare).at(-1);
}

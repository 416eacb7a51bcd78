/** Why a `--versions` value cannot be measured. */
export type VersionRequestProblem =
  | { kind: "malformed-versions"; value: string; message: string }
  | { kind: "not-served"; versions: string[]; message: string };

const RELEASE = /^\d+\.\d+\.\d+$/;
const PRERELEASE_OR_RELEASE = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** Orders `1.10.0` after `1.9.0`; a prerelease sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const [coreA, preA] = splitPrerelease(a);
  const [coreB, preB] = splitPrerelease(b);
  const pa = coreA.split(".").map(Number);
  const pb = coreB.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return preA < preB ? -1 : 1;
}

function splitPrerelease(version: string): [string, string | undefined] {
  const dash = version.indexOf("-");
  return dash < 0 ? [version, undefined] : [version.slice(0, dash), version.slice(dash + 1)];
}

/** Every 1.x release (no prereleases) among the versions the registry serves, oldest first. */
export function majorOneReleases(served: readonly string[]): string[] {
  return served.filter((v) => RELEASE.test(v) && v.startsWith("1.")).sort(compareVersions);
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
  const malformed = names.filter((v) => !PRERELEASE_OR_RELEASE.test(v));
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
  return [...new Set(names)].sort(compareVersions);
}

/** The newest of `versions` (by {@link compareVersions}), or undefined for none. */
export function newestOf(versions: readonly string[]): string | undefined {
  return [...versions].sort(compareVersions).at(-1);
}

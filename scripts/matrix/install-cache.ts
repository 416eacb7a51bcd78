import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_NAMES, type PackageKey } from "../toolchain/pin.ts";
import { writeFilesAtomically } from "../lib/atomic-write.ts";
import { runCommand } from "../lib/command.ts";
import { isRegistryProblem, npmErrorLine, type RegistryProblem } from "../lib/npm-registry.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** Installs of Pi releases, one folder per matrix column; gitignored, reused across runs. */
export const RELEASES_CACHE = join(PROJECT_ROOT, ".cache", "pi-releases");

/** What to install into one cache folder. */
export interface InstallSpec {
  /** The matrix column this install serves; also the cache folder's name. */
  key: string;
  /**
   * Dependencies that identify the install (name → exact version, or a range). An earlier
   * install is reused when its package.json had these.
   */
  dependencies: Record<string, string>;
  /**
   * Further dependencies to add when installing afresh, looked up only then (so a cached
   * run asks the registry nothing for this column).
   */
  additionalDependencies?: () => Promise<{ dependencies: Record<string, string> } | RegistryProblem>;
}

/** A complete install in the cache. */
export interface CachedInstall {
  key: string;
  /** The folder whose node_modules holds the install. */
  dir: string;
  /** The versions npm actually installed. */
  versions: Record<PackageKey, string>;
  /** True when an earlier run's install was reused. */
  reused: boolean;
}

/** Why a column has no install. */
export interface InstallFailure {
  kind: "install-failed";
  key: string;
  message: string;
}

/** Written last, so a folder without it is a half install and is never reused. */
const MARKER = ".install-complete.json";

interface Marker {
  dependencies: Record<string, string>;
  versions: Record<PackageKey, string>;
}

function includesDependencies(installed: Record<string, string>, wanted: Record<string, string>): boolean {
  return Object.entries(wanted).every(([name, range]) => installed[name] === range);
}

/** The install of `spec` from an earlier run, if that run finished it. */
export function readCompleteInstall(cacheRoot: string, spec: InstallSpec): CachedInstall | undefined {
  const dir = join(cacheRoot, spec.key);
  let marker: Marker;
  try {
    marker = JSON.parse(readFileSync(join(dir, MARKER), "utf8")) as Marker;
  } catch {
    return undefined;
  }
  if (!includesDependencies(marker.dependencies, spec.dependencies)) return undefined;
  return { key: spec.key, dir, versions: marker.versions, reused: true };
}

function installedVersion(dir: string, name: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")) as { version: string })
      .version;
  } catch {
    return undefined;
  }
}

/**
 * Returns the cached install of `spec`, installing it first when no complete one exists.
 * npm runs without lifecycle scripts and writes its lockfile into the cache folder.
 */
export async function ensureInstall(
  cacheRoot: string,
  spec: InstallSpec,
  options: { reuse: boolean } = { reuse: true },
): Promise<CachedInstall | InstallFailure> {
  if (options.reuse) {
    const cached = readCompleteInstall(cacheRoot, spec);
    if (cached !== undefined) return cached;
  }

  const dir = join(cacheRoot, spec.key);
  const fail = (message: string): InstallFailure => ({ kind: "install-failed", key: spec.key, message });
  const additional =
    spec.additionalDependencies === undefined ? { dependencies: {} } : await spec.additionalDependencies();
  if (isRegistryProblem(additional)) return fail(additional.message);
  const dependencies = { ...additional.dependencies, ...spec.dependencies };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const manifest = { name: `pi-release-${spec.key}`, private: true, dependencies };
  writeFileSync(join(dir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");

  let outcome;
  try {
    outcome = await runCommand(
      "npm",
      ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error", "--engine-strict=false"],
      { cwd: dir, timeoutMs: 600_000 },
    );
  } catch (error) {
    return fail(`cannot run npm: ${(error as Error).message}`);
  }
  if (outcome.timedOut) return fail("npm install timed out after 600 s");
  if (outcome.code !== 0) return fail(`npm install failed: ${npmErrorLine(outcome.stderr)}`);

  const versions = {} as Record<PackageKey, string>;
  for (const key of Object.keys(PACKAGE_NAMES) as PackageKey[]) {
    const version = installedVersion(dir, PACKAGE_NAMES[key]);
    if (version === undefined) return fail(`npm installed no ${PACKAGE_NAMES[key]} at the top of ${dir}/node_modules`);
    versions[key] = version;
  }
  const marker: Marker = { dependencies, versions };
  writeFilesAtomically({ [join(dir, MARKER)]: JSON.stringify(marker, null, 2) + "\n" });
  return { key: spec.key, dir, versions, reused: false };
}

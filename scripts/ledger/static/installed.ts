import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isInstallProblem, readInstalledPi, type InstalledPi } from "../../toolchain/pin.ts";

let cached: InstalledPi | undefined;

/**
 * The Pi install the static checks read: the packages the process's imports resolve to
 * (a resolution hook, as the release matrix uses, is honoured). The entry point has
 * already refused a missing or wrong install, so a problem here is a crash.
 */
export function installedPi(): InstalledPi {
  if (cached !== undefined) return cached;
  const found = readInstalledPi();
  if (isInstallProblem(found)) throw new Error(found.message);
  cached = found;
  return found;
}

/** The fields of a package.json the checks read. */
export interface PackageJson {
  name: string;
  version: string;
  description?: string;
  keywords?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** Reads `dir/package.json`. */
export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PackageJson;
}

/** "name version", the way evidence names an installed package. */
export function nameAndVersion(pkg: PackageJson): string {
  return `${pkg.name} ${pkg.version}`;
}

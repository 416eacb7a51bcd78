import { valid } from "semver";
import { locatePackage } from "./closure.ts";
import { readPackageJson, type PackageJson } from "./installed.ts";

/** One dependency a package declares, and what is installed for it. */
export interface DeclaredDependency {
  name: string;
  range: string;
  kind: "dependency" | "optional" | "peer";
  /** The installed package.json Node would load from the declaring package, if any. */
  installed: PackageJson | undefined;
}

/** Everything a package declares for run time, with what is installed for each. */
export function declaredRuntimeDependencies(packageDir: string): DeclaredDependency[] {
  const pkg = readPackageJson(packageDir);
  const sections = [
    ["dependency", pkg.dependencies],
    ["optional", pkg.optionalDependencies],
    ["peer", pkg.peerDependencies],
  ] as const;
  return sections.flatMap(([kind, deps]) =>
    Object.entries(deps ?? {}).map(([name, range]) => {
      const dir = locatePackage(packageDir, name);
      return { name, range, kind, installed: dir === undefined ? undefined : readPackageJson(dir) };
    }),
  );
}

/** Whether a declared range is one exact version (so the pin fixes it) or a range the lockfile resolves. */
export function isExactVersion(range: string): boolean {
  return valid(range) !== null;
}

/** "name range → installed" for evidence. */
export function describeDependency(dep: DeclaredDependency): string {
  const installed = dep.installed === undefined ? "not installed" : dep.installed.version;
  return isExactVersion(dep.range) ? `${dep.name} ${dep.range}` : `${dep.name} ${dep.range} → ${installed}`;
}

import { valid } from "semver";
import { locatePackage } from "./closure.ts";
import { readPackageJson, type PackageJson } from "./installed.ts";
import { runtimeEdges, type RuntimeEdge } from "./runtime-edges.ts";

/** One dependency a package declares, and what is installed for it. */
export interface DeclaredDependency extends RuntimeEdge {
  /** The installed package.json Node would load from the declaring package, if any. */
  installed: PackageJson | undefined;
}

/** Everything a package declares for run time, with what is installed for each. */
export function declaredRuntimeDependencies(packageDir: string): DeclaredDependency[] {
  return runtimeEdges(readPackageJson(packageDir)).map((edge) => {
    const dir = locatePackage(packageDir, edge.name);
    return { ...edge, installed: dir === undefined ? undefined : readPackageJson(dir) };
  });
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

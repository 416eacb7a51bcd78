import { existsSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { readPackageJson, type PackageJson } from "./installed.ts";
import { runtimeEdges, type DependencyKind } from "./runtime-edges.ts";
import { classifyUi, type UiVerdict } from "./ui-rule.ts";

export type { DependencyKind } from "./runtime-edges.ts";

/** One installed package in a runtime dependency closure. */
export interface ClosurePackage {
  name: string;
  version: string;
  /** Where it is installed, relative to the install root (never an absolute path). */
  location: string;
  /** The package that first led the walk here ("(root)" for the start). */
  via: string;
  ui: UiVerdict;
}

/** A declared dependency the walk could not find installed. */
export interface UnresolvedDependency {
  name: string;
  range: string;
  from: string;
  kind: DependencyKind;
  /** An optional dependency or optional peer may be absent; a required one breaks the closure. */
  required: boolean;
}

/** The transitive runtime closure of one package, read from the installed tree. */
export interface Closure {
  root: string;
  packages: ClosurePackage[];
  unresolved: UnresolvedDependency[];
}

/**
 * What counts as a runtime edge: `dependencies`, `optionalDependencies` and
 * `peerDependencies` (npm installs required peers; optional ones may be absent). Dev
 * dependencies never reach a consumer.
 */
export const CLOSURE_RULE =
  "runtime edges = dependencies + optionalDependencies + peerDependencies (optional ones may be absent); each located as Node does (node_modules/<name> in the depending package's folder, then each parent folder)";

/** How evidence lines name the closure rule; appendix A states it in full. */
export const CLOSURE_RULE_NAME = "closure rule of appendix A (dependencies, optional and peer, located as Node does)";

/** Node's package lookup: `node_modules/<name>` in `from`, then in each parent folder. */
export function locatePackage(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dir === dirname(dir)) return undefined;
  }
}

/** The folder holding the outermost node_modules above `dir`: locations are relative to it. */
function installRoot(dir: string): string {
  let root = dir;
  for (let d = dir; d !== dirname(d); d = dirname(d)) {
    if (basename(d) === "node_modules") root = dirname(d);
  }
  return root;
}

/** Walks the runtime dependency closure of the package installed at `rootDir`, breadth first. */
export function dependencyClosure(rootDir: string): Closure {
  const base = installRoot(rootDir);
  const rootPkg = readPackageJson(rootDir);
  const visited = new Map<string, ClosurePackage>();
  const unresolved: UnresolvedDependency[] = [];
  const queue: { dir: string; via: string }[] = [{ dir: rootDir, via: "(root)" }];
  while (queue.length > 0) {
    const { dir, via } = queue.shift()!;
    if (visited.has(dir)) continue;
    const pkg = readPackageJson(dir);
    visited.set(dir, {
      name: pkg.name,
      version: pkg.version,
      location: relative(base, dir),
      via,
      ui: classifyUi(pkg),
    });
    for (const edge of runtimeEdges(pkg)) {
      const found = locatePackage(dir, edge.name);
      if (found === undefined) {
        unresolved.push({
          name: edge.name,
          range: edge.range,
          from: pkg.name,
          kind: edge.kind,
          required: edge.required,
        });
      } else if (!visited.has(found)) {
        queue.push({ dir: found, via: pkg.name });
      }
    }
  }
  // Code-unit order, not locale order: the appendix must come out the same on every machine.
  const key = (p: ClosurePackage) => `${p.name}\u0000${p.location}`;
  const packages = [...visited.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return { root: `${rootPkg.name} ${rootPkg.version}`, packages, unresolved };
}

/** Required dependencies that are not installed: a closure that has none "closes". */
export function brokenEdges(closure: Closure): UnresolvedDependency[] {
  return closure.unresolved.filter((u) => u.required);
}

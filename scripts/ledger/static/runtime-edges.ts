import type { PackageJson } from "./installed.ts";

/** How a package depends on another. */
export type DependencyKind = "dependency" | "optional" | "peer";

/** One dependency a package.json declares for run time. */
export interface RuntimeEdge {
  name: string;
  range: string;
  kind: DependencyKind;
  /** An optional dependency or a peer marked optional in `peerDependenciesMeta` may be absent. */
  required: boolean;
}

/**
 * The one walk over a package.json's run-time sections, in the order npm documents them:
 * `dependencies`, `optionalDependencies`, `peerDependencies` (with `peerDependenciesMeta`).
 * Dev dependencies never reach a consumer.
 */
export function runtimeEdges(pkg: PackageJson): RuntimeEdge[] {
  const edges: RuntimeEdge[] = [];
  for (const [name, range] of Object.entries(pkg.dependencies ?? {})) {
    edges.push({ name, range, kind: "dependency", required: true });
  }
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    edges.push({ name, range, kind: "optional", required: false });
  }
  for (const [name, range] of Object.entries(pkg.peerDependencies ?? {})) {
    edges.push({ name, range, kind: "peer", required: pkg.peerDependenciesMeta?.[name]?.optional !== true });
  }
  return edges;
}

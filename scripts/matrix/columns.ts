import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_NAMES, PIN } from "../toolchain/pin.ts";
import {
  ensureInstall,
  readCompleteInstall,
  type CachedInstall,
  type InstallFailure,
  type InstallSpec,
} from "./install-cache.ts";
import { declaredDependencies, isRegistryProblem, versionsMatching } from "../lib/npm-registry.ts";
import { newestOf } from "./versions.ts";

/** One column of the matrix: a Pi install the same ledger runs against. */
export interface Column {
  /** The key of the column in `verdicts` and its cache folder. */
  key: string;
  /**
   * `release`: core and pi-ai pinned to one release, as this project pins them.
   * `unpinned`: a plain `npm i @earendil-works/pi-agent-core@<pin>`, pi-ai left to npm.
   */
  kind: "release" | "unpinned";
  /** The pi-agent-core version asked for. */
  core: string;
  spec: InstallSpec;
}

/**
 * Core and pi-ai at exactly `version`, and typebox at the version that core declares; a
 * release that no longer declares typebox gets the project's own typebox pin, since the
 * project keeps depending on it directly.
 */
export function releaseColumn(version: string): Column {
  return {
    key: version,
    kind: "release",
    core: version,
    spec: {
      key: version,
      dependencies: { [PACKAGE_NAMES.core]: version, [PACKAGE_NAMES.ai]: version },
      async additionalDependencies() {
        const declared = await declaredDependencies(PACKAGE_NAMES.core, version);
        if (isRegistryProblem(declared)) return declared;
        return { dependencies: { [PACKAGE_NAMES.typebox]: declared[PACKAGE_NAMES.typebox] ?? PIN.typebox } };
      },
    },
  };
}

/** The column key of what a plain `npm i @earendil-works/pi-agent-core@<core>` gives. */
export function unpinnedKey(core: string = PIN.core): string {
  return `unpinned-${core}`;
}

/** What a reader gets from `npm i @earendil-works/pi-agent-core@<core>` alone. */
export function unpinnedColumn(core: string = PIN.core): Column {
  const key = unpinnedKey(core);
  return { key, kind: "unpinned", core, spec: { key, dependencies: { [PACKAGE_NAMES.core]: core } } };
}

/** The pi-ai range the core installed in `install` declares. */
function declaredAiRange(install: CachedInstall): string | undefined {
  const manifest = join(install.dir, "node_modules", PACKAGE_NAMES.core, "package.json");
  const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { dependencies?: Record<string, string> };
  return pkg.dependencies?.[PACKAGE_NAMES.ai];
}

/** A note for the progress line when a cached install could not be confirmed current. */
export type FreshnessNote = string | undefined;

/**
 * Installs a column, reusing the cache. A release's install never changes, so it is reused
 * as is. The unpinned column is what npm resolves *today*: its cache is reused only while
 * the newest pi-ai its core accepts is still the one installed.
 */
export async function ensureColumnInstall(
  cacheRoot: string,
  column: Column,
): Promise<{ install: CachedInstall | InstallFailure; note: FreshnessNote }> {
  if (column.kind === "release") return { install: await ensureInstall(cacheRoot, column.spec), note: undefined };
  const cached = readCompleteInstall(cacheRoot, column.spec);
  if (cached === undefined) return { install: await ensureInstall(cacheRoot, column.spec), note: undefined };
  const range = declaredAiRange(cached);
  const matching = range === undefined ? [] : await versionsMatching(PACKAGE_NAMES.ai, range);
  if (isRegistryProblem(matching)) {
    return {
      install: cached,
      note: `kept the cached pi-ai ${cached.versions.ai}; could not ask the registry for newer (${matching.message})`,
    };
  }
  const newest = newestOf(matching);
  if (newest === undefined || newest === cached.versions.ai) return { install: cached, note: undefined };
  return {
    install: await ensureInstall(cacheRoot, column.spec, { reuse: false }),
    note: `pi-ai ${newest} replaces the cached ${cached.versions.ai}`,
  };
}

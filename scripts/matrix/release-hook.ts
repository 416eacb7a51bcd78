import type { ResolveHook } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PACKAGE_NAMES } from "../toolchain/pin.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { CHAPTER_FOLDERS } from "../lib/layout.ts";
import { PORT_ENV, PRINTED_AS_IS, portNamed } from "../port/ports.ts";
import type { Port } from "../port/transform.ts";

/** Names the folder whose node_modules holds the release a child process measures. */
export const RELEASE_DIR_ENV = "PI_COMPANION_RELEASE_DIR";

const REDIRECTED_PACKAGES: readonly string[] = Object.values(PACKAGE_NAMES);

function packageNameOf(specifier: string): string | undefined {
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return name !== undefined && REDIRECTED_PACKAGES.includes(name) ? name : undefined;
}

/**
 * Where `specifier`, imported by `parentURL`, should be resolved from so that it finds the
 * release installed in `releaseDir`: a URL inside that folder, or undefined to resolve as
 * usual. Only Pi's packages and typebox (with any subpath) imported by the project's own
 * files move; an import from inside any node_modules keeps its normal resolution, so the
 * release's packages find their own dependencies and the project's tools stay untouched.
 */
export function releaseParentURL(
  specifier: string,
  parentURL: string | undefined,
  releaseDir: string,
): string | undefined {
  if (packageNameOf(specifier) === undefined) return undefined;
  if (parentURL === undefined || !parentURL.startsWith("file:")) return undefined;
  if (parentURL.includes("/node_modules/")) return undefined;
  return pathToFileURL(`${releaseDir}/package.json`).href;
}

const CHAPTERS = CHAPTER_FOLDERS.map((folder) => pathToFileURL(join(PROJECT_ROOT, folder)).href + "/");
const AS_PRINTED = new Set(PRINTED_AS_IS.map((file) => pathToFileURL(join(PROJECT_ROOT, file)).href));

/**
 * The port's adapter module when `specifier` is the module `port` replaces and the importer
 * is one of the chapters' modules (not a listing kept as printed; not examples/support,
 * which reads where Pi is installed); else undefined.
 * The adapter itself lives in scripts/, so its own import of the module reaches the release.
 */
export function portedURL(
  specifier: string,
  parentURL: string | undefined,
  port: Port | undefined,
): string | undefined {
  if (port === undefined || specifier !== port.from || parentURL === undefined) return undefined;
  if (
    !CHAPTERS.some((folder) => parentURL.startsWith(folder)) ||
    parentURL.includes("/node_modules/") ||
    AS_PRINTED.has(parentURL)
  )
    return undefined;
  return pathToFileURL(join(PROJECT_ROOT, "scripts", "port", port.adapter)).href;
}

/**
 * Node's resolve hook: serves the port named in the environment (if any), and applies
 * {@link releaseParentURL} with the folder named there.
 */
export const resolve: ResolveHook = (specifier, context, nextResolve) => {
  const adapter = portedURL(specifier, context.parentURL, portNamed(process.env[PORT_ENV]));
  if (adapter !== undefined) return nextResolve(adapter, context);
  const releaseDir = process.env[RELEASE_DIR_ENV];
  const parentURL = releaseDir === undefined ? undefined : releaseParentURL(specifier, context.parentURL, releaseDir);
  return parentURL === undefined ? nextResolve(specifier, context) : nextResolve(specifier, { ...context, parentURL });
};

import type { ResolveHook } from "node:module";
import { pathToFileURL } from "node:url";
import { PACKAGE_NAMES } from "../../examples/support/pin.ts";

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
export function releaseParentURL(specifier: string, parentURL: string | undefined, releaseDir: string): string | undefined {
  if (packageNameOf(specifier) === undefined) return undefined;
  if (parentURL === undefined || !parentURL.startsWith("file:")) return undefined;
  if (parentURL.includes("/node_modules/")) return undefined;
  return pathToFileURL(`${releaseDir}/package.json`).href;
}

/** Node's resolve hook: applies {@link releaseParentURL} with the folder named in the environment. */
export const resolve: ResolveHook = (specifier, context, nextResolve) => {
  const releaseDir = process.env[RELEASE_DIR_ENV];
  const parentURL = releaseDir === undefined ? undefined : releaseParentURL(specifier, context.parentURL, releaseDir);
  return parentURL === undefined ? nextResolve(specifier, context) : nextResolve(specifier, { ...context, parentURL });
};

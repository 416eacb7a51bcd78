import type { ResolveHook } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { substitutions } from "../../examples/support/listing-source.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

// Read once, when the hook's thread starts: the folder is fixed for the process's life.
const redirects = new Map([...substitutions()].map(([ours, theirs]) => [pathToFileURL(ours).href, pathToFileURL(theirs).href]));
const readerFiles = new Set(redirects.values());
const PROJECT_PACKAGE = pathToFileURL(join(PROJECT_ROOT, "package.json")).href;

const isBare = (specifier: string) => !/^(\.|\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);

/**
 * Node's resolve hook for a reader's listings (examples/support/listing-source.ts): any
 * import of our listing file loads the reader's, as an ES module; a package the reader's
 * file imports resolves from the project, wherever the reader's folder is, so it finds the
 * pinned Pi.
 */
export const resolve: ResolveHook = async (specifier, context, nextResolve) => {
  if (context.parentURL !== undefined && readerFiles.has(context.parentURL) && isBare(specifier)) {
    return nextResolve(specifier, { ...context, parentURL: PROJECT_PACKAGE });
  }
  const resolved = await nextResolve(specifier, context);
  const theirs = redirects.get(resolved.url);
  return theirs === undefined ? resolved : { ...resolved, url: theirs, format: "module", shortCircuit: true };
};

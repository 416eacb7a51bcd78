import type { InitializeHook, ResolveHook } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { substitutions } from "../toolchain/listing-source.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** What the hook serves: our listing files' URLs to the reader's, and reader files loaded by their own URL. */
export interface ListingsHookData {
  /** [our file's URL, the reader's file's URL]: every import of ours loads the reader's. */
  redirects: [string, string][];
  /** Reader files imported directly (the fuzzer's `--against`), beside ours. */
  readerFiles: string[];
  /** The reader's folders (URLs ending in `/`): a file of their own beside a listing (`./defaults.ts`) is theirs too. */
  readerDirs?: string[];
}

/** The folder URL of a file URL, ending in `/`. */
export const folderOf = (url: string): string => url.slice(0, url.lastIndexOf("/") + 1);

/** The data for a process started with LISTINGS_ENV: every listing the reader's folder holds replaces ours. */
export function dataFromEnvironment(): ListingsHookData {
  const redirects = [...substitutions()].map(([ours, theirs]): [string, string] => [
    pathToFileURL(ours).href,
    pathToFileURL(theirs).href,
  ]);
  const readerFiles = redirects.map(([, theirs]) => theirs);
  return { redirects, readerFiles, readerDirs: [...new Set(readerFiles.map(folderOf))] };
}

let redirects = new Map<string, string>();
let readerFiles = new Set<string>();
let readerDirs: string[] = [];
const isReaders = (url: string) => readerFiles.has(url) || readerDirs.some((dir) => url.startsWith(dir));
const PROJECT_PACKAGE = pathToFileURL(join(PROJECT_ROOT, "package.json")).href;

export const initialize: InitializeHook<ListingsHookData> = (data) => {
  redirects = new Map(data.redirects);
  readerFiles = new Set([...data.readerFiles, ...redirects.values()]);
  readerDirs = data.readerDirs ?? [];
};

const isBare = (specifier: string) => !/^(\.|\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);

/**
 * Node's resolve hook for a reader's listings (scripts/toolchain/listing-source.ts): an
 * import of our listing file loads the reader's; a reader's file is an ES module wherever
 * it lies, and a package it imports resolves from the project, so it finds the pinned Pi.
 */
export const resolve: ResolveHook = async (specifier, context, nextResolve) => {
  if (context.parentURL !== undefined && isReaders(context.parentURL) && isBare(specifier)) {
    return nextResolve(specifier, { ...context, parentURL: PROJECT_PACKAGE });
  }
  const resolved = await nextResolve(specifier, context);
  const url = redirects.get(resolved.url) ?? resolved.url;
  return isReaders(url) ? { ...resolved, url, format: "module", shortCircuit: true } : resolved;
};

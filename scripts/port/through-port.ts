import { AsyncLocalStorage } from "node:async_hooks";
import { fileURLToPath } from "node:url";
import type ts from "typescript";
import { moduleReaches } from "../lib/reaches.ts";
import { typescript } from "../toolchain/typescript.ts";
import { PORT_ENV, portNamed, portNote } from "./ports.ts";
import { portEdits, type Port } from "./transform.ts";

/** The listings (file URLs) a check has run so far. */
const used = new AsyncLocalStorage<Set<string>>();

/** Notes that the running check uses the listing at `url` (load-listing.ts calls it on every use). */
export function noteListingUsed(url: string): void {
  used.getStore()?.add(url);
}

/** Notes that the running check uses every listing in `urls` (a shared measurement another check ran first). */
export function noteListingsUsed(urls: Iterable<string>): void {
  const store = used.getStore();
  if (store !== undefined) for (const url of urls) store.add(url);
}

/** Runs `work`, adding to `listings` every listing it uses. */
export function recordingListingsIn<T>(listings: Set<string>, work: () => Promise<T>): Promise<T> {
  return used.run(listings, work);
}

/**
 * Runs `work` and returns, with its result, the listings it used. A recording inside another
 * (a check's, inside the runner's) reports them to the outer one too.
 */
export async function recordingListings<T>(work: () => Promise<T>): Promise<{ value: T; listings: Set<string> }> {
  const listings = new Set<string>();
  try {
    const value = await recordingListingsIn(listings, work);
    return { value, listings };
  } finally {
    noteListingsUsed(listings);
  }
}

/** The port this process applies to the book's modules (the matrix and `--pi` set it), if any. */
export function activePort(env: NodeJS.ProcessEnv = process.env): Port | undefined {
  return portNamed(env[PORT_ENV]);
}

const portedFiles = new Map<string, boolean>();

/**
 * Whether the module at `file`, or a module it imports through relative paths, imports a
 * name that `port` moves: only then does the port change what runs.
 */
export function graphUsesPort(file: string, port: Port): boolean {
  return moduleReaches(
    file,
    (at, text) => ({
      hit: portEdits(text, port, at).length > 0,
      relatives: typescript
        .preProcessFile(text, true, false)
        .importedFiles.map((f) => f.fileName)
        .filter((s) => s.startsWith(".")),
    }),
    portedFiles,
  );
}

/**
 * The evidence of a check measured through the port: "…; measured with the 1.5 port: Type
 * and TSchema from typebox, Static from @earendil-works/pi-schema". Evidence is unchanged
 * when no port is active or no listing the check ran goes through it.
 */
export function withPortNote(
  evidence: string,
  listings: Iterable<string>,
  port: Port | undefined = activePort(),
): string {
  if (port === undefined) return evidence;
  const through = [...listings].some((url) => graphUsesPort(fileURLToPath(url), port));
  return through ? `${evidence}${portNote(port)}` : evidence;
}

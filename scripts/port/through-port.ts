import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type ts from "typescript";
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

/** Runs `work` and returns, with its result, the listings it used. */
export async function recordingListings<T>(work: () => Promise<T>): Promise<{ value: T; listings: Set<string> }> {
  const listings = new Set<string>();
  const value = await used.run(listings, work);
  return { value, listings };
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
export function graphUsesPort(file: string, port: Port, seen = new Set<string>()): boolean {
  const cached = portedFiles.get(file);
  if (cached !== undefined) return cached;
  if (seen.has(file)) return false;
  seen.add(file);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return false;
  }
  const imports = typescript.preProcessFile(text, true, false).importedFiles.map((f) => f.fileName);
  const uses =
    portEdits(text, port, file).length > 0 ||
    imports.filter((s) => s.startsWith(".")).some((s) => graphUsesPort(resolve(dirname(file), s), port, seen));
  portedFiles.set(file, uses);
  return uses;
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

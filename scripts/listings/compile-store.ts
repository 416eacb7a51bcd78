// The strict type-check of a reader's listings, kept across processes. Each `npm run listings`
// and `npm run fuzz -- --against` builds a TypeScript program over some 1,050 declaration files
// (11 s of CPU at load 8) for an answer that is a pure function of what TypeScript read and asked
// the file system; a suite runs these commands on the same folder again and again (under every
// runner of whoever-reads.test.ts). So the answer (the diagnostics, and the book's exports
// found missing) is kept under .cache/listings-compile/ with every question the program's host
// asked and its answer, and reused only when each question, asked again, gets the same answer,
// with the same TypeScript, options, Pi and reader's files (answer-store.ts).
// PI_COMPANION_LISTINGS_CACHE=off compiles every time; a path keeps the answers there.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { keptCompile, sha256 } from "../toolchain/answer-store.ts";
import { moduleCodeHashes } from "../toolchain/code-hashes.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { compilerOptionsFor } from "../toolchain/compile.ts";
import { LISTING_NAMES, listingSources, substitutions, type ListingName } from "../toolchain/listing-source.ts";
import type { InstalledPi } from "../toolchain/pin.ts";
import { typescript } from "../toolchain/typescript.ts";
import { compileReaderListings } from "./check-listings.ts";

const require = createRequire(import.meta.url);

type Compiled = ReturnType<typeof compileReaderListings>;

/** Where the answers are kept: .cache/listings-compile/, or PI_COMPANION_LISTINGS_CACHE's folder; none when that is `off`. */
export function listingsCacheDir(): string | undefined {
  const chosen = process.env.PI_COMPANION_LISTINGS_CACHE;
  if (chosen === "off") return undefined;
  return chosen !== undefined && chosen !== "" ? chosen : join(PROJECT_ROOT, ".cache", "listings-compile");
}

/** What an answer depends on besides the probes: the reader's files, the options, TypeScript, Pi, which listings, our code. */
function keyOf(install: InstalledPi, names: readonly ListingName[]): string {
  return sha256(
    JSON.stringify([
      moduleCodeHashes(fileURLToPath(import.meta.url)),
      PROJECT_ROOT,
      process.cwd(),
      process.platform,
      require.resolve("typescript/package.json"),
      typescript.version,
      compilerOptionsFor(install.dirs),
      install,
      [...substitutions()],
      // The listings compiled: those named that the reader's folder holds (fuzz --against names one,
      // npm run listings both), so that the two commands share an answer for a folder of one listing.
      listingSources()
        .filter((s) => s.reader && names.includes(s.name))
        .map((s) => s.name),
    ]),
  );
}

/**
 * {@link compileReaderListings}, answered from the store when every question its program
 * asked gets the same answer; otherwise compiled, and kept. A process that has made a
 * program already compiles without the store (its questions went unrecorded).
 */
export function compileReaderListingsKept(
  install: InstalledPi,
  names: readonly ListingName[] = LISTING_NAMES,
): Compiled {
  const dir = listingsCacheDir();
  if (dir === undefined) return compileReaderListings(install, names);
  return keptCompile(dir, keyOf(install, names), () => compileReaderListings(install, names));
}

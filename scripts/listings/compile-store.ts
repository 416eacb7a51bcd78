// The strict type-check of a reader's listings, kept across processes. Each `npm run listings`
// and `npm run fuzz -- --against` builds a TypeScript program over some 1,050 declaration files
// (11 s of CPU at load 8) for an answer that is a pure function of what TypeScript read and asked
// the file system; a suite runs these commands on the same folder again and again (under every
// runner of whoever-reads.test.ts). So the answer (the diagnostics, and the book's exports
// found missing) is kept under .cache/listings-compile/ with every question the program's host
// asked and its answer, and reused only when each question, asked again, gets the same answer,
// with the same TypeScript, options, Pi and reader's files (answer-store.ts).
// PI_COMPANION_LISTINGS_CACHE=off compiles every time; a path keeps the answers there.
// TypeScript 7 answers first where it can (native-check.ts); its answers are kept by
// examples/support/native-answers.ts.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { keptCompile } from "../toolchain/answer-store.ts";
import { compileKey } from "../toolchain/compile-kept.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { LISTING_NAMES, listingSources, type ListingName } from "../toolchain/listing-source.ts";
import type { InstalledPi } from "../toolchain/pin.ts";
import { compileReaderListings, listingsProblemOf } from "./check-listings.ts";
import { compileNatively } from "./native-check.ts";
import { nativeTypeScript } from "../../examples/support/compile-strictly.ts";
import { typescript } from "../toolchain/typescript.ts";

type Compiled = ReturnType<typeof compileReaderListings>;

/** Where the answers are kept: .cache/listings-compile/, or PI_COMPANION_LISTINGS_CACHE's folder; none when that is `off`. */
export function listingsCacheDir(): string | undefined {
  const chosen = process.env.PI_COMPANION_LISTINGS_CACHE;
  if (chosen === "off") return undefined;
  return chosen !== undefined && chosen !== "" ? chosen : join(PROJECT_ROOT, ".cache", "listings-compile");
}

/** What an answer depends on besides the probes: compile-kept.ts's key, with the working folder, Pi's versions and which listings. */
function keyOf(install: InstalledPi, names: readonly ListingName[]): string {
  return compileKey(
    fileURLToPath(import.meta.url),
    install.dirs,
    process.cwd(),
    install,
    // The listings compiled: those named that the reader's folder holds (fuzz --against names one,
    // npm run listings both), so that the two commands share an answer for a folder of one listing.
    listingSources()
      .filter((s) => s.reader && names.includes(s.name))
      .map((s) => s.name),
  );
}

/**
 * The reader's listings type-checked strictly against the pin: by TypeScript 7 where its copy
 * of the reader's folder is the same program (native-check.ts); otherwise by
 * {@link compileReaderListings}, answered from the store when every question its program
 * asked gets the same answer, or compiled and kept. `checkedBy` names the compiler that answered. A process that has made a program already
 * compiles without the store (its questions went unrecorded).
 */
export async function compileReaderListingsKept(
  install: InstalledPi,
  names: readonly ListingName[] = LISTING_NAMES,
): Promise<Compiled & { checkedBy: string }> {
  const native = await compileNatively(install, names);
  if (native !== undefined)
    return {
      diagnostics: native.diagnostics,
      problem: listingsProblemOf(native.diagnostics, native.missing),
      checkedBy: `TypeScript ${nativeTypeScript().version}`,
    };
  const dir = listingsCacheDir();
  const compiled =
    dir === undefined
      ? compileReaderListings(install, names)
      : keptCompile(dir, keyOf(install, names), () => compileReaderListings(install, names));
  return { ...compiled, checkedBy: `TypeScript ${typescript.version}` };
}

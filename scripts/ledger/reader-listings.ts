import { listingSources, projectPath, type ListingName } from "../toolchain/listing-source.ts";
import { onCompile } from "../toolchain/compile.ts";
import type { InstalledPi } from "../toolchain/pin.ts";
import { pathToFileURL } from "node:url";
import { checkShapes, compileReaderListings } from "../listings/check-listings.ts";
import { noteListingsUsed } from "../port/through-port.ts";

/**
 * `--listings DIR`, in the process the listings hook serves: the reader's files compiled
 * strictly (each diagnostic at file:line) and tried for the book's exports and shapes, one
 * line each on `err` and "refused" when they cannot stand in for ours; otherwise the file
 * each listing runs from, as the JSON's `listings` names it.
 */
export async function readerListingsRun(
  install: InstalledPi,
  err: (text: string) => void,
): Promise<Record<ListingName, string> | "refused"> {
  const compiled = compileReaderListings(install);
  const problem = compiled.problem ?? (await checkShapes());
  if (problem !== undefined) {
    for (const line of problem.lines) err(`pi-book-companion: --listings ${line}\n`);
    return "refused";
  }
  // A check that type-checks a file records it as used, as loading one does, for the evidence's note.
  onCompile((files) => noteListingsUsed(files.map((file) => pathToFileURL(file).href)));
  return Object.fromEntries(listingSources().map((s) => [s.name, projectPath(s.file)])) as Record<ListingName, string>;
}

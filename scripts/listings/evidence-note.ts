import { fileURLToPath } from "node:url";
import {
  LISTING_NAMES,
  listingSources,
  projectPath,
  readerListingsDir,
  type ListingName,
} from "../toolchain/listing-source.ts";
import { listingsReachedBy } from "./reaches.ts";

/** The listings an evidence text names by file (`research-agent.ts`, `step.ts`, not `research-step.ts`). */
function listingsNamedIn(evidence: string): ListingName[] {
  return LISTING_NAMES.filter((name) => new RegExp(`(?<![\\w-])${name}\\.ts`).test(evidence));
}

/**
 * The evidence of a check run with a reader's listings (`--listings DIR`), saying whose code
 * it ran: "…; code run: DIR/step.ts (the reader's)". `used` are the modules (file URLs) the
 * check loaded or type-checked; a check whose modules reach no listing, and whose evidence
 * names none, is unchanged, and so is every check of a run without a reader's folder.
 */
export function withListingsNote(
  evidence: string,
  used: Iterable<string>,
  dir: string | undefined = readerListingsDir(),
): string {
  if (dir === undefined) return evidence;
  const reached = new Set<ListingName>();
  for (const url of used) for (const name of listingsReachedBy(fileURLToPath(url))) reached.add(name);
  // A check that type-checks a listing may take the answer another check's compile cached.
  for (const name of listingsNamedIn(evidence)) reached.add(name);
  const sources = listingSources(dir).filter((s) => reached.has(s.name));
  if (sources.length === 0) return evidence;
  return `${evidence}; code run: ${sources.map((s) => `${projectPath(s.file)} (${s.reader ? "the reader's" : "the companion's"})`).join(", ")}`;
}

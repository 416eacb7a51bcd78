import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { typescript } from "../toolchain/typescript.ts";
import { LISTINGS, LISTING_NAMES, type ListingName } from "../toolchain/listing-source.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

const LISTING_FILES = new Map(LISTING_NAMES.map((name) => [join(PROJECT_ROOT, LISTINGS[name]), name]));
const reached = new Map<string, ReadonlySet<ListingName>>();

/** The files `file` imports through relative paths, absolute. */
function relativeImports(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  return typescript
    .preProcessFile(text, true, false)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith("."))
    .map((s) => resolve(dirname(file), s));
}

/** The book's listings that the module at `file` (absolute) loads, itself or through its relative imports. */
export function listingsReachedBy(file: string): ReadonlySet<ListingName> {
  const known = reached.get(file);
  if (known !== undefined) return known;
  const found = new Set<ListingName>();
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const name = LISTING_FILES.get(next);
    if (name !== undefined) found.add(name);
    queue.push(...relativeImports(next));
  }
  reached.set(file, found);
  return found;
}

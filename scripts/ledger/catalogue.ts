import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PROJECT_ROOT } from "../../examples/support/compile.ts";

export { PROJECT_ROOT };

/** The project's own copy of the catalogue; the ledger reads this one. */
export const CATALOGUE_PATH = join(PROJECT_ROOT, "chapters", "claims.tsv");

/** The book's catalogue, shipped beside the project; the copy must equal it. */
export const BOOK_CATALOGUE_PATH = resolve(PROJECT_ROOT, "..", "shared", "book", "claims.tsv");

/** One row of claims.tsv. */
export interface Claim {
  id: string;
  label: string;
  source: string;
  claim: string;
}

const COLUMNS = ["id", "label", "source", "claim"] as const;

/** Parses claims.tsv text; a malformed row is a thrown error naming its line. */
export function parseCatalogue(text: string): Claim[] {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const header = lines.shift()?.split("\t");
  if (header === undefined || COLUMNS.some((name, i) => header[i] !== name)) {
    throw new Error(`claims.tsv: the header must be ${COLUMNS.join("<tab>")}`);
  }
  const seen = new Set<string>();
  return lines.map((line, i) => {
    const [id, label, source, claim] = line.split("\t");
    if (id === undefined || label === undefined || source === undefined || claim === undefined) {
      throw new Error(`claims.tsv line ${i + 2}: expected 4 tab-separated columns`);
    }
    if (seen.has(id)) throw new Error(`claims.tsv line ${i + 2}: duplicate id ${id}`);
    seen.add(id);
    return { id, label, source, claim };
  });
}

/** The project's catalogue, in file order. */
export function readCatalogue(path: string = CATALOGUE_PATH): Claim[] {
  return parseCatalogue(readFileSync(path, "utf8"));
}

/** The chapter a claim belongs to, for grouping: the id's first segment (ch37, ch38, recipe, meta). */
export function chapterOf(id: string): string {
  return id.split(".")[0] ?? id;
}

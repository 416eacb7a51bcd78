import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** The project's own copy of the catalogue; the ledger reads this one. */
export const CATALOGUE_PATH = join(PROJECT_ROOT, "chapters", "claims.tsv");

/** The companion's own findings: measured facts the book never states, label `found`. */
export const FINDINGS_PATH = join(PROJECT_ROOT, "chapters", "findings.tsv");

/** The label of every row of findings.tsv. */
export const FINDING_LABEL = "found";

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

/** Which catalogue an id comes from: the book's claims, or the companion's findings. */
export type CatalogueName = "book" | "findings";

/** Parses claims.tsv (or findings.tsv) text; a malformed row is a thrown error naming the file and line. */
export function parseCatalogue(text: string, file = "claims.tsv"): Claim[] {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const header = lines.shift()?.split("\t");
  if (header === undefined || COLUMNS.some((name, i) => header[i] !== name)) {
    throw new Error(`${file}: the header must be ${COLUMNS.join("<tab>")}`);
  }
  const seen = new Set<string>();
  return lines.map((line, i) => {
    const [id, label, source, claim] = line.split("\t");
    if (id === undefined || label === undefined || source === undefined || claim === undefined) {
      throw new Error(`${file} line ${i + 2}: expected 4 tab-separated columns`);
    }
    if (seen.has(id)) throw new Error(`${file} line ${i + 2}: duplicate id ${id}`);
    seen.add(id);
    return { id, label, source, claim };
  });
}

/** The project's catalogue, in file order. */
export function readCatalogue(path: string = CATALOGUE_PATH): Claim[] {
  return parseCatalogue(readFileSync(path, "utf8"));
}

/** The companion's findings, in file order; a row whose label is not `found` is a thrown error. */
export function readFindings(path: string = FINDINGS_PATH): Claim[] {
  const findings = parseCatalogue(readFileSync(path, "utf8"), "findings.tsv");
  const mislabelled = findings.find((f) => f.label !== FINDING_LABEL);
  if (mislabelled !== undefined) {
    throw new Error(
      `findings.tsv: ${mislabelled.id} is labelled ${mislabelled.label}; every finding is labelled ${FINDING_LABEL}`,
    );
  }
  return findings;
}

/** A claim tagged with the catalogue it comes from. */
export interface CatalogueRow {
  catalogue: CatalogueName;
  claim: Claim;
}

/** Both catalogues, book first, each row tagged with where it comes from; an id in both is a thrown error. */
export function readAllClaims(bookPath: string = CATALOGUE_PATH, findingsPath: string = FINDINGS_PATH): CatalogueRow[] {
  const book = readCatalogue(bookPath).map((claim) => ({ catalogue: "book" as const, claim }));
  const findings = readFindings(findingsPath).map((claim) => ({ catalogue: "findings" as const, claim }));
  const bookIds = new Set(book.map((b) => b.claim.id));
  const twice = findings.find((f) => bookIds.has(f.claim.id));
  if (twice !== undefined)
    throw new Error(`${twice.claim.id} is in both chapters/claims.tsv and chapters/findings.tsv`);
  return [...book, ...findings];
}

/** The chapter a claim belongs to, for grouping: the id's first segment (ch37, ch38, recipe, meta). */
export function chapterOf(id: string): string {
  return id.split(".")[0] ?? id;
}

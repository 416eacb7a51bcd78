// Reader's folders that `npm run listings` (and `npm run fuzz -- --against`, which shares its
// check) must refuse, each for one reason, made from the book's transcription. Both commands'
// tests use these same folders, at names fixed for this checkout (fixed-temp-dir.ts): the
// type-check each needs is then made once between the two test files and kept
// (compile-store.ts), not once in each. Three fresh type-checks in a fresh clone cost about
// 20 s of CPU (8.1 CPU-s each cold, 1.6 from the store, at idle).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixedTempDir } from "../lib/fixed-temp-dir.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

const BOOK = join(PROJECT_ROOT, "scripts", "listings", "fixtures", "book");

/** A folder holding one listing that cannot stand in for the book's. */
export interface RefusedFolder {
  dir: string;
  /** The listing in it. */
  file: string;
}

/** The refused folders, by what is wrong with them. */
export interface RefusedFolders {
  /** A type error: `new RangeError(maxTurns)` passes a number. */
  broken: RefusedFolder;
  /** `StepFailure` is not exported. */
  noExport: RefusedFolder;
  /** StepFailed's arguments swapped in the constructor and every call: it compiles, and is not the book's. */
  swapped: RefusedFolder;
  /** The lookup's hits at the top of its answer, not under details: a caller reading details.hits finds none. */
  otherAnswer: RefusedFolder;
  /** Removes every folder. */
  remove(): void;
}

type Listing = "step.ts" | "research-agent.ts";

/** Each refused folder's listing and its text: the book's transcription with one edit. */
export function refusedListings(): Record<Exclude<keyof RefusedFolders, "remove">, { listing: Listing; text: string }> {
  const step = readFileSync(join(BOOK, "step.ts"), "utf8");
  const researchAgent = readFileSync(join(BOOK, "research-agent.ts"), "utf8");
  const listings = {
    broken: {
      listing: "step.ts" as const,
      text: step.replace(
        'throw new RangeError("maxTurns must be a positive integer");',
        "throw new RangeError(maxTurns);",
      ),
    },
    noExport: { listing: "step.ts" as const, text: step.replace("export type StepFailure =", "type StepFailure =") },
    swapped: {
      listing: "step.ts" as const,
      text: step
        .replace("constructor(message: string, kind: StepFailure)", "constructor(kind: StepFailure, message: string)")
        .replace(/new StepFailed\(([^;]+), ("[a-z-]+")\);/g, "new StepFailed($2, $1);"),
    },
    otherAnswer: {
      listing: "research-agent.ts" as const,
      text: researchAgent.replace(
        "details: { query: params.query, hits: shown.map(([id]) => id) },",
        "hits: shown.map(([id]) => id), details: { query: params.query },",
      ),
    },
  };
  for (const [name, { listing, text }] of Object.entries(listings))
    if (text === (listing === "step.ts" ? step : researchAgent))
      throw new Error(
        `${name}: the book's transcription changed, and the edit that makes this folder refused no longer applies`,
      );
  return listings;
}

const FOLDER_NAMES = { broken: "broken", noExport: "no-export", swapped: "swapped", otherAnswer: "other-answer" };

/** Writes the refused folders afresh (the same files at the same names on every run). */
export function writeRefusedFolders(): RefusedFolders {
  const folders = Object.fromEntries(
    Object.entries(refusedListings()).map(([key, { listing, text }]) => {
      const dir = fixedTempDir(`listings-refused-${FOLDER_NAMES[key as keyof typeof FOLDER_NAMES]}`);
      writeFileSync(join(dir, listing), text);
      return [key, { dir, file: join(dir, listing) }];
    }),
  ) as Record<keyof typeof FOLDER_NAMES, RefusedFolder>;
  return {
    ...folders,
    remove: () => {
      for (const { dir } of Object.values(folders)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

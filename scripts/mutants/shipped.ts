import { readdirSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** Where the shipped patch specs live, one JSON object per file. */
export const PATCHES_DIR = join(PROJECT_ROOT, "scripts", "mutants", "patches");

/**
 * Further targeted patches, kept out of the default set: behavioural ones whose claims a
 * default patch also declares, and the static claims' patches, which no full run has
 * measured yet (appendix D lists them). `npm run mutants -- --patch FILE` runs one.
 */
export const EXTRA_PATCHES_DIR = join(PROJECT_ROOT, "scripts", "mutants", "extra-patches");

function specFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => join(dir, name));
}

/** The shipped specs that a run without --patch uses, in file-name order. */
export function shippedSpecFiles(): string[] {
  return specFiles(PATCHES_DIR);
}

/** The extra specs, in file-name order. */
export function extraSpecFiles(): string[] {
  return specFiles(EXTRA_PATCHES_DIR);
}

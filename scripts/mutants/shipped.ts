import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../matrix/paths.ts";

/** Where the shipped patch specs live, one JSON object per file. */
export const PATCHES_DIR = join(ROOT, "scripts", "mutants", "patches");

/** The shipped specs, in file-name order. */
export function shippedSpecFiles(): string[] {
  return readdirSync(PATCHES_DIR)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => join(PATCHES_DIR, name));
}

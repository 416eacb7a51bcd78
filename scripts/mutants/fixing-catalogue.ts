import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { isSpecProblem, readSpec, type PatchSpec } from "./spec.ts";

/**
 * The fixing patches: each makes one of the book's sentences true (a patch of Pi or of a
 * listing), so the counterexample of every id it declares must go from qualified to holds.
 * fixing-patches.test.ts checks that they do; appendix D lists them.
 */
export const FIXING_PATCHES_DIR = join(PROJECT_ROOT, "scripts", "mutants", "fixing-patches");

/** id<TAB>why no fixing patch exists (or why none is written yet), for the ids without one. */
export const NO_PATCH_TSV = join(FIXING_PATCHES_DIR, "no-patch.tsv");

const NO_PATCH_HEADER = "id\twhy no fixing patch";

/** One fixing patch: its file name without .json and its spec. */
export interface FixingPatch {
  name: string;
  spec: PatchSpec;
}

/** An id without a fixing patch, and the reason written for it. */
export interface NoPatch {
  id: string;
  why: string;
}

/** Every fixing patch spec, in file-name order; throws on a spec that cannot be read, naming it. */
export function readFixingPatches(dir: string = FIXING_PATCHES_DIR): FixingPatch[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const spec = readSpec(join(dir, name));
      if (isSpecProblem(spec)) throw new Error(spec.message);
      return { name: name.replace(/\.json$/, ""), spec };
    });
}

/** The rows of no-patch.tsv under its header; throws on a row that is not id<TAB>reason, naming its line. */
export function readNoPatch(path: string = NO_PATCH_TSV): NoPatch[] {
  const [header, ...rows] = readFileSync(path, "utf8").replace(/\n$/, "").split("\n");
  if (header !== NO_PATCH_HEADER)
    throw new Error(
      `${path}: line 1 must be the header ${JSON.stringify(NO_PATCH_HEADER)}, not ${JSON.stringify(header)}`,
    );
  return rows.map((row, index) => {
    const fields = row.split("\t");
    if (fields.length !== 2 || fields[0] === "" || fields[1]!.trim() === "")
      throw new Error(`${path}:${index + 2}: expected id<TAB>reason, found ${JSON.stringify(row)}`);
    return { id: fields[0]!, why: fields[1]! };
  });
}

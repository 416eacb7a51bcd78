import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { EXAMPLES_DIR, ROLE_FOLDERS, SOURCE_DIRS } from "../lib/layout.ts";

/**
 * The suite `npm run test:unit` runs: every `*.test.ts` under examples/ and scripts/,
 * fixtures excluded, sorted, as paths relative to `root`.
 */
export function testFiles(root: string): string[] {
  const files: string[] = [];
  for (const top of SOURCE_DIRS) {
    for (const entry of readdirSync(join(root, top), { recursive: true, encoding: "utf8" })) {
      const path = join(top, entry);
      if (path.endsWith(".test.ts") && !path.split(sep).includes(ROLE_FOLDERS.fixture)) files.push(path);
    }
  }
  return files.sort();
}

// A test that names an entry point (`scripts/ledger/main.ts`, `MAIN = …main.ts`) runs one of the
// project's commands against this checkout, which may write into it (appendix/, notebooks/,
// .cache/) or compare it with git (`git status --porcelain`); two such files must not overlap.
const RUNS_THE_CHECKOUT = /\bmain\.ts\b|--porcelain/;

/** Whether the test file `file` (relative to `root`) runs the project's commands against the checkout. */
export function runsTheCheckout(root: string, file: string): boolean {
  return RUNS_THE_CHECKOUT.test(readFileSync(join(root, file), "utf8"));
}

/**
 * Whether the test file `file` (relative to the root) is one of the examples/ tests, which
 * share one process unless they run the checkout. They are the book's code and what it leans
 * on: `npm run listings` runs the chapter tests among them together as well. The scripts/ tests
 * stay a process each: many start children and wait on them, and one after another in one
 * process they would leave a core idle.
 */
export function runsTogether(file: string): boolean {
  return file.split(sep)[0] === EXAMPLES_DIR;
}

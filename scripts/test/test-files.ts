import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { EXAMPLES_DIR, ROLE_FOLDERS, SOURCE_DIRS } from "../lib/layout.ts";
import { importsAtRunTime } from "../toolchain/runtime-specifiers.ts";

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

const CHILD_PROCESS = new Set(["node:child_process", "child_process"]);
const SHARED_PROGRAM = fileURLToPath(new URL("../toolchain/shared-program.ts", import.meta.url));
const needsItsOwn = new Map<string, boolean>();

/**
 * Whether the module at `file`, or one it reaches through relative imports, imports at run time
 * node:child_process (it may start children and wait on them) or the toolchain's shared
 * TypeScript program (one per process, holding the files announced before it was made).
 */
export function needsAProcessOfItsOwn(file: string): boolean {
  return importsAtRunTime(
    file,
    (specifier, resolved) => CHILD_PROCESS.has(specifier) || resolved === SHARED_PROGRAM,
    needsItsOwn,
  );
}

/**
 * Whether the test file `file` (relative to `root`) shares the suite's one process (unless it
 * runs the checkout): every examples/ test, the book's code and what it leans on (`npm run
 * listings` runs the chapter tests among them together as well), and every scripts/ test that
 * starts no child process, so that one after another they keep a core busy. A process each
 * paid tsx, Pi and the project's modules again: 44 such scripts/ files took 96.7 CPU-s and
 * 72.7 s one at a time, and added about 40 CPU-s and 26 s to the examples/ tests' process
 * (2026-12-07, idle; scripts/README.md has the runs). A scripts/ file
 * keeps a process of its own when it may start children (it waits on them) or type-checks in
 * the shared program, whose roots a file run before it would have fixed
 * ({@link needsAProcessOfItsOwn}).
 */
export function runsTogether(root: string, file: string): boolean {
  if (file.split(sep)[0] === EXAMPLES_DIR) return true;
  return !needsAProcessOfItsOwn(join(root, file));
}

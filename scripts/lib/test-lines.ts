import { fileURLToPath } from "node:url";

// Test files run together in one process, each top-level test reported with its file: the
// listings command runs the chapter tests this way, and test:unit the examples/ tests.

/** One top-level test of a test file, as it ended (one JSON line of test-lines-reporter.mjs). */
export interface TestLine {
  passed: boolean;
  name: string;
  /** The test's file, as an absolute path. */
  file: string;
  /** A failure's reason, as the reporter read it: expected against actual, then what produced it. */
  why?: string[];
  /** A failure's whole message (the assertion's diff), for `--verbose`. */
  detail?: string;
}

/** The node:test reporter writing one {@link TestLine} per top-level test (`--test-reporter=`). */
export const TEST_LINES_REPORTER = fileURLToPath(new URL("./test-lines-reporter.mjs", import.meta.url));

/** The entry point that imports every test file it is given into one process: `IN_ONE_PROCESS UNLOADED_JSONL FILE...`. */
export const IN_ONE_PROCESS = fileURLToPath(new URL("./test-files-in-one-process.ts", import.meta.url));

/** A file that did not load in {@link IN_ONE_PROCESS}, with why (one JSON line of its UNLOADED_JSONL). */
export interface UnloadedFile {
  file: string;
  why: string;
}

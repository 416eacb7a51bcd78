import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readJsonLines } from "./json-lines.ts";

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

/** What a run of {@link IN_ONE_PROCESS} reported: each top-level test, and each file that did not load (file → why). */
export interface OneProcessReport {
  lines: TestLine[];
  unloaded: Map<string, string>;
}

/**
 * Runs `start` on the arguments that follow a child's own flags to run `files` in one process,
 * reporting into a temporary folder, and reads the report once `start` has resolved (the
 * child ended); the folder is removed either way.
 */
export async function inOneProcess<T>(
  files: readonly string[],
  start: (args: string[]) => Promise<T>,
): Promise<{ ran: T; report: OneProcessReport }> {
  const dir = mkdtempSync(join(tmpdir(), "in-one-process-"));
  try {
    const lines = join(dir, "tests.jsonl");
    const unloaded = join(dir, "unloaded.jsonl");
    const ran = await start([
      `--test-reporter=${TEST_LINES_REPORTER}`,
      `--test-reporter-destination=${lines}`,
      IN_ONE_PROCESS,
      unloaded,
      ...files,
    ]);
    return {
      ran,
      report: {
        lines: readJsonLines<TestLine>(lines),
        unloaded: new Map(readJsonLines<UnloadedFile>(unloaded).map((u) => [u.file, u.why])),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

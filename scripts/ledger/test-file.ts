import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { withPiFirst } from "../../examples/support/preload-pi.ts";
import { readJsonLines } from "../lib/json-lines.ts";
import { withoutRunnerFlags } from "../lib/runner-flags.ts";

/** A test file's top-level tests by how they ended, by name. */
export interface TestFileResults {
  passed: string[];
  failed: string[];
}

const REPORTER = fileURLToPath(new URL("./top-level-tests-reporter.ts", import.meta.url));

/**
 * Runs the test file `file` (an absolute path) in a child process with this process's flags
 * (its loader, and the release matrix's resolution hook), as node:test's run() does, and
 * reads its top-level tests from a reporter writing to a file of its own (the tests' own output
 * cannot pass for a result). A file that ends badly with no failed test
 * counts as one failed test named by its path, as run() reports it. Unlike run(), this
 * installs no test harness in this process: run()'s async hook follows every promise made
 * for the rest of the process's life.
 */
export function runTestFile(file: string): Promise<TestFileResults> {
  const dir = mkdtempSync(join(tmpdir(), "test-file-"));
  const report = join(dir, "results.jsonl");
  // Under a test runner the variable would make the child report to it instead.
  const { NODE_TEST_CONTEXT: _runner, ...env } = process.env;
  const flags = withoutRunnerFlags(process.execArgv);
  const args = [...withPiFirst(flags), `--test-reporter=${REPORTER}`, `--test-reporter-destination=${report}`, file];
  return new Promise<TestFileResults>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: "ignore" });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const results: TestFileResults = { passed: [], failed: [] };
      // No report at all: the file ended before the runner wrote one.
      for (const { passed, name } of readJsonLines<{ passed: boolean; name: string }>(report))
        (passed ? results.passed : results.failed).push(name);
      if ((code !== 0 || signal !== null) && results.failed.length === 0) results.failed.push(file);
      resolve(results);
    });
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}

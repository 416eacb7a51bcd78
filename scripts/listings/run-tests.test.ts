// The chapter tests of `npm run listings` run in one child process: every file's tests, each
// named with its file, and a file that does not load named with why, the others still run.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { runTests } from "./run-listings.ts";

const REPORTER_FIXTURES = join(PROJECT_ROOT, "scripts", "lib", "fixtures", "reporter");
const FAILING = join(REPORTER_FIXTURES, "failing-tests.ts");
const THROWS = join(REPORTER_FIXTURES, "throws-at-load.ts");
const PASSES = join(PROJECT_ROOT, "scripts", "test", "fixtures", "passes.test.ts");

test("listings: the tests of several files in one process keep their files; a file that throws at load is named with why, and the files after it still run", async () => {
  const run = await runTests([FAILING, THROWS, PASSES]);
  const byFile = (file: string) =>
    run.lines.filter((line) => line.file === file).map((line) => [line.name, line.passed]);
  assert.deepEqual(byFile(FAILING).length, 5, JSON.stringify(run.lines));
  assert.deepEqual(byFile(PASSES), [
    ["passes", true],
    ["skipped on purpose", true],
  ]);
  assert.deepEqual(byFile(THROWS), []);
  assert.deepEqual([...run.unloaded], [[THROWS, "TypeError: the listing threw at load"]]);
});

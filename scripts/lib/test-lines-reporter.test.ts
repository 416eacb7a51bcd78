// The test-lines reporter: one line per top-level test with its file, and for a failure why, in
// the words npm run listings prints under its FAIL line (expected against actual, then the
// scenario) and test:unit names a failing file of the examples/ tests it runs in one process by.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { runCommand } from "./command.ts";
import { PROJECT_ROOT } from "./paths.ts";
import { TEST_LINES_REPORTER, type TestLine } from "./test-lines.ts";

const here = join(PROJECT_ROOT, "scripts", "lib");

test("listings reporter: each failure says expected against actual, a subtest failure names the first, a throw its error", async () => {
  const { NODE_TEST_CONTEXT: _runner, ...env } = process.env;
  const ran = await runCommand(
    process.execPath,
    [
      "--import",
      "tsx",
      "--test",
      `--test-reporter=${TEST_LINES_REPORTER}`,
      join(here, "fixtures", "reporter", "failing-tests.ts"),
    ],
    { cwd: PROJECT_ROOT, env, timeoutMs: 300_000 },
  );
  const lines = ran.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as TestLine);
  assert.deepEqual(
    lines.map((l) => [l.name, l.passed, l.why]),
    [
      [
        "a labelled comparison with the scenario on its next line",
        false,
        ["outcome: expected invalid-submissions after 3, got invalid-submissions after 4", "scripted: 5 × submit"],
      ],
      ["a comparison without a label", false, ["expected { hits: [ 'a' ] }, got { hits: [] }"]],
      [
        "a test whose subtests fail",
        false,
        ['2 subtests failed, first "the first failing subtest": provider requests: expected 1, got 2'],
      ],
      ["a throw", false, ["TypeError: lookup is not a function"]],
      ["a pass", true, undefined],
    ],
  );
});

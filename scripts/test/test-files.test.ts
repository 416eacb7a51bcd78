import assert from "node:assert/strict";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { testFiles } from "./test-files.ts";

test("the suite (npm run test:unit and Node 22's run) is every *.test.ts under examples/ and scripts/, fixtures aside, sorted", () => {
  const files = testFiles(PROJECT_ROOT);
  assert.ok(files.includes("scripts/test/test-files.test.ts"));
  assert.ok(files.includes("examples/ch38-typed-step/step.test.ts"));
  assert.ok(
    files.every((f) => f.endsWith(".test.ts") && !f.split("/").includes("fixtures")),
    files.join(" "),
  );
  assert.deepEqual(files, [...files].sort());
});

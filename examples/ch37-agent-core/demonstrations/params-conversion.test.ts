import assert from "node:assert/strict";
import { test } from "node:test";
import { runConvertedArguments } from "./params-conversion.ts";

test('ch37.tool.params-validated-before-execute: {query: 24} fails the schema as sent; execute receives the converted {query: "24"}, which passes it (ch38.found.argument-conversion)', async () => {
  const run = await runConvertedArguments();
  assert.equal(run.validAsSent, false);
  assert.deepEqual(run.executedWith, { query: "24" });
  assert.equal(run.executedWithValid, true);
  assert.equal(run.isError, false);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { runConvertedArguments } from "./params-conversion.ts";

test("ch37.tool.params-validated-before-execute: qualified — {query: 24} fails the schema as sent, is converted, and execute runs with \"24\"", async () => {
  const run = await runConvertedArguments();
  assert.equal(run.validAsSent, false);
  assert.deepEqual(run.executedWith, { query: "24" });
  assert.equal(run.isError, false);
});

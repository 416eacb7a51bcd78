import assert from "node:assert/strict";
import { test } from "node:test";
import { runArgumentValidation } from "./params-validation.ts";

test("ch37.tool.params-validated-before-execute: blank, empty and missing queries never reach execute; a valid one does", async () => {
  const outcomes = await runArgumentValidation();
  assert.deepEqual(
    outcomes.map(({ args, reachedExecute, isError }) => ({ args, reachedExecute, isError })),
    [
      { args: { query: "   " }, reachedExecute: false, isError: true },
      { args: { query: "" }, reachedExecute: false, isError: true },
      { args: {}, reachedExecute: false, isError: true },
      { args: { query: "release" }, reachedExecute: true, isError: false },
    ],
  );
  for (const rejected of outcomes.slice(0, 3))
    assert.match(rejected.firstLine, /^Validation failed for tool "lookup_evidence"/);
});

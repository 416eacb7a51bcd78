import assert from "node:assert/strict";
import { test } from "node:test";
import { measureArgumentConversion } from "./argument-conversion.ts";

test('ch38.found.argument-conversion: {serial: "2"} is converted before validation and returned as 2 (ch38.validation.before-execute qualified)', async () => {
  const run = await measureArgumentConversion();
  assert.equal(run.validAsSent, false);
  assert.deepEqual(run.returned, { verdict: "refuted", serial: 2 });
  assert.equal(run.failedSubmits, 0);
});

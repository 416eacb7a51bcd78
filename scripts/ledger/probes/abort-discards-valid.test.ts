import assert from "node:assert/strict";
import { test } from "node:test";
import { measureAbortDiscardsValid } from "./abort-discards-valid.ts";

test("ch38.found.batch-budget-loses-valid: maxAttempts 1, [valid, invalid] in one response throws invalid-submissions (ch38.first-submission-wins qualified)", async () => {
  const run = await measureAbortDiscardsValid();
  assert.equal(run.outcome.status, "failed");
  assert.equal(run.outcome.status === "failed" && run.outcome.kind, "invalid-submissions");
  assert.equal(run.failedSubmits, 2);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { chainingDemo } from "./demonstrations/step-demos.ts";

test("chaining: the next step sees only the serialised value, no shared history — ch38.chaining.no-shared-history", async () => {
  const run = await chainingDemo();
  assert.deepEqual(run.triage, { category: "bug", severity: "high" });
  assert.equal(run.next.action, "fix-now");
  assert.deepEqual(run.secondStepRoles, ["system", "user"], "a new agent: its own system message and one user message");
  assert.equal(run.secondStepUserText, JSON.stringify(run.triage));
  assert.equal(run.reportReachedSecondStep, false, "the report itself never reaches the second step");
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { parallelDemo } from "./demonstrations/step-demos.ts";

test("two steps under Promise.all each return their own value — ch38.parallel-steps", async () => {
  const run = await parallelDemo();
  assert.deepEqual(run.values, [{ verdict: "supported" }, { verdict: "refuted" }]);
  assert.equal(run.providerRequests, 2);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { sweepMaxTurns } from "./max-turns-sweep.ts";

test("ch38.fixed.exactly-maxTurns-requests: maxTurns 1, 2, 3 and 5 give exactly that many provider requests and the value", async () => {
  for (const run of await sweepMaxTurns()) {
    assert.equal(run.providerRequests, run.maxTurns);
    assert.deepEqual(run.value, { verdict: "supported" });
  }
});

test("ch38.found.stream-call-after-abort: the stream function is called maxTurns + 1 times, the last call refused before the provider", async () => {
  for (const run of await sweepMaxTurns()) {
    assert.equal(run.streamFnCalls, run.maxTurns + 1);
    assert.equal(run.afterAbortStopReason, "error");
  }
});

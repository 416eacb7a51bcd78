import assert from "node:assert/strict";
import { test } from "node:test";
import { runWithCountingStreamFn } from "./counting-stream-fn.ts";
import { runResearch } from "./transcript-run.ts";

test("ch37.streamfn.models-streamSimple: models.streamSimple.bind(models) drives the whole run as the Agent's streamFn", async () => {
  const run = await runResearch("release");
  assert.equal(run.providerCalls, 2);
  assert.equal(run.finalAnswer?.stopReason, "stop");
});

test("ch37.streamfn.models-streamSimple: a counting streamFn swapped in sees every request; the loop behaves the same", async () => {
  const run = await runWithCountingStreamFn();
  assert.equal(run.requestsSeenByWrapper, 2);
  assert.equal(run.providerCalls, 2);
  assert.deepEqual(run.roles, ["user", "assistant", "toolResult", "assistant"]);
  assert.equal(run.finalStopReason, "stop");
});

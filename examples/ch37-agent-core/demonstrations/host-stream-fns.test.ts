import assert from "node:assert/strict";
import { test } from "node:test";
import { runThroughProxy, runWithDefaultStreamFn } from "./host-stream-fns.ts";

test("ch37.exports.setDefaultStreamFn: qualified — at run time two Agents built without streamFn send through the registered default", async () => {
  const run = await runWithDefaultStreamFn();
  assert.equal(run.requestsThroughDefault, 2);
  assert.deepEqual(run.answers, ["First answer.", "Second answer."]);
});

test("ch37.exports.streamProxy: an Agent routed through streamProxy reaches the host's server and records what it streamed", async () => {
  const run = await runThroughProxy();
  assert.deepEqual(run.requests, [{ path: "/api/stream", carriesPrompt: true, bearer: true }]);
  assert.equal(run.answer, "Yes, via the proxy.");
  assert.equal(run.stopReason, "stop");
});

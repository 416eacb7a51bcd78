import assert from "node:assert/strict";
import { test } from "node:test";
import { measureAgentBarrier, measureAgentLoopObservation } from "./message-end-barrier.ts";

test("ch37.agent.message_end-barrier: with Agent, beforeToolCall runs after the slow message_end listener and sees the assistant message", async () => {
  const run = await measureAgentBarrier();
  assert.equal(run.hostStateHadAssistantAtPreflight, true);
  assert.equal(run.handlerFinishedBeforePreflight, true);
  assert.deepEqual(run.order.slice(0, 4), ["handler starts", "handler finishes", "beforeToolCall", "tool executes"]);
});

test("ch37.agentloop.observational: with agentLoop(), the tool runs while the consumer's message_end handling is still pending", async () => {
  const run = await measureAgentLoopObservation();
  assert.equal(run.hostStateHadAssistantAtPreflight, false);
  assert.equal(run.handlerFinishedBeforeExecute, false);
  assert.deepEqual(run.order.slice(0, 4), ["handler starts", "beforeToolCall", "tool executes", "handler finishes"]);
});

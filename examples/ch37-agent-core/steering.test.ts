import assert from "node:assert/strict";
import { test } from "node:test";
import { runQueueScenario } from "./steering.ts";

test("ch37.steer.after-current-turn: steering queued while a tool runs arrives after that tool's result, before the next request", async () => {
  const run = await runQueueScenario("steer", "all");
  assert.equal(run.toolFinishedFirst, true);
  assert.deepEqual(run.precededBy, [
    { role: "assistant", stopReason: "toolUse", hasToolCalls: true },
    { role: "toolResult" },
  ]);
  assert.deepEqual(run.newPerRequest, [0, 2]);
});

test("ch37.followup.only-when-stopping: a follow-up waits out the tool turn and arrives only after an answer with no tool calls", async () => {
  const run = await runQueueScenario("followUp", "all");
  assert.deepEqual(run.newPerRequest, [0, 0, 2]);
  assert.deepEqual(run.precededBy, [
    { role: "toolResult" },
    { role: "assistant", stopReason: "stop", hasToolCalls: false },
  ]);
});

test("ch37.queues.processed-before-agent_end: every queued message is delivered before the one agent_end", async () => {
  for (const queue of ["steer", "followUp"] as const) {
    for (const mode of ["all", "one-at-a-time"] as const) {
      const run = await runQueueScenario(queue, mode);
      assert.equal(run.agentEnds, 1, `${queue}/${mode}`);
      assert.equal(run.allDeliveredBeforeAgentEnd, true, `${queue}/${mode}`);
      assert.equal(run.queuedAfterRun, false, `${queue}/${mode}`);
    }
  }
});

test('ch37.steer-followup.modes: "all" delivers both queued messages at once, "one-at-a-time" one per request, for both queues', async () => {
  const perRequest = async (queue: "steer" | "followUp", mode: "all" | "one-at-a-time") =>
    (await runQueueScenario(queue, mode)).newPerRequest;
  assert.deepEqual(await perRequest("steer", "all"), [0, 2]);
  assert.deepEqual(await perRequest("steer", "one-at-a-time"), [0, 1, 1]);
  assert.deepEqual(await perRequest("followUp", "all"), [0, 0, 2]);
  assert.deepEqual(await perRequest("followUp", "one-at-a-time"), [0, 0, 1, 1]);
});

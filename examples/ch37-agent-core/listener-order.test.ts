import assert from "node:assert/strict";
import { test } from "node:test";
import { measureListenerOrder, measurePromptSettlement } from "./listener-order.ts";

test("ch37.listeners.awaited-in-order: the second listener never starts before the slow first one has finished", async () => {
  const run = await measureListenerOrder();
  assert.ok(run.events > 0);
  assert.equal(run.overlaps, 0);
  assert.equal(run.outOfOrder, 0);
  assert.deepEqual(run.firstEventLog, ["first:start", "first:end", "second:start", "second:end"]);
});

for (const end of ["stop", "error", "aborted", "listener-threw"] as const) {
  test(`ch37.prompt.settles-after-agent_end-listeners: run ends ${end}, prompt() stays pending while an agent_end listener holds`, async () => {
    const run = await measurePromptSettlement(end);
    assert.equal(run.listenerEntered, true);
    assert.equal(run.settledWhileListenerHeld, false);
    assert.deepEqual(run.order, ["agent_end listener entered", "agent_end listener finished", "prompt() settled"]);
  });
}

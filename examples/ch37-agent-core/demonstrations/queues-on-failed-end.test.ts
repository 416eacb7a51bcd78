import assert from "node:assert/strict";
import { test } from "node:test";
import { runQueueOnFailedEnd, runSteerOnFailedEnd } from "./queues-on-failed-end.ts";

for (const stopReason of ["error", "aborted"] as const) {
  test(`ch37.found.follow-up-left-queued-on-failed-end: next request ${stopReason}, the follow-up is not delivered and stays queued (ch37.queues.processed-before-agent_end qualified)`, async () => {
    const run = await runQueueOnFailedEnd(stopReason);
    assert.deepEqual(
      { agentEnds: run.agentEnds, followUpDelivered: run.followUpDelivered, queuedAfterRun: run.queuedAfterRun },
      { agentEnds: 1, followUpDelivered: false, queuedAfterRun: true },
    );
  });
}

for (const stopReason of ["error", "aborted"] as const) {
  test(`ch37.steer.after-current-turn: qualified — a steer sent while a request runs that ends ${stopReason} stays queued and follows the next prompt's user message`, async () => {
    const run = await runSteerOnFailedEnd(stopReason);
    assert.equal(run.deliveredInRun, false);
    assert.equal(run.queuedAfterRun, true);
    assert.deepEqual(run.nextRequestUserTexts, [
      "Did the release ship?",
      "Second question: is the installer fixed?",
      "Steer: check the installer too.",
    ]);
  });
}

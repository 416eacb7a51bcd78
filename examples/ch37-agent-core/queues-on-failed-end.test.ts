import assert from "node:assert/strict";
import { test } from "node:test";
import { runQueueOnFailedEnd } from "./queues-on-failed-end.ts";

for (const stopReason of ["error", "aborted"] as const) {
  test(`ch37.found.follow-up-left-queued-on-failed-end: next request ${stopReason}, the follow-up is not delivered and stays queued (ch37.queues.processed-before-agent_end qualified)`, async () => {
    const run = await runQueueOnFailedEnd(stopReason);
    assert.deepEqual(
      { agentEnds: run.agentEnds, followUpDelivered: run.followUpDelivered, queuedAfterRun: run.queuedAfterRun },
      { agentEnds: 1, followUpDelivered: false, queuedAfterRun: true },
    );
  });
}

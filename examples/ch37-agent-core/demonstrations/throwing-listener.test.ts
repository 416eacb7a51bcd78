import assert from "node:assert/strict";
import { test } from "node:test";
import { runThrowingListener } from "./throwing-listener.ts";

test("ch37.found.throwing-listener-ends-run: a listener throwing at turn_end ends the run after one request; prompt() rejects", async () => {
  const run = await runThrowingListener("turn_end");
  assert.equal(run.promptRejected, "listener failed at turn_end");
  assert.equal(run.providerRequests, 1);
  assert.equal(run.agentEndsSeenByLaterListener, 0);
  assert.equal(run.lastMessage, "assistant(error: listener failed at turn_end)");
});

test("ch37.found.throwing-listener-ends-run: a listener throwing at every agent_end: prompt() rejects and the later agent_end listener never runs", async () => {
  const run = await runThrowingListener("agent_end");
  assert.equal(run.promptRejected, "listener failed at agent_end");
  assert.equal(run.agentEndsSeenByLaterListener, 0);
});

for (const throwsAt of ["turn_end", "agent_end"] as const) {
  test(`ch37.found.throwing-listener-ends-run: qualified — a listener throwing once, at the first ${throwsAt}: prompt() resolves, the later listener gets the re-sent agent_end`, async () => {
    const run = await runThrowingListener(throwsAt, "once");
    assert.equal(run.promptRejected, undefined);
    assert.equal(run.agentEndsSeenByLaterListener, 1);
    assert.equal(run.lastMessage, `assistant(error: listener failed at ${throwsAt})`);
  });
}

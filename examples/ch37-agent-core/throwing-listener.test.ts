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

test("ch37.prompt.settles-after-agent_end-listeners: qualified — a throwing agent_end listener: prompt() rejects and the later agent_end listener never runs", async () => {
  const run = await runThrowingListener("agent_end");
  assert.equal(run.promptRejected, "listener failed at agent_end");
  assert.equal(run.agentEndsSeenByLaterListener, 0);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { runReplaceUnderRequestHook, runReplaceWhileIdle } from "./replace-messages.ts";

test("ch37.state.messages-replace-idle: after replacing state.messages while idle, the next request carries the replacement only", async () => {
  const run = await runReplaceWhileIdle();
  assert.equal(run.idleAtReplacement, true);
  assert.deepEqual(run.firstRequestUserTexts, ["Did the release ship?"]);
  assert.deepEqual(run.nextRequestUserTexts, [
    "Restored: was the installer rewrite in 2.4?",
    "And is the dark theme bug fixed?",
  ]);
  assert.equal(run.carriesDiscarded, false);
});

test("ch37.coding-agent.assignment-inert: under a prepareRequest hook that replaces the messages (as AgentSession installs), the assignment is not sent", async () => {
  const run = await runReplaceUnderRequestHook();
  assert.equal(run.idleAtReplacement, true);
  assert.equal(run.carriesRestored, false);
  assert.deepEqual(run.nextRequestUserTexts, ["Did the release ship?", "And is the dark theme bug fixed?"]);
});

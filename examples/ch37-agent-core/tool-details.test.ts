import assert from "node:assert/strict";
import { test } from "node:test";
import { runToolDetails } from "./tool-details.ts";

test("ch37.tool.details-not-model-text: details stay with the host and are in no provider request", async () => {
  const run = await runToolDetails();
  assert.equal(run.inExecutionEndEvents, 2);
  assert.equal(run.inTranscriptMessages, 2);
  assert.deepEqual(run.modelVisibleTexts, ["2 entries mention it.", "quota exhausted"]);
  assert.deepEqual(run.payloads, [
    { api: "openai-completions", captured: true, carriesDetails: false, carriesContent: true },
    { api: "openai-responses", captured: true, carriesDetails: false, carriesContent: true },
    { api: "anthropic-messages", captured: true, carriesDetails: false, carriesContent: true },
  ]);
});

test("ch37.found.details-in-stream-context: the Context handed to the stream function still holds the details", async () => {
  const run = await runToolDetails();
  assert.equal(run.inStreamFnContext, true);
});

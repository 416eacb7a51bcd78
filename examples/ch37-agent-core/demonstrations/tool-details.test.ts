import assert from "node:assert/strict";
import { test } from "node:test";
import { runToolDetails } from "./tool-details.ts";
import { chatApis } from "../../support/request-body.ts";

test("ch37.tool.details-not-model-text: qualified — details stay with the host; nine of pi-ai's ten chat adapters leave them out of the request body, pi-messages sends them", async () => {
  const run = await runToolDetails();
  assert.equal(run.inExecutionEndEvents, 2);
  assert.equal(run.inTranscriptMessages, 2);
  assert.deepEqual(run.modelVisibleTexts, ["2 entries mention it.", "quota exhausted"]);
  const carrying = (api: string) => ({
    api,
    captured: true,
    carriesDetails: api === "pi-messages",
    carriesContent: true,
  });
  assert.deepEqual(run.payloads, (await chatApis()).map(carrying)); // the ten adapters: wire-payloads.test.ts
});

test("ch37.found.details-in-stream-context: the Context handed to the stream function still holds the details", async () => {
  const run = await runToolDetails();
  assert.equal(run.inStreamFnContext, true);
});

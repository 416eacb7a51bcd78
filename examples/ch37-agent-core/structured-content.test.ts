import assert from "node:assert/strict";
import { test } from "node:test";
import { runStructuredContent } from "./structured-content.ts";

test("ch37.tool.structuredContent-not-model-text: structuredContent reaches tool_execution_end but not the transcript or the request", async () => {
  const run = await runStructuredContent();
  assert.equal(run.inExecutionEndEvent, true);
  assert.equal(run.inTranscriptMessage, false);
  assert.equal(run.inNextRequest, false);
  assert.equal(run.modelVisibleText, "2 entries mention it.");
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { runWithPresetSystemMessage } from "./preset-system-message.ts";

test("ch37.found.preset-system-message-drops-prompt: a preset system message keeps the head; the systemPrompt is recorded and sent nowhere", async () => {
  const run = await runWithPresetSystemMessage();
  assert.equal(run.headText, "An earlier system message, restored with the history.");
  assert.equal(run.promptRecorded, false);
  assert.equal(run.promptInRequest, false);
});

test("ch37.system-message-head: qualified — the head is the prompt's system message only when the history does not start with one", async () => {
  const run = await runWithPresetSystemMessage();
  assert.notEqual(run.headText, "Research the claim with lookup_evidence.");
});

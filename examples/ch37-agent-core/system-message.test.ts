import assert from "node:assert/strict";
import { test } from "node:test";
import { RESEARCH_PROMPT } from "./support/book-research-agent.ts";
import { inspectSystemMessage } from "./system-message.ts";

test("ch37.system-message-head: the transcript starts with a system message holding the prompt and the tool declaration", async () => {
  const head = await inspectSystemMessage();
  assert.equal(head.headRole, "system");
  assert.equal(head.headText, RESEARCH_PROMPT);
  assert.deepEqual(head.declaredTools, ["lookup_evidence"]);
});

test("ch37.system-message-head: the provider receives that same system message first, once", async () => {
  const head = await inspectSystemMessage();
  assert.equal(head.requestHeadRole, "system");
  assert.equal(head.requestHeadText, RESEARCH_PROMPT);
  assert.deepEqual(head.requestDeclaredTools, ["lookup_evidence"]);
  assert.equal(head.systemMessagesAfterRun, 1);
});

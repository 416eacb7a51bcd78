import assert from "node:assert/strict";
import { test } from "node:test";
import { runResearch } from "./transcript-run.ts";

test("ch37.transcript.shape: roles are user, assistant, toolResult, assistant", async () => {
  const run = await runResearch("release");
  assert.deepEqual(run.roles, ["user", "assistant", "toolResult", "assistant"]);
});

test("ch37.callcount.two: the faux provider counted exactly 2 calls, one per turn", async () => {
  const run = await runResearch("release");
  assert.equal(run.providerCalls, 2);
});

test("ch37.lookup.hit-path: the matches enter as their own toolResult and the model is asked again with them", async () => {
  const run = await runResearch("release");
  assert.equal(run.toolResult?.isError, false);
  assert.match(run.toolResult?.text ?? "", /^\[notes-1\] Release 2\.4 shipped/);
  assert.deepEqual(run.toolResult?.details?.hits, ["notes-1", "notes-2", "memo-7", "ticket-311"]);
  assert.deepEqual(run.secondRequestRoles, ["system", "user", "assistant", "toolResult"]);
  assert.equal(run.secondRequestCarriesResult, true);
});

test("ch37.nomatch.ordinary-content: a miss comes back as `no matches`, not an error, and the model answers from it", async () => {
  const run = await runResearch("dividend");
  assert.deepEqual(run.toolResult, { text: "no matches", isError: false, details: { query: "dividend", hits: [] } });
  assert.equal(run.secondRequestCarriesResult, true);
  assert.deepEqual(run.finalAnswer, { text: "The corpus holds no evidence either way.", stopReason: "stop" });
});

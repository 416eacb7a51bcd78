import assert from "node:assert/strict";
import { test } from "node:test";
import { runThrowShape, runToolFailures, THROW_SHAPES } from "./tool-failures.ts";

test("ch37.tool.throw-to-iserror: a throw becomes an isError tool result with the message, and the loop goes on", async () => {
  const run = await runToolFailures();
  assert.deepEqual(run.thrown, {
    tool: "fetch_page",
    isError: true,
    isErrorInEvent: true,
    text: "release page unreachable",
    modelSawError: true,
  });
  assert.equal(run.providerCalls, 2);
  assert.equal(run.finalStopReason, "stop");
});

test("ch37.tool.iserror-channel: a result that sets isError itself reaches the model as an error result", async () => {
  const run = await runToolFailures();
  assert.deepEqual(run.reported, {
    tool: "check_quota",
    isError: true,
    isErrorInEvent: true,
    text: "quota exhausted",
    modelSawError: true,
  });
});

for (const shape of THROW_SHAPES) {
  test(`ch37.tool.throw-to-iserror: an execute that ${shape} becomes an isError result and the loop goes on`, async () => {
    const run = await runThrowShape(shape);
    assert.deepEqual(
      { isError: run.isError, finalStopReason: run.finalStopReason, promptRejected: run.promptRejected },
      { isError: true, finalStopReason: "stop", promptRejected: false },
    );
  });
}

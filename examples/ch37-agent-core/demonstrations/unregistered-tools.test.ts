import assert from "node:assert/strict";
import { test } from "node:test";
import { runUnregisteredToolCalls } from "./unregistered-tools.ts";

test("ch37.tools.unregistered-not-invocable: bash, edit and write calls come back as error results and nothing runs", async () => {
  const run = await runUnregisteredToolCalls();
  assert.deepEqual(
    run.calls.map(({ tool, isError, text, modelSawError }) => ({ tool, isError, text, modelSawError })),
    ["bash", "edit", "write"].map((tool) => ({
      tool,
      isError: true,
      text: `Tool ${tool} not found`,
      modelSawError: true,
    })),
  );
  assert.deepEqual(run.filesCreated, []);
  assert.equal(run.registeredToolRan, true, "the registered tool in the same batch ran");
  assert.equal(run.finalStopReason, "stop");
  assert.equal(run.providerRequests, 2);
});

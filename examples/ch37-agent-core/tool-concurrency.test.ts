import assert from "node:assert/strict";
import { test } from "node:test";
import { measureToolConcurrency } from "./tool-concurrency.ts";

test("ch37.tools.parallel-default: three ordinary tool calls of one batch are all in flight at once", async () => {
  const run = await measureToolConcurrency("default");
  assert.equal(run.maxInFlight, 3);
});

test("ch37.tools.sequential-mode: one executionMode sequential tool makes the whole batch run one at a time", async () => {
  const run = await measureToolConcurrency("one-sequential");
  assert.equal(run.maxInFlight, 1);
  assert.deepEqual(run.timeline, [
    "start probe_a",
    "end probe_a",
    "start probe_b",
    "end probe_b",
    "start probe_c",
    "end probe_c",
  ]);
});

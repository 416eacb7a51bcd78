import assert from "node:assert/strict";
import { setTimeout } from "node:timers/promises";
import { test } from "node:test";
import { mapWithConcurrency } from "./pool.ts";

test("keeps the input order and never runs more than the limit at once", async () => {
  let running = 0;
  let most = 0;
  const results = await mapWithConcurrency([30, 5, 20, 1, 10], 2, async (ms) => {
    most = Math.max(most, ++running);
    await setTimeout(ms);
    running--;
    return ms * 2;
  });
  assert.deepEqual(results, [60, 10, 40, 2, 20]);
  assert.equal(most, 2);
});

test("an empty list and a limit of 0 still finish", async () => {
  assert.deepEqual(await mapWithConcurrency([], 3, async (x: number) => x), []);
  assert.deepEqual(await mapWithConcurrency([1, 2], 0, async (x) => x + 1), [2, 3]);
});

import assert from "node:assert/strict";
import { setTimeout } from "node:timers/promises";
import { test } from "node:test";
import { mapWithConcurrency, turnTaker } from "./pool.ts";

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

test("turnTaker: work started from many places at once runs at most `limit` at a time, each to its own result", async () => {
  const inTurn = turnTaker(2);
  let running = 0;
  let most = 0;
  const job = (n: number) =>
    inTurn(async () => {
      most = Math.max(most, ++running);
      await setTimeout(5);
      running--;
      return n * 10;
    });
  assert.deepEqual(await Promise.all([1, 2, 3, 4, 5].map(job)), [10, 20, 30, 40, 50]);
  assert.equal(most, 2);
  await assert.rejects(
    inTurn(async () => Promise.reject(new Error("refused"))),
    /refused/,
  );
  assert.deepEqual(await Promise.all([6, 7, 8].map(job)), [60, 70, 80]);
});

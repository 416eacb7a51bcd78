import assert from "node:assert/strict";
import { test } from "node:test";
import { interleave, median, medianRatio, ratioQuartiles } from "./interleave.ts";

test("bench: median of odd and even counts, and of none", () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.throws(() => median([]), RangeError);
});

test("bench: ratios are taken within a repetition, then the median", () => {
  assert.equal(medianRatio([10, 20, 300], [5, 10, 10]), 2);
  assert.throws(() => medianRatio([1], [1, 2]), RangeError);
});

test("bench: every contender runs once per repetition and the first place rotates", async () => {
  const order: string[] = [];
  const contender = (name: string) => ({ name, run: async () => void order.push(name) });
  const samples = await interleave([contender("a"), contender("b"), contender("c")], 3, "cpu");
  assert.deepEqual(order, ["a", "b", "c", "b", "c", "a", "c", "a", "b"]);
  assert.deepEqual(Object.keys(samples), ["a", "b", "c"]);
  assert.ok(Object.values(samples).every((s) => s.length === 3));
});

test("ratioQuartiles: the per-repetition ratios' quartiles, whose middle is medianRatio", () => {
  assert.deepEqual(ratioQuartiles([1, 2, 3, 4, 5], [1, 1, 1, 1, 1]), [2, 3, 4]);
  assert.equal(ratioQuartiles([10, 20, 300], [5, 10, 10])[1], medianRatio([10, 20, 300], [5, 10, 10]));
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { wrapWords } from "./wrap.ts";

test("wrap: words fill the first line to its width, then the others to theirs; no line is longer", () => {
  const lines = wrapWords("aaa bbb ccc ddd eee fff", 7, 11);
  assert.deepEqual(lines, ["aaa bbb", "ccc ddd eee", "fff"]);
});

test("wrap: a word longer than a line is cut; text that fits stays one line", () => {
  assert.deepEqual(wrapWords("abcdefghij xy", 4, 4), ["abcd", "efgh", "ij", "xy"]);
  assert.deepEqual(wrapWords("fits here", 20, 5), ["fits here"]);
});

test("wrap: a first line too narrow for the first word leaves it empty and starts below", () => {
  assert.deepEqual(wrapWords("evidence starts here", 3, 10), ["", "evidence", "starts", "here"]);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { clip, textTable } from "./text-table.ts";

test("textTable pads every column to its widest cell and rules off the header", () => {
  assert.equal(
    textTable(["role", "n"], [["user", "1"], ["toolResult", "12"]]),
    ["role        n", "----------  --", "user        1", "toolResult  12"].join("\n"),
  );
});

test("textTable with groupEvery puts a blank line between groups of rows", () => {
  assert.equal(textTable(["n"], [["1"], ["2"], ["3"]], 2), ["n", "-", "1", "2", "", "3"].join("\n"));
});

test("clip keeps short text, folds whitespace, and marks a cut with an ellipsis", () => {
  assert.equal(clip("a\n  b"), "a b");
  assert.equal(clip("abcdef", 4), "abc…");
});

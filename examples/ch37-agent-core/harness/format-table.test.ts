import assert from "node:assert/strict";
import { test } from "node:test";
import { clip, formatTable } from "./format-table.ts";

test("formatTable pads every column to its widest cell and rules off the header", () => {
  assert.equal(
    formatTable(["role", "n"], [["user", "1"], ["toolResult", "12"]]),
    ["role        n", "----------  --", "user        1", "toolResult  12"].join("\n"),
  );
});

test("clip keeps short text, folds whitespace, and marks a cut with an ellipsis", () => {
  assert.equal(clip("a\n  b"), "a b");
  assert.equal(clip("abcdef", 4), "abc…");
});

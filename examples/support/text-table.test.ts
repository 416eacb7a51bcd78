import assert from "node:assert/strict";
import { test } from "node:test";
import { clip, textTable } from "./text-table.ts";

test("textTable pads every column to its widest cell and rules off the header", () => {
  assert.equal(
    textTable(
      ["role", "n"],
      [
        ["user", "1"],
        ["toolResult", "12"],
      ],
    ),
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

test("textTable wider than its width breaks long headers between words first, then wraps the widest cells", () => {
  const table = textTable(["scenario", "provider requests"], [["submit + lookup every turn", "7"]], 0, 26);
  assert.equal(
    table,
    [
      "scenario          provider",
      "                  requests",
      "----------------  --------",
      "submit + lookup   7",
      "every turn",
    ].join("\n"),
  );
  for (const line of table.split("\n")) assert.ok(line.length <= 26, line);
});

test("textTable that fits its width is laid out as if there were no width", () => {
  assert.equal(textTable(["role", "n"], [["user", "1"]], 0, 13), textTable(["role", "n"], [["user", "1"]], 0, 200));
});

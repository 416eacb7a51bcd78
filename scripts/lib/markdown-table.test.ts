import assert from "node:assert/strict";
import { test } from "node:test";
import { markdownCell, markdownTable } from "./markdown-table.ts";

test("a cell keeps its Markdown but not a | or a line break, which would end the cell or the row", () => {
  assert.equal(markdownCell("`a|b` **fails**"), "`a\\|b` **fails**");
  assert.equal(markdownCell("first line\r\nsecond\nthird"), "first line second third");
});

test("a table is a header, a separator and one line per row, each cell escaped", () => {
  assert.deepEqual(markdownTable(["claim", "evidence"], [["`x`", "a | b\nc"]]), [
    "| claim | evidence |",
    "| --- | --- |",
    "| `x` | a \\| b c |",
  ]);
});

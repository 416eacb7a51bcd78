import assert from "node:assert/strict";
import { test } from "node:test";
import { fitLines, outputWidth } from "./output-width.ts";

test("outputWidth: the terminal's columns, 120 when piped", () => {
  assert.equal(outputWidth({ isTTY: true, columns: 80 }), 80);
  assert.equal(outputWidth({ isTTY: false, columns: 80 }), 120);
  assert.equal(outputWidth({}), 120);
});

test("fitLines breaks a long line at spaces under a hanging indent and keeps short lines and inner spacing", () => {
  assert.equal(fitLines("short  line\n  one two three four", 12), "short  line\n  one two\n    three\n    four");
});

test("fitLines hangs a legend's continuation under its meaning", () => {
  assert.equal(
    fitLines("turns    turn_end events the agent emitted", 30),
    "turns    turn_end events the\n         agent emitted",
  );
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { isArgsProblem, parseArgs } from "./args.ts";

test("ledger args: --json and --only REGEX (or --only=REGEX) are read", () => {
  const args = parseArgs(["--json", "--only", "^ch37\\.deps"]);
  assert.ok(!isArgsProblem(args));
  assert.equal(args.json, true);
  assert.equal(args.only?.source, "^ch37\\.deps");
  const inline = parseArgs(["--only=doc"]);
  assert.ok(!isArgsProblem(inline) && inline.only?.source === "doc");
});

test("ledger args: an invalid regex, a missing value and an unknown option are problems with one line each", () => {
  const cases = [
    { argv: ["--only", "("], kind: "invalid-regex" },
    { argv: ["--only"], kind: "missing-value" },
    { argv: ["--verbose"], kind: "unknown-option" },
  ];
  for (const { argv, kind } of cases) {
    const problem = parseArgs(argv);
    assert.ok(isArgsProblem(problem), argv.join(" "));
    assert.equal(problem.kind, kind);
    assert.ok(!problem.message.includes("\n"));
  }
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { parseLedgerArgs } from "./ledger-command.ts";

test("ledger args: --json, --only REGEX (or --only=REGEX) and --no-write are read", () => {
  const args = parseLedgerArgs(["--json", "--only", "^ch37\\.deps", "--no-write"]);
  assert.ok(args.kind === "run");
  assert.deepEqual([args.json, args.only?.source, args.write], [true, "^ch37\\.deps", false]);
  const inline = parseLedgerArgs(["--only=doc"]);
  assert.ok(inline.kind === "run" && inline.only?.source === "doc" && inline.write && !inline.json);
});

test("ledger args: --help is the usage with every option, not a refusal", () => {
  const help = parseLedgerArgs(["--only", "x", "--help"]);
  assert.ok(help.kind === "help");
  assert.match(help.text, /^usage: npm start -- \[--json\] \[--only REGEX\] \[--no-write\]/);
  for (const option of ["--json", "--only REGEX", "--no-write"]) assert.ok(help.text.includes(`  ${option}`), option);
});

test("ledger args: an invalid regex, a missing or empty value and an unknown option are refused with one line each", () => {
  const cases = [
    { argv: ["--only", "("], says: /--only \(: not a regular expression/ },
    { argv: ["--only"], says: /--only needs a value/ },
    { argv: ["--only="], says: /--only needs a regular expression/ },
    { argv: ["--verbose"], says: /unknown option --verbose/ },
    { argv: ["--no-write=yes"], says: /--no-write takes no value/ },
  ];
  for (const { argv, says } of cases) {
    const problem = parseLedgerArgs(argv);
    assert.ok(problem.kind === "refused", argv.join(" "));
    assert.match(problem.message, says);
    assert.match(problem.message, /; usage: npm start --/);
    assert.ok(!problem.message.includes("\n"));
  }
});

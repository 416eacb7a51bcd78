import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_RUNS, parseFuzzArgs } from "./args.ts";

test("fuzz args: no options is a 10,000-case campaign against the fixed step() with a random seed", () => {
  assert.deepEqual(parseFuzzArgs([]), { mode: "campaign", runs: DEFAULT_RUNS, seed: undefined, path: undefined, version: "fixed" });
});

test("fuzz args: --runs, --seed, --path and --version, in both spellings", () => {
  assert.deepEqual(parseFuzzArgs(["--runs", "100000", "--seed=-7", "--path", "9:4:3", "--version=unfixed"]), {
    mode: "campaign",
    runs: 100_000,
    seed: -7,
    path: "9:4:3",
    version: "unfixed",
  });
  assert.deepEqual(parseFuzzArgs(["--replay", '{"responses":[]}']), { mode: "replay", json: '{"responses":[]}', version: "fixed" });
});

test("fuzz args: bad input is one value with a kind and a line that says what to do", () => {
  const cases: [string[], string][] = [
    [["--runs", "0"], "invalid-value"],
    [["--runs"], "missing-value"],
    [["--seed", "1.5"], "invalid-value"],
    [["--path", "x"], "invalid-value"],
    [["--path", "1:2"], "missing-value"],
    [["--version", "old"], "invalid-value"],
    [["--replay"], "missing-value"],
    [["--fast"], "unknown-option"],
    [["--help"], "help"],
  ];
  for (const [argv, kind] of cases) {
    const parsed = parseFuzzArgs(argv);
    assert.ok("kind" in parsed, argv.join(" "));
    assert.equal(parsed.kind, kind, argv.join(" "));
    assert.match(parsed.message, /usage: npm run fuzz/);
    assert.doesNotMatch(parsed.message, /\n/);
  }
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_RUNS, parseFuzzArgs } from "./fuzz-command.ts";

test("fuzz args: no options is a 10,000-case campaign against the fixed step() with a random seed", () => {
  assert.deepEqual(parseFuzzArgs([]), {
    mode: "campaign",
    runs: DEFAULT_RUNS,
    seed: undefined,
    path: undefined,
    version: "fixed",
    against: undefined,
  });
});

test("fuzz args: --runs, --seed, --path and --version, in both spellings", () => {
  assert.deepEqual(parseFuzzArgs(["--runs", "100000", "--seed=-7", "--path", "9:4:3", "--version=unfixed"]), {
    mode: "campaign",
    runs: 100_000,
    seed: -7,
    path: "9:4:3",
    version: "unfixed",
    against: undefined,
  });
  assert.deepEqual(parseFuzzArgs(["--replay", '{"responses":[]}']), {
    mode: "replay",
    json: '{"responses":[]}',
    version: "fixed",
    against: undefined,
  });
  assert.deepEqual(parseFuzzArgs(["--against", "mine/step.ts", "--runs", "50"]), {
    mode: "campaign",
    runs: 50,
    seed: undefined,
    path: undefined,
    version: "fixed",
    against: "mine/step.ts",
  });
});

test("fuzz args: bad input is one line that says what is wrong and ends with the usage", () => {
  const cases: [string[], string][] = [
    [["--runs", "0"], "--runs 0: expected a whole number of at least 1"],
    [["--runs"], "--runs needs a value"],
    [["--seed", "1.5"], "--seed 1.5: expected a whole number"],
    [["--path", "x"], "--path x: expected the path a failing campaign printed"],
    [["--path", "1:2"], "--path replays a campaign only with the --seed it printed"],
    [["--version", "old"], "--version old: expected one of fixed, unfixed, no-bound"],
    [["--replay"], "--replay needs a value"],
    [["--fast"], "unknown option --fast"],
    [
      ["--against", "mine/step.ts", "--version", "unfixed"],
      "--against runs ours (the fixed step()) against your file; leave out --version",
    ],
  ];
  for (const [argv, problem] of cases) {
    const parsed = parseFuzzArgs(argv);
    assert.ok("kind" in parsed && parsed.kind === "refused", argv.join(" "));
    assert.ok(parsed.message.startsWith(problem), parsed.message);
    assert.match(parsed.message, /; usage: npm run fuzz/);
    assert.doesNotMatch(parsed.message, /\n/);
  }
});

test("fuzz args: --help is the usage and what each option does", () => {
  const parsed = parseFuzzArgs(["--help"]);
  assert.ok("kind" in parsed && parsed.kind === "help");
  assert.match(parsed.text, /^usage: npm run fuzz[^]*--replay JSON +run one conversation/);
});

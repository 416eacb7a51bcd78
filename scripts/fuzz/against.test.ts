// npm run fuzz -- --against FILE: ours and a reader's on the same generated cases.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { DEFAULT_RUNS } from "./fuzz-command.ts";
import { runCommand } from "../lib/command.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { asNpmRunsIt } from "../lib/npm-scripts.ts";
import { writeRefusedFolders } from "../listings/refused-folders.ts";

const MAIN = join(PROJECT_ROOT, "scripts", "fuzz", "main.ts");
const fuzz = (...args: string[]) =>
  runCommand(process.execPath, asNpmRunsIt(MAIN, args), { cwd: PROJECT_ROOT, timeoutMs: 600_000 });
const fixture = (path: string) => `scripts/listings/fixtures/${path}`;

test(`fuzz --against: the unfixed turn guard diverges from our step() within the default ${DEFAULT_RUNS} runs, shrunk, with a replay that reproduces it`, async () => {
  const ran = await fuzz("--against", fixture("unfixed-guard/step.ts"), "--seed", "21");
  assert.equal(ran.code, 1, ran.stdout + ran.stderr);
  assert.match(
    ran.stdout,
    /^fuzz: ours and scripts\/listings\/fixtures\/unfixed-guard\/step\.ts diverge after (\d+) cases, shrunk \d+ times/,
  );
  assert.ok(Number(/diverge after (\d+) cases/.exec(ran.stdout)![1]) <= DEFAULT_RUNS);
  assert.match(ran.stdout, /\ndivergence: provider requests: ours \d+, theirs \d+ \(both value /);
  // The case is kept in a file the replay line reads, so that no line is wider than 120 columns.
  const replay = /^replay: npm run fuzz -- --against \S+ (?:\\\n +)?--replay (?:\\\n +)?"\$\(cat (\S+)\)"$/m.exec(
    ran.stdout,
  );
  assert.ok(replay, ran.stdout);
  const again = await fuzz("--against", fixture("unfixed-guard/step.ts"), "--replay", readFileSync(replay[1]!, "utf8"));
  assert.equal(again.code, 1, again.stdout + again.stderr);
  assert.match(again.stdout, /\ndivergence: provider requests/);
  for (const line of `${ran.stdout}${again.stdout}`.split("\n")) assert.ok([...line].length <= 120, line);
});

test("fuzz --against: the book's step() transcribed agrees with ours on every generated conversation", async () => {
  const ran = await fuzz("--against", fixture("book/step.ts"), "--runs", "300", "--seed", "21");
  assert.equal(ran.code, 0, ran.stdout + ran.stderr);
  assert.match(ran.stdout, /^fuzz: ours and scripts\/listings\/fixtures\/book\/step\.ts agree on 300 cases/);
});

test("fuzz --against: the book's lookupEvidence transcribed agrees with ours on generated corpora and queries", async () => {
  const ran = await fuzz("--against", fixture("book/research-agent.ts"), "--runs", "2000", "--seed", "21");
  assert.equal(ran.code, 0, ran.stdout + ran.stderr);
  assert.match(ran.stdout, /agree on 2000 cases/);
});

test('fuzz --against: a lookup that maps the lower-cased match back to the original ("İ") diverges from the book\'s', async () => {
  const ran = await fuzz("--against", fixture("case-mapped/research-agent.ts"), "--seed", "21");
  assert.equal(ran.code, 1, ran.stdout + ran.stderr);
  assert.match(ran.stdout, /diverge after \d+ cases/);
  assert.match(ran.stdout, /^await lookupEvidence\([^]*İ/m);
  // The first difference, ours above theirs, aligned.
  assert.match(
    ran.stdout,
    /\ndivergence: the answers differ, first at content\[0\]:\n {2}ours {4}\{"type":"text".*\n(?: .*\n)*? {2}theirs {2}\{"type":"text"/,
  );
  for (const line of ran.stdout.split("\n")) assert.ok([...line].length <= 120, line);
});

test("fuzz --against: a folder runs each listing it holds, and an agreement names what the generated cases never reach", async () => {
  const ran = await fuzz("--against", fixture("book"), "--runs", "40", "--seed", "21");
  assert.equal(ran.code, 0, ran.stdout + ran.stderr);
  const text = ran.stdout.replace(/\n +/g, " ");
  assert.match(
    text,
    /ours and scripts\/listings\/fixtures\/book\/research-agent\.ts agree on 40 cases .*not reached: makeResearchAgent/,
  );
  assert.match(
    text,
    /ours and scripts\/listings\/fixtures\/book\/step\.ts agree on 40 cases .*not reached: the configuration guards/,
  );
});

test("fuzz --against: a file npm run listings refuses is refused the same way, one line at file:line, exit 2", async () => {
  // The folders scripts/listings/listings.test.ts gives npm run listings, so that one type-check serves both.
  const refused = writeRefusedFolders();
  try {
    const cases: [string, RegExp][] = [
      [refused.broken.file, /^fuzz: \/.*\/step\.ts:\d+: error TS2769: No overload matches this call\.\n$/],
      [refused.noExport.file, /^fuzz: \/.*\/step\.ts does not export StepFailure; the book's step listing exports/],
      [
        refused.swapped.file,
        /^fuzz: \/.*\/step\.ts: new StepFailed\("the message", "provider"\) has message "provider"/,
      ],
    ];
    for (const [file, expected] of cases) {
      const ran = await fuzz("--against", file, "--runs", "5");
      assert.equal(ran.code, 2, ran.stdout + ran.stderr);
      assert.equal(ran.stdout, "");
      assert.match(ran.stderr, expected);
      assert.doesNotMatch(ran.stderr, /\n {4}at /, "no stack trace");
    }
  } finally {
    refused.remove();
  }
});

test("fuzz --against: a file that is not one of the book's listings is one line, exit 2", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["--against", fixture("book/nothing.ts")],
      /^fuzz: --against scripts\/listings\/fixtures\/book\/nothing\.ts: no such file\n$/,
    ],
    [
      ["--against", "package.json"],
      /^fuzz: --against package\.json: expected a file named step\.ts or research-agent\.ts \(the book's listings\), or their folder/,
    ],
  ];
  for (const [args, expected] of cases) {
    const ran = await fuzz(...args);
    assert.equal(ran.code, 2, ran.stderr);
    assert.match(ran.stderr, expected);
  }
});

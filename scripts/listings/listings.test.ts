// npm run listings -- DIR, as a reader runs it: the book's two listings transcribed
// (fixtures/book), the chapter's turn-limit bug (fixtures/unfixed-guard), and folders that
// cannot stand in for the listings.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { stepTable } from "../../examples/ch38-typed-step/step-table.ts";
import { runCommand } from "../lib/command.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

const MAIN = join(PROJECT_ROOT, "scripts", "listings", "main.ts");
const STEP_TESTS = "examples/ch38-typed-step/step.test.ts";
const FIXTURES = join(PROJECT_ROOT, "scripts", "listings", "fixtures");
const listings = (dir: string) =>
  runCommand(process.execPath, ["--import", "tsx", MAIN, dir], { cwd: PROJECT_ROOT, timeoutMs: 600_000 });

// Started together: each run type-checks Pi's declarations, and the two can share the machine.
const book = listings(join(FIXTURES, "book"));
const unfixed = listings(join(FIXTURES, "unfixed-guard"));
const rowName = (row: (typeof stepTable)[number]) => `${row.row} — ${row.claim}`;

/** The output's lines, a test's wrapped name joined again, and each test line with its file: `file › ok  name`. */
function testLines(stdout: string): string[] {
  let file = "";
  return stdout
    .replace(/\n {8}(?=\S)/g, " ")
    .trimEnd()
    .split("\n")
    .map((line) => {
      if (!line.startsWith("  ")) return (file = line);
      return `${file} › ${line.trim().replace(/^(ok|FAIL) +/, "$1  ")}`;
    });
}

test("listings: the book's two listings transcribed compile with 0 diagnostics and every table row of step.test.ts passes", async () => {
  const ran = await book;
  assert.equal(ran.stderr, "");
  // Exit 1 only for a failing test outside the listings' own (a chapter test can fail on its own).
  assert.ok(ran.code === 0 || ran.code === 1, ran.stdout);
  const lines = testLines(ran.stdout);
  assert.match(
    lines[0]!,
    /^type-checked strictly against @earendil-works\/pi-agent-core 1\.0\.3 and @earendil-works\/pi-ai 1\.0\.3:$/,
  );
  assert.equal(
    lines[1],
    "0 diagnostics in scripts/listings/fixtures/book/research-agent.ts, scripts/listings/fixtures/book/step.ts",
  );
  for (const row of stepTable)
    assert.ok(lines.includes(`${STEP_TESTS} › ok  ${rowName(row)}`), `row "${row.row}" did not pass`);
  // The bug figures, the research agent's transcript and the lookup rules ran too.
  for (const file of ["demonstrations/bug-figures.test.ts", "transcript-run.test.ts", "lookup-evidence.test.ts"]) {
    assert.ok(
      lines.some((line) => line.startsWith(`examples/ch3`) && line.includes(`/${file} › ok  `)),
      `no passing test of ${file}`,
    );
  }
  assert.match(lines.at(-1)!, /^\d+ passed, \d+ failed$/);
  assert.equal(lines.filter((line) => line.includes(" › ok  ")).length, Number(lines.at(-1)!.split(" ")[0]));
  assert.equal(lines.filter((line) => line.includes(" › FAIL  ")).length, Number(lines.at(-1)!.split(" ")[2]));
  const listingsOwn = [
    "step.test.ts",
    "bug-figures.test.ts",
    "turn-limit.test.ts",
    "transcript-run.test.ts",
    "lookup-evidence.test.ts",
    "lookup-bounds.test.ts",
  ];
  assert.deepEqual(
    lines.filter((line) => line.includes(" › FAIL  ") && listingsOwn.some((f) => line.includes(`/${f} › `))),
    [],
  );
  for (const line of ran.stdout.split("\n")) assert.ok([...line].length <= 120, `wider than 120 columns: ${line}`);
});

test('listings: with the unfixed turn guard, the row "submit batched with a non-terminating tool" fails', async () => {
  const ran = await unfixed;
  assert.equal(ran.code, 1, ran.stdout + ran.stderr);
  const lines = testLines(ran.stdout);
  const row = stepTable.find((r) => r.row === "submit batched with a non-terminating tool")!;
  assert.ok(lines.includes(`${STEP_TESTS} › FAIL  ${rowName(row)}`), ran.stdout);
  assert.match(lines.at(-1)!, /^\d+ passed, [1-9]\d* failed$/);
  // Only step.ts is the reader's: the lookup's tests are not run against ours.
  assert.ok(
    !lines.some((line) => line.includes("lookup-evidence.test.ts")),
    "the lookup's tests ran without a reader's research-agent.ts",
  );
});

function readerFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "listings-test-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const bookStep = readFileSync(join(FIXTURES, "book", "step.ts"), "utf8");

test("listings: a folder that cannot stand in for the listings is one line per problem, exit 2, nothing written", async () => {
  const missing = join(tmpdir(), "listings-test-no-such-folder");
  const empty = mkdtempSync(join(tmpdir(), "listings-test-"));
  const broken = readerFolder({
    "step.ts": bookStep.replace(
      'throw new RangeError("maxTurns must be a positive integer");',
      "throw new RangeError(maxTurns);",
    ),
  });
  const noExport = readerFolder({ "step.ts": bookStep.replace("export type StepFailure =", "type StepFailure =") });
  // The arguments swapped in the constructor and in every call: it compiles, and is not the book's.
  const swapped = readerFolder({
    "step.ts": bookStep
      .replace("constructor(message: string, kind: StepFailure)", "constructor(kind: StepFailure, message: string)")
      .replace(/new StepFailed\(([^;]+), ("[a-z-]+")\);/g, "new StepFailed($2, $1);"),
  });
  const arrayCorpus = readerFolder({
    "research-agent.ts": readFileSync(join(FIXTURES, "book", "research-agent.ts"), "utf8").replace(
      "Object.entries(corpus)",
      "Object.values(corpus).map((text, i): [string, string] => [String(i), text])",
    ),
  });
  try {
    mkdirSync(empty, { recursive: true });
    const cases: [string, RegExp][] = [
      [
        missing,
        /^listings: .*listings-test-no-such-folder: no such folder; give the folder that holds your research-agent\.ts and\/or step\.ts\n$/,
      ],
      [empty, /^listings: .* holds neither research-agent\.ts nor step\.ts; name the files as the book's listings\n$/],
      [broken, /^listings: \/.*\/step\.ts:\d+: error TS2769: No overload matches this call\.\n$/],
      [
        noExport,
        /^listings: \/.*\/step\.ts does not export StepFailure; the book's step listing exports StepOptions, StepFailure, StepFailed, step\n$/,
      ],
      [
        swapped,
        /^listings: \/.*\/step\.ts: new StepFailed\("the message", "provider"\) has message "provider" and kind "the message"; the book's constructor takes \(message, kind\)/,
      ],
      [
        arrayCorpus,
        /^listings: \/.*\/research-agent\.ts: lookupEvidence\(\{ a: "Alpha shipped\." \}\) answers "alpha" with details\.hits \["0"\], not \["a"\]/,
      ],
    ];
    const status = (await runCommand("git", ["status", "--porcelain"], { cwd: PROJECT_ROOT })).stdout;
    const runs = await Promise.all(cases.map(([dir]) => listings(dir)));
    runs.forEach((ran, i) => {
      const [dir, expected] = cases[i]!;
      assert.equal(ran.code, 2, `${dir}: ${ran.stdout}${ran.stderr}`);
      assert.equal(ran.stdout, "", dir);
      assert.match(ran.stderr, expected);
      assert.equal(ran.stderr.trimEnd().split("\n").length, 1, ran.stderr);
    });
    assert.equal((await runCommand("git", ["status", "--porcelain"], { cwd: PROJECT_ROOT })).stdout, status);
  } finally {
    for (const dir of [empty, broken, noExport, swapped, arrayCorpus]) rmSync(dir, { recursive: true, force: true });
  }
});

// npm run listings -- DIR, as a reader runs it: the book's two listings transcribed
// (fixtures/book), the chapter's turn-limit bug (fixtures/unfixed-guard), a case-sensitive
// lookup (fixtures/case-sensitive), a step.ts importing a file of its own
// (fixtures/own-import), and folders that cannot stand in for the listings.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { stepTable } from "../../examples/ch38-typed-step/step-table.ts";
import { runCommand } from "../lib/command.ts";
import { fixedTempDir } from "../lib/fixed-temp-dir.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { asNpmRunsIt } from "../lib/npm-scripts.ts";
import { writeRefusedFolders } from "./refused-folders.ts";

const MAIN = join(PROJECT_ROOT, "scripts", "listings", "main.ts");
const STEP_TESTS = "examples/ch38-typed-step/step.test.ts";
const FIXTURES = join(PROJECT_ROOT, "scripts", "listings", "fixtures");
const listings = (dir: string) =>
  runCommand(process.execPath, asNpmRunsIt(MAIN, [dir]), { cwd: PROJECT_ROOT, timeoutMs: 1_800_000 });

// Started together: each run type-checks Pi's declarations, and the two can share the machine.
const book = listings(join(FIXTURES, "book"));
const unfixed = listings(join(FIXTURES, "unfixed-guard"));
const caseSensitive = listings(join(FIXTURES, "case-sensitive"));
// The book's step.ts with its defaults in a file of the reader's own beside it, in a folder
// outside the project; named by the file, as a reader may point at the listing they edited.
// The folders a test writes have fixed names, so a second run gets the kept type-check.
const ownImportDir = fixedTempDir("listings-own-import");
writeFileSync(
  join(ownImportDir, "defaults.ts"),
  "export const DEFAULT_ATTEMPTS = 3;\nexport const DEFAULT_TURNS = 10;\n",
);
writeFileSync(
  join(ownImportDir, "step.ts"),
  readFileSync(join(FIXTURES, "book", "step.ts"), "utf8")
    .replace("options.maxAttempts ?? 3", "options.maxAttempts ?? DEFAULT_ATTEMPTS")
    .replace("options.maxTurns ?? 10", "options.maxTurns ?? DEFAULT_TURNS")
    .replace(/^(import .*\n)(?!import)/m, '$1import { DEFAULT_ATTEMPTS, DEFAULT_TURNS } from "./defaults.ts";\n'),
);
const ownImport = listings(join(ownImportDir, "step.ts"));
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
    /^type-checked strictly by TypeScript 7\.\d+\.\d+ against @earendil-works\/pi-agent-core 1\.0\.3 and @earendil-works\/pi-ai 1\.0\.3:$/,
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
  // Under the failing row, why: expected against actual, then the scripted responses that produced it.
  const raw = ran.stdout.split("\n");
  const at = raw.findIndex((line) => line.startsWith(`  FAIL  ${row.row} — `));
  const why = raw
    .slice(at + 1, at + 5)
    .join(" ")
    .replace(/ {2,}/g, " ");
  assert.match(
    why,
    /outcome: expected \{"verdict":"supported"\} after 2 provider requests, got \{"verdict":"supported"\} after 7 provider requests/,
  );
  assert.match(why, /scripted: .*submit \{"verdict":"supported"\} \+ lookup_evidence/);
  assert.match(lines.at(-1)!, /^\d+ passed, [1-9]\d* failed$/);
  for (const line of ran.stdout.split("\n")) assert.ok([...line].length <= 120, `wider than 120 columns: ${line}`);
  // Only step.ts is the reader's: the lookup's tests are not run against ours.
  assert.ok(
    !lines.some((line) => line.includes("lookup-evidence.test.ts")),
    "the lookup's tests ran without a reader's research-agent.ts",
  );
});

test("listings: a case-sensitive lookup (value.includes(q)) is no shape error: the tests run and say which rule it breaks", async () => {
  const ran = await caseSensitive;
  assert.equal(ran.stderr, "");
  assert.equal(ran.code, 1, ran.stdout);
  const lines = testLines(ran.stdout);
  const raw = ran.stdout.split("\n");
  const hitPath = raw.findIndex((line) => line.startsWith("  FAIL  ch37.lookup.hit-path:"));
  assert.ok(hitPath >= 0, ran.stdout);
  assert.match(raw.slice(hitPath + 1, hitPath + 4).join(" "), /expected \/.*Release 2\\\.4 shipped.*\/, got /);
  assert.match(lines.at(-1)!, /^\d+ passed, [1-9]\d* failed$/);
  // A test that failed through its subtests names the first one, and why.
  assert.match(
    ran.stdout.replace(/\n +/g, " "),
    /FAIL {2}lookupEvidence, row by row as the chapter describes it \d+ subtests failed, first "ch37\.lookup\.hit-path: [^"]+": expected \[ '\[n1\] Release 2\.4 shipped\.' \], got \[ 'no matches' \]/,
  );
  for (const line of ran.stdout.split("\n")) assert.ok([...line].length <= 120, `wider than 120 columns: ${line}`);
});

test("listings: a step.ts that imports a file of the reader's own beside it (./defaults.ts) compiles and runs", async () => {
  try {
    const ran = await ownImport;
    assert.equal(ran.stderr, "");
    assert.equal(ran.code, 0, ran.stdout);
    // A copy of the listing alone would not find ./defaults.ts: TypeScript 5.9 reads it where it is (native-check.ts).
    assert.match(testLines(ran.stdout)[0]!, /^type-checked strictly by TypeScript 5\.\d+\.\d+ against /);
    assert.match(testLines(ran.stdout)[1]!, /^0 diagnostics in \/.*listings-own-import-.*\/step\.ts$/);
  } finally {
    rmSync(ownImportDir, { recursive: true, force: true });
  }
});

const refused = writeRefusedFolders();
const { broken, noExport, swapped, otherAnswer } = refused;

const missing = join(tmpdir(), "listings-test-no-such-folder");
const empty = mkdtempSync(join(tmpdir(), "listings-test-"));
const notAListing = join(PROJECT_ROOT, "package.json");
const cases: [string, RegExp][] = [
  [
    missing,
    /^listings: .*listings-test-no-such-folder: no such folder; give the folder that holds your research-agent\.ts and\/or step\.ts\n$/,
  ],
  [empty, /^listings: .* holds neither research-agent\.ts nor step\.ts; name the files as the book's listings\n$/],
  [broken.dir, /^listings: \/.*\/step\.ts:\d+: error TS2769: No overload matches this call\.\n$/],
  [
    noExport.dir,
    /^listings: \/.*\/step\.ts does not export StepFailure; the book's step listing exports StepOptions, StepFailure, StepFailed, step\n$/,
  ],
  [
    swapped.dir,
    /^listings: \/.*\/step\.ts: new StepFailed\("the message", "provider"\) has message "provider" and kind "the message"; the book's constructor takes \(message, kind\)/,
  ],
  [
    otherAnswer.dir,
    /^listings: \/.*\/research-agent\.ts: lookupEvidence\(corpus\)\.execute answers without content and details\.hits arrays/,
  ],
  [notAListing, /^listings: .*package\.json is neither a folder nor research-agent\.ts or step\.ts; give the folder/],
];

test("listings: a folder that cannot stand in for the listings is one line per problem, exit 2, nothing written", async () => {
  // Run after the four above, not beside them: with an empty compile store (a fresh clone, CI)
  // eight type-checks at once on two cores made this file 6 to 14 s slower.
  try {
    const status = (await runCommand("git", ["status", "--porcelain"], { cwd: PROJECT_ROOT })).stdout;
    const runs = await Promise.all(cases.map(([dir]) => listings(dir)));
    const after = (await runCommand("git", ["status", "--porcelain"], { cwd: PROJECT_ROOT })).stdout;
    runs.forEach((ran, i) => {
      const [dir, expected] = cases[i]!;
      assert.equal(ran.code, 2, `${dir}: ${ran.stdout}${ran.stderr}`);
      assert.equal(ran.stdout, "", dir);
      assert.match(ran.stderr, expected);
      assert.equal(ran.stderr.trimEnd().split("\n").length, 1, ran.stderr);
    });
    assert.equal(after, status);
  } finally {
    rmSync(empty, { recursive: true, force: true });
    refused.remove();
  }
});

import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { ended } from "../lib/processes.ts";
import {
  countsIn,
  FILE_STOPPED_STATUS,
  fileArgs,
  firstRunDurationsFile,
  readDurations,
  runTestFiles,
  schedule,
  slowestFirst,
  suitePlan,
  togetherFlags,
  withoutSummary,
  type SuitePlan,
} from "./run-files.ts";
import { needsAProcessOfItsOwn, runsTheCheckout, testFiles } from "./test-files.ts";
import { scratchDir } from "../lib/scratch-dir.ts";

const PASSES = "scripts/test/fixtures/passes.test.ts";
const FAILS = "scripts/test/fixtures/fails.test.ts";
const HANGS = "scripts/test/fixtures/hangs.test.ts";
const RUNS_PI = "scripts/test/fixtures/runs-pi.test.ts";
const THROWS_AT_LOAD = "scripts/test/fixtures/throws-at-load.test.ts";
const WARNS = "scripts/test/fixtures/warns.test.ts";
const SNAPSHOT_ENV = "scripts/test/fixtures/kernel-snapshot-env.test.ts";

/** Runs the suite over fixture files, two at a time, collecting what it printed and its durations file. */
async function runSuite(files: string[], plan: Partial<SuitePlan> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const durationsFile = join(scratchDir("run-files"), "durations.json");
  const status = await runTestFiles(
    {
      files,
      jobs: 2,
      oneAtATime: new Set(),
      durationsFile,
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      ...plan,
    },
    PROJECT_ROOT,
  );
  return { status, printed: out.join(""), err, durationsFile };
}

test("test:unit starts the slowest files of the last run first, and a file never timed before them", () => {
  assert.deepEqual(slowestFirst(["a", "b", "c", "new"], { a: 10, b: 300, c: 20 }), ["new", "b", "c", "a"]);
});

test("test:unit: a clone without .cache/ orders its files by the committed first-run durations, and a run of its own replaces them", () => {
  const dir = scratchDir("test-unit-durations");
  const last = join(dir, "last.json");
  const firstRun = join(dir, "first-run.json");
  // Named so that name order (what a file never timed gets) is the reverse of the durations'.
  writeFileSync(firstRun, JSON.stringify({ "z-heavy": 60_000, "a-light": 100 }));
  assert.deepEqual(slowestFirst(["a-light", "z-heavy"], readDurations(last, firstRun)), ["z-heavy", "a-light"]);
  writeFileSync(last, JSON.stringify({ "z-heavy": 10, "a-light": 100 }));
  assert.deepEqual(slowestFirst(["z-heavy", "a-light"], readDurations(last, firstRun)), ["a-light", "z-heavy"]);
  assert.equal(suitePlan(PROJECT_ROOT).firstRunDurationsFile, firstRunDurationsFile(PROJECT_ROOT));
});

test("test:unit: the committed first-run durations name only files of the suite, each with a whole number of ms", () => {
  const committed = JSON.parse(readFileSync(firstRunDurationsFile(PROJECT_ROOT), "utf8")) as Record<string, number>;
  const files = new Set(testFiles(PROJECT_ROOT));
  const stale = Object.keys(committed).filter((file) => !files.has(file) && !/^\d+ files in one process$/.test(file));
  assert.deepEqual(stale, [], "rewrite it: npm run test:unit -- --write-first-run-order (on a fresh clone, at idle)");
  assert.ok(Object.values(committed).every((ms) => Number.isInteger(ms) && ms >= 0));
});

test("test:unit runs at most `jobs` files at once, and never two of the exclusive ones together, yet runs every file", async () => {
  const exclusive = new Set(["x1", "x2", "x3"]);
  const now = new Set<string>();
  let most = 0;
  const overlaps: string[] = [];
  const ran = await schedule(["x1", "x2", "a", "x3", "b", "c", "d"], 3, exclusive, async (file) => {
    now.add(file);
    most = Math.max(most, now.size);
    const together = [...now].filter((other) => exclusive.has(other));
    if (together.length > 1) overlaps.push(together.join(" + "));
    await sleep(file.startsWith("x") ? 30 : 10);
    now.delete(file);
    return file;
  });
  assert.deepEqual([...ran].sort(), ["a", "b", "c", "d", "x1", "x2", "x3"]);
  assert.deepEqual(overlaps, []);
  assert.equal(most, 3);
});

test("test:unit: one worker takes the slowest files first and the other the quickest, so the slowest two do not start side by side", async () => {
  const started: string[] = [];
  await schedule(["slowest", "slow", "middle", "quick", "quickest"], 2, new Set(), async (file) => {
    started.push(file);
    await sleep(file.startsWith("slow") ? 30 : 5);
    return file;
  });
  assert.deepEqual(started.slice(0, 2), ["slowest", "quickest"]);
  assert.deepEqual([...started].sort(), ["middle", "quick", "quickest", "slow", "slowest"]);
});

test("test:unit starts the next exclusive file whenever none runs, so that their chain never ends the suite with a worker idle", async () => {
  const started: string[] = [];
  await schedule(["a", "b", "c", "x1", "x2", "d", "e", "f"], 2, new Set(["x1", "x2"]), async (file) => {
    started.push(file);
    await sleep(file.startsWith("x") ? 120 : 30);
    return file;
  });
  // x1 at once; x2 as x1 ends, while the other worker still has files to run (taken in turn, both came last).
  assert.equal(started[0], "x1");
  assert.ok(started.indexOf("x2") < started.length - 1, started.join(" "));
  assert.deepEqual([...started].sort(), ["a", "b", "c", "d", "e", "f", "x1", "x2"]);
});

test("test:unit's summary sums the files' spec summaries, and a file's own summary is not printed", () => {
  const file = "✔ a (1ms)\nℹ tests 2\nℹ suites 0\nℹ pass 1\nℹ fail 1\nℹ skipped 0\nℹ duration_ms 8.5\n";
  const counts = countsIn(file, { tests: 1, pass: 1, fail: 0, skipped: 0, todo: 0, cancelled: 0 });
  assert.deepEqual(counts, { tests: 3, pass: 2, fail: 1, skipped: 0, todo: 0, cancelled: 0 });
  assert.equal(withoutSummary(file), "✔ a (1ms)\n");
});

test("test:unit runs each file in its own process without a second one under --test, and loads Pi ahead of tsx only for a file that runs Pi", () => {
  const preload = (args: string[]) => args.filter((arg) => arg.endsWith("preload-pi.mjs")).length;
  for (const file of [PASSES, RUNS_PI]) {
    const args = fileArgs(file, PROJECT_ROOT);
    assert.ok(!args.includes("--test"), args.join(" "));
    assert.deepEqual(args.slice(-4), ["--import", "tsx", "--test-reporter=spec", file]);
  }
  assert.equal(preload(fileArgs(PASSES, PROJECT_ROOT)), 0);
  assert.equal(preload(fileArgs(RUNS_PI, PROJECT_ROOT)), 1);
  assert.equal(preload(fileArgs("examples/ch38-typed-step/step.test.ts", PROJECT_ROOT)), 1);
});

test("test:unit: a file that runs Pi passes with Pi loaded ahead; one that throws at load reports no tests, and one that prints a process warning (for a developer, not a reader) fails the run", async () => {
  const { status, printed } = await runSuite([RUNS_PI, THROWS_AT_LOAD, WARNS]);
  assert.equal(status, 1, printed);
  assert.match(printed, /: 2 tests, 2 pass, 0 fail,/);
  assert.match(printed, /thrown at load, on purpose/);
  assert.match(
    printed,
    /2 of 3 files failed: scripts\/test\/fixtures\/throws-at-load\.test\.ts \(reported no tests\), scripts\/test\/fixtures\/warns\.test\.ts \(printed a process warning: Warning: a warning meant for the developer\)\n/,
  );
});

test("test:unit: every file's kernels start without the checkout's snapshot (PI_COMPANION_KERNEL_SNAPSHOT=off), whatever the caller set", async () => {
  const saved = process.env.PI_COMPANION_KERNEL_SNAPSHOT;
  process.env.PI_COMPANION_KERNEL_SNAPSHOT = join(PROJECT_ROOT, ".cache", "kernel-snapshot");
  try {
    const { status, printed } = await runSuite([SNAPSHOT_ENV]);
    assert.equal(status, 0, printed);
  } finally {
    if (saved === undefined) delete process.env.PI_COMPANION_KERNEL_SNAPSHOT;
    else process.env.PI_COMPANION_KERNEL_SNAPSHOT = saved;
  }
});

test("test:unit: a failing file makes the run exit 1 and is named; progress counts files; the durations are kept", async () => {
  const { status, printed, err, durationsFile } = await runSuite([PASSES, FAILS], { progressMs: 200 });
  assert.equal(status, 1, printed);
  assert.match(
    printed,
    /test:unit: 2 files in \d+ s, 2 at a time: 4 tests, 2 pass, 1 fail, 1 skipped, 0 todo, 0 cancelled\n/,
  );
  assert.match(printed, /test:unit: 1 of 2 files failed: scripts\/test\/fixtures\/fails\.test\.ts\n/);
  assert.match(printed, /── scripts\/test\/fixtures\/fails\.test\.ts \(\d+ s, exit 1\)\n/);
  assert.match(printed, /fails on purpose/);
  assert.ok(
    err.every((line) => /^test:unit: [0-2]\/2 files, \d+ s( \(running .+\))?\n$/.test(line)),
    err.join(""),
  );
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(durationsFile, "utf8"))).sort(), [FAILS, PASSES]);
});

test(
  "test:unit: a file that hangs is stopped at its bound with what it had started, named as stopped, and the run exits 1 (CI once ran 45 min into a hung file)",
  { timeout: 60_000 },
  async () => {
    const dir = scratchDir("run-files");
    const pidFile = join(dir, "sleeper.pid");
    process.env.HANGS_PID_FILE = pidFile;
    const started = Date.now();
    const { status, printed } = await runSuite([HANGS, PASSES], { fileLimitMs: 4_000 });
    delete process.env.HANGS_PID_FILE;
    assert.equal(status, 1, printed);
    assert.ok(Date.now() - started < 60_000, `the run took ${Date.now() - started} ms`);
    assert.match(
      printed,
      new RegExp(`── ${HANGS.replace(/[./]/g, "\\$&")} \\(\\d+ s, exit ${FILE_STOPPED_STATUS}\\)\n`),
    );
    assert.match(printed, /was stopped after 4 s, its bound: it had not finished/);
    assert.match(
      printed,
      /1 of 2 files failed: scripts\/test\/fixtures\/hangs\.test\.ts \(stopped at its bound, 4 s\)/,
    );
    assert.ok(existsSync(pidFile), "the hanging file started its sleeper");
    const sleeper = Number(readFileSync(pidFile, "utf8"));
    // SIGKILL lands a moment after the file's pipes close; a killed process not yet reaped is a zombie (isRunning).
    assert.ok(await ended(sleeper, 5_000), `the sleeper ${sleeper} that the stopped file started is still running`);
  },
);

test("test:unit: the files that run the project's commands against the checkout are the ones told apart", () => {
  const files = testFiles(PROJECT_ROOT);
  const apart = files.filter((file) => runsTheCheckout(PROJECT_ROOT, file));
  // The ledger at the pin and a reader's listings compared with git status; a pure unit test is not.
  for (const file of ["scripts/ledger/ledger.test.ts", "scripts/listings/listings.test.ts"])
    assert.ok(apart.includes(file), file);
  assert.ok(!apart.includes("scripts/lib/pool.test.ts"));
});

test("test:unit runs in one process the examples/ tests and the scripts/ tests that start no child and type-check in no shared program", () => {
  const together = suitePlan(PROJECT_ROOT).together ?? [];
  assert.ok(together.includes("examples/ch38-typed-step/step.test.ts"));
  assert.ok(together.includes("scripts/lib/markdown-table.test.ts"), "a scripts/ test that imports no child_process");
  assert.ok(!together.includes("scripts/lib/commands.test.ts"), "commands.test.ts starts children and waits on them");
  assert.ok(
    !together.includes("scripts/toolchain/compile.test.ts"),
    "compile.test.ts type-checks in the shared program",
  );
  assert.ok(together.length >= 80, `${together.length} files`);
  assert.deepEqual(
    together.filter((file) => runsTheCheckout(PROJECT_ROOT, file)),
    [],
  );
  // Through relative imports, at run time: command.ts imports node:child_process, and a type-only import runs nothing.
  assert.equal(needsAProcessOfItsOwn(join(PROJECT_ROOT, "scripts/lib/command.ts")), true);
  assert.equal(needsAProcessOfItsOwn(join(PROJECT_ROOT, "scripts/lib/whoever-reads.test.ts")), true);
  assert.equal(needsAProcessOfItsOwn(join(PROJECT_ROOT, "scripts/toolchain/compile.ts")), true);
  assert.equal(needsAProcessOfItsOwn(join(PROJECT_ROOT, "scripts/lib/markdown-table.ts")), false);
});

test("test:unit: of the files run in one process, a failing one and one that does not load are each named, the others still run, and progress counts every file", async () => {
  const { status, printed, err } = await runSuite([FAILS, PASSES, RUNS_PI, THROWS_AT_LOAD], {
    together: [FAILS, THROWS_AT_LOAD, RUNS_PI],
    progressMs: 100,
  });
  assert.equal(status, 1, printed);
  assert.match(printed, /── 3 files in one process \(\d+ s, exit 1\)\n/);
  assert.match(
    printed,
    /test:unit: 4 files in \d+ s \(3 files in one process\), 2 at a time: 5 tests, 3 pass, 1 fail, 1 skipped,/,
  );
  assert.match(
    printed,
    /test:unit: 2 of 4 files failed: scripts\/test\/fixtures\/fails\.test\.ts \(failed: fails on purpose; run with 3 files in one process\), scripts\/test\/fixtures\/throws-at-load\.test\.ts \(did not load: Error: thrown at load, on purpose; run with 3 files in one process\)\n/,
  );
  assert.ok(
    err.every((line) => /^test:unit: [0-4]\/4 files, \d+ s( \(running .+\))?\n$/.test(line)),
    err.join(""),
  );
});

test("test:unit: files run in one process that all pass and load pass, Pi loaded ahead of tsx when one runs Pi", async () => {
  const preload = (args: string[]) => args.filter((arg) => arg.endsWith("preload-pi.mjs")).length;
  assert.equal(preload(togetherFlags([PASSES, RUNS_PI], PROJECT_ROOT)), 1);
  assert.equal(preload(togetherFlags([PASSES, FAILS], PROJECT_ROOT)), 0);
  const { status, printed } = await runSuite([PASSES, RUNS_PI], { together: [PASSES, RUNS_PI] });
  assert.equal(status, 0, printed);
  assert.match(printed, /: 3 tests, 2 pass, 0 fail, 1 skipped,/);
});

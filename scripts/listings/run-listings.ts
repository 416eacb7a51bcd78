import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { listingSources } from "../toolchain/listing-source.ts";
import { PACKAGE_NAMES, type InstalledPi } from "../toolchain/pin.ts";
import { withPiFirst } from "../../examples/support/preload-pi.ts";
import { EXAMPLES_DIR, ROLE_FOLDERS } from "../lib/layout.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { inOneProcess, type OneProcessReport, type TestLine } from "../lib/test-lines.ts";
import { withoutRunnerFlags } from "../lib/runner-flags.ts";
import { fitLines, outputWidth } from "../../examples/support/output-width.ts";
import { checkShapes } from "./check-listings.ts";
import { compileReaderListingsKept } from "./compile-store.ts";
import { listingsReachedBy } from "./reaches.ts";

/** Where the command writes: results to `out`, problems to `err`. */
export interface ListingsIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** How much of each failure to print: its reason in two lines, or (`verbose`) all of it with the assertion's diff. */
export interface ListingsOptions {
  verbose: boolean;
}

const WHY_INDENT = "          ";

/** A failure's reason under its FAIL line: two reasons, each in at most two lines, unless verbose; fitted to the width. */
export function failureLines(test: TestLine, verbose: boolean, width: number = outputWidth()): string[] {
  const why = test.why ?? ["no reason reported"];
  const fit = (line: string) => fitLines(line, width).split("\n");
  if (verbose) {
    const detail = (test.detail ?? "").split("\n").filter((line) => line.trim() !== "");
    return [
      ...why.flatMap((line) => fit(`${WHY_INDENT}${line}`)),
      ...detail.flatMap((line) => fit(`${WHY_INDENT}| ${line}`)),
    ];
  }
  const more = " … (--verbose: all of it)";
  return why.slice(0, 2).flatMap((line, i, shown) => {
    const lines = fit(`${WHY_INDENT}${line}`);
    const cut = lines.length > 2 || (i === shown.length - 1 && why.length > 2);
    if (!cut) return lines;
    const kept = lines.slice(0, 2);
    kept[kept.length - 1] = `${kept.at(-1)!.slice(0, Math.max(WHY_INDENT.length, width - more.length))}${more}`;
    return kept;
  });
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === ROLE_FOLDERS.fixture ? [] : testFiles(path);
    return entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The chapter tests (examples/**\/*.test.ts) that load a listing the reader's folder provides. */
export function testsOfReaderListings(): string[] {
  const theirs = new Set(
    listingSources()
      .filter((s) => s.reader)
      .map((s) => s.name),
  );
  return testFiles(join(PROJECT_ROOT, EXAMPLES_DIR))
    .filter((file) => [...listingsReachedBy(file)].some((name) => theirs.has(name)))
    .sort();
}

/** The chapter tests' run: each top-level test as it ended, and the files that did not load, with why. */
export type TestsRun = OneProcessReport;

/**
 * Runs `files` under node:test with this process's flags (tsx and the listings hook), all in
 * one child process (the files share its module cache, as Node 22's
 * `--experimental-test-isolation=none` has them do).
 */
export async function runTests(files: readonly string[]): Promise<TestsRun> {
  const { NODE_TEST_CONTEXT: _runner, ...env } = process.env;
  const flags = withoutRunnerFlags(process.execArgv);
  const { report } = await inOneProcess(
    files,
    (rest) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [...withPiFirst(flags), ...rest], {
          env,
          stdio: "ignore",
          cwd: PROJECT_ROOT,
        });
        child.on("error", reject);
        child.on("close", () => resolve());
      }),
  );
  return report;
}

/**
 * The listings command in the process that runs the reader's listings: the strict
 * type-check, the shapes the callers rely on, then the tests. 0 all passed, 1 one failed,
 * 2 the folder cannot stand in for the listings (one line per problem).
 */
export async function runListings(
  install: InstalledPi,
  shown: readonly string[],
  io: ListingsIo,
  options: ListingsOptions = { verbose: false },
): Promise<number> {
  const compiled = await compileReaderListingsKept(install);
  if (compiled.problem !== undefined) {
    for (const line of compiled.problem.lines) io.err(`listings: ${line}\n`);
    return 2;
  }
  const shapes = await checkShapes();
  if (shapes !== undefined) {
    for (const line of shapes.lines) io.err(`listings: ${line}\n`);
    return 2;
  }
  io.out(
    fitLines(
      `type-checked strictly by ${compiled.checkedBy} against ${PACKAGE_NAMES.core} ${install.core} and ${PACKAGE_NAMES.ai} ${install.ai}:`,
    ) + "\n",
  );
  io.out(fitLines(`0 diagnostics in ${shown.join(", ")}`) + "\n");
  const files = testsOfReaderListings();
  const { lines, unloaded } = await runTests(files);
  const byFile = new Map(files.map((f) => [f, [] as TestLine[]]));
  for (const line of lines) byFile.get(line.file)?.push(line) ?? byFile.set(line.file, [line]);
  // A file's name, then one line per test under it (wrapped under its name where it is wider than the output).
  for (const [file, tests] of byFile) {
    io.out(`${relative(PROJECT_ROOT, file)}\n`);
    if (tests.length === 0) {
      const why = unloaded.get(file);
      io.out(fitLines(`  FAIL  no test ran (the file did not load${why === undefined ? "" : `: ${why}`})`) + "\n");
    }
    for (const test of tests) {
      io.out(fitLines(`  ${test.passed ? "ok  " : "FAIL"}  ${test.name}`) + "\n");
      if (!test.passed) for (const line of failureLines(test, options.verbose)) io.out(`${line}\n`);
    }
  }
  const passed = lines.filter((l) => l.passed).length;
  const failed = lines.length - passed + [...byFile.values()].filter((t) => t.length === 0).length;
  io.out(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { preloadPiBefore } from "../../examples/support/preload-pi.ts";
import { writeFileAtomically } from "../lib/atomic-write.ts";
import { elapsed } from "../lib/heartbeat.ts";
import { inOneProcess } from "../lib/test-lines.ts";
import { modulePullsInPi } from "../toolchain/runs-pi.ts";
import { runsTheCheckout, runsTogether, testFiles } from "./test-files.ts";

/** One test file's run (or the run of the files run together): its exit status, its spec output and how long it took. */
export interface FileRun {
  file: string;
  code: number;
  output: string;
  ms: number;
  /** For the files run together: each one, and why it failed (undefined when it passed). */
  together?: { file: string; failed: string | undefined }[];
}

/** The suite's counts, summed from each file's spec summary (`ℹ tests 5` …). */
export interface SuiteCounts {
  tests: number;
  pass: number;
  fail: number;
  skipped: number;
  todo: number;
  cancelled: number;
}

/** How the unit suite runs its files: how many at once, which one at a time, where it writes. */
export interface SuitePlan {
  files: readonly string[];
  /** The Node that runs each file (default: this one). */
  node?: string;
  /** Files run at once. */
  jobs: number;
  /** Files that must not overlap each other (they run the project's entry points against the checkout). */
  oneAtATime: ReadonlySet<string>;
  /** Files run together in one process, one after another, in place of a process each. */
  together?: readonly string[];
  /** The durations of the last run (file → ms), read to start the slowest files first. */
  durationsFile: string;
  /** The durations read when `durationsFile` is absent (a fresh clone): committed, from a measured run. */
  firstRunDurationsFile?: string;
  /** Where every file's output and the summary go. */
  out: (text: string) => void;
  /** Where the progress lines go. */
  err: (text: string) => void;
  /** How often a progress line is printed. */
  progressMs?: number;
  /** How long one file may run before it is stopped and counted as failed (default FILE_LIMIT_MS). */
  fileLimitMs?: number;
}

/**
 * How long one test file may run. The slowest file (the kernel's reader behaviours) takes
 * about 6 min on 2 busy cores; a file still running at 20 min is hung, and without a bound
 * it would run until CI's own limit and take the whole log with it.
 */
export const FILE_LIMIT_MS = 20 * 60_000;

// `ℹ tests 5` in the spec reporter's summary of one file (colours aside).
const COLOURS = /\u001b\[[0-9;]*m/g;
const COUNT = /^ℹ (tests|pass|fail|skipped|todo|cancelled) (\d+)$/;
const SUMMARY = /^ℹ (tests|suites|pass|fail|skipped|todo|cancelled|duration_ms) [\d.]+$/;

/** A file's output without its spec summary, which the suite's one summary line sums. */
export function withoutSummary(output: string): string {
  return output
    .split("\n")
    .filter((line) => !SUMMARY.test(line.replace(COLOURS, "").trim()))
    .join("\n");
}

// A process warning (`(node:123) Warning: …`, `(node:123) [DEP0040] DeprecationWarning: …`):
// meant for a developer, it reads to a reader like something went wrong, so a file that
// prints one fails the run although its tests passed. Node's own ExperimentalWarning is about
// Node, not the project, and the Node 22 row may meet one.
const NODE_WARNING = /^\(node:\d+\) (?:\[\w+\] )?(?!ExperimentalWarning)\w*Warning: .*$/m;

/** The first process warning in a file's output, if it printed one. */
export function warningIn(output: string): string | undefined {
  return NODE_WARNING.exec(output.replace(COLOURS, ""))?.[0].replace(/^\(node:\d+\) /, "");
}

/** Sums the spec summaries in `output` (one per file). */
export function countsIn(output: string, into: SuiteCounts): SuiteCounts {
  for (const line of output.replace(COLOURS, "").split("\n")) {
    const [, name, value] = COUNT.exec(line.trim()) ?? [];
    if (name !== undefined) into[name as keyof SuiteCounts] += Number(value);
  }
  return into;
}

/**
 * The durations of an earlier run, or, when there was none here, of the run `firstRun` keeps;
 * none when neither is there (or can be read).
 */
export function readDurations(path: string, firstRun?: string): Record<string, number> {
  const chosen = [path, firstRun].find((file) => file !== undefined && existsSync(file));
  try {
    return chosen === undefined ? {} : (JSON.parse(readFileSync(chosen, "utf8")) as Record<string, number>);
  } catch {
    return {};
  }
}

/**
 * The files in the order they start: slowest first by the last run's durations (a file not
 * timed before counts as slowest), so that the longest files do not start last and leave
 * the other workers idle at the end.
 */
export function slowestFirst(files: readonly string[], durations: Readonly<Record<string, number>>): string[] {
  const took = (file: string) => durations[file] ?? Number.POSITIVE_INFINITY;
  return [...files].sort((a, b) => took(b) - took(a) || a.localeCompare(b));
}

// Each file runs in a process group of its own, so that a file stopped at its bound takes the
// drivers and kernels it started with it; the groups still running when the suite itself is
// stopped (Ctrl-C, CI's own limit) are stopped too.
const runningGroups = new Set<number>();
let stopsGroupsOnExit = false;
function stopGroupsOnExit(): void {
  if (stopsGroupsOnExit) return;
  stopsGroupsOnExit = true;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      for (const group of runningGroups) stopGroup(group);
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  }
}
function stopGroup(group: number): void {
  try {
    process.kill(-group, "SIGKILL");
  } catch {
    // The group has ended already.
  }
}

/**
 * The command line that runs one test file. The file runs in the process itself, not under
 * `--test` (which starts a second process per file, about 0.1 s of CPU each at idle), with the spec
 * reporter, whose summary `countsIn` reads. A file that runs Pi loads it before tsx's hooks:
 * on Node 20 they run on a thread of their own, and Pi's 700 modules through it cost about
 * 1 s of CPU per file.
 */
export function fileArgs(file: string, cwd: string): string[] {
  const loader = ["--import", "tsx"];
  const preload = modulePullsInPi(resolve(cwd, file)) ? preloadPiBefore(loader) : [];
  return [...preload, ...loader, "--test-reporter=spec", file];
}

/** Runs one test file with the spec reporter, collecting stdout and stderr together; stops it after `limitMs`. */
function runFile(node: string, file: string, cwd: string, limitMs: number): Promise<FileRun> {
  return runChild(node, fileArgs(file, cwd), file, cwd, limitMs);
}

/** The name the files run together go by in the output, the summary and the durations. */
export const togetherName = (files: readonly string[]): string => `${files.length} files in one process`;

/**
 * The flags ahead of {@link inOneProcess}'s arguments when `files` run in one process: tsx,
 * Pi before it when one of them runs Pi, and the spec reporter on stdout beside the test lines.
 */
export function togetherFlags(files: readonly string[], cwd: string): string[] {
  const loader = ["--import", "tsx"];
  const preload = files.some((file) => modulePullsInPi(resolve(cwd, file))) ? preloadPiBefore(loader) : [];
  return [...preload, ...loader, "--test-reporter=spec", "--test-reporter-destination=stdout"];
}

/**
 * Runs `files` in one process and says of each whether it failed: a failing top-level test,
 * or not loading. The examples/ tests, 50 files, took 29.5 CPU-s as a process each and
 * 5.9 CPU-s in one (idle, 2 cores): a process each pays tsx, Pi and the project's support
 * modules again.
 */
async function runTogether(node: string, files: readonly string[], cwd: string, limitMs: number): Promise<FileRun> {
  const flags = togetherFlags(files, cwd);
  const { ran, report } = await inOneProcess(files, (rest) =>
    runChild(node, [...flags, ...rest], togetherName(files), cwd, limitMs),
  );
  const failing = new Map<string, string>();
  for (const line of report.lines)
    if (!line.passed) failing.set(line.file, failing.get(line.file) ?? `failed: ${line.name}`);
  const notLoaded = new Map([...report.unloaded].map(([file, why]) => [resolve(cwd, file), `did not load: ${why}`]));
  const why = (file: string) => notLoaded.get(resolve(cwd, file)) ?? failing.get(resolve(cwd, file));
  return { ...ran, together: files.map((file) => ({ file, failed: why(file) })) };
}

/**
 * What every test file's environment sets, whatever the caller's says. The kernels tests start
 * use no startup snapshot, as on a fresh clone (`.ci/run`): a kernel whose inputs differ from
 * the checkout's snapshot (a reader's PI_COMPANION_LISTINGS, set by some tests) rebuilt it in
 * the background, about 20 s of CPU during the run, and left the developer's notebooks cold.
 * kernel-snapshot.test.ts builds and starts its own, in a directory of its own.
 */
export const SUITE_ENV = { PI_COMPANION_KERNEL_SNAPSHOT: "off" } as const;

/** Runs `node args` as the test run `name`, collecting stdout and stderr together; stops it after `limitMs`. */
function runChild(node: string, args: string[], name: string, cwd: string, limitMs: number): Promise<FileRun> {
  const started = Date.now();
  // Run inside another test runner (this module's own test), NODE_TEST_CONTEXT would make the
  // child skip its file and report to a parent that is not listening.
  const { NODE_TEST_CONTEXT: _runner, ...inherited } = process.env;
  const env = { ...inherited, ...SUITE_ENV };
  stopGroupsOnExit();
  return new Promise((resolve) => {
    const child = spawn(node, args, {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const group = child.pid;
    if (group !== undefined) runningGroups.add(group);
    const chunks: Buffer[] = [];
    let stopped = false;
    const bound = setTimeout(() => {
      stopped = true;
      if (group !== undefined) stopGroup(group);
    }, limitMs);
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code) => {
      clearTimeout(bound);
      if (group !== undefined) runningGroups.delete(group);
      const output = Buffer.concat(chunks).toString("utf8");
      resolve({
        file: name,
        code: stopped ? FILE_STOPPED_STATUS : (code ?? 1),
        output: stopped
          ? `${output}\n✖ ${name} was stopped after ${elapsed(limitMs)}, its bound: it had not finished (the tests above are the ones that ended)\n`
          : output,
        ms: Date.now() - started,
      });
    });
  });
}

/** The status of a file stopped at its bound (as `timeout` gives). */
export const FILE_STOPPED_STATUS = 124;

/**
 * Runs `work` over `order`, `jobs` at once, passing over one of `exclusive` while another of
 * them runs (so a worker never sits waiting for it), and starting the next of them, slowest
 * first, whenever none runs. Half the workers take the files from the
 * front of `order` (the slowest first), the others from the back (the quickest first): the
 * slowest files start first yet seldom run beside each other. They start children of their
 * own (kernels, ledger runs, compiles), so two of them side by side ask for more than two
 * cores: all taken slowest first, the suite took 10 min 45 s at idle where name order took
 * 8 min 50 s, and a kernel once found the port Jupyter chose for it taken.
 */
export async function schedule<R>(
  order: readonly string[],
  jobs: number,
  exclusive: ReadonlySet<string>,
  work: (file: string) => Promise<R>,
): Promise<R[]> {
  const waiting = [...order];
  const results: R[] = [];
  let exclusiveRunning = false;
  const sleepers: (() => void)[] = [];
  const free = (file: string) => !(exclusiveRunning && exclusive.has(file));
  async function worker(fromTheBack: boolean): Promise<void> {
    while (waiting.length > 0) {
      // The exclusive files run one after another, so a free worker starts the next of them as
      // soon as none runs: taken like any other, the last two (ledger --listings and listings,
      // 1 min 01 s) ran one after the other at the end of a fresh clone's run, a core idle.
      const nextExclusive = exclusiveRunning ? -1 : waiting.findIndex((file) => exclusive.has(file));
      const index =
        nextExclusive >= 0 ? nextExclusive : fromTheBack ? waiting.findLastIndex(free) : waiting.findIndex(free);
      if (index < 0) {
        // Only files that must wait for the exclusive one are left: wait until it ends.
        await new Promise<void>((resolve) => sleepers.push(resolve));
        continue;
      }
      const [file] = waiting.splice(index, 1) as [string];
      const isExclusive = exclusive.has(file);
      if (isExclusive) exclusiveRunning = true;
      results.push(await work(file));
      if (isExclusive) {
        exclusiveRunning = false;
        for (const wake of sleepers.splice(0)) wake();
      }
    }
  }
  const workers = Math.max(1, Math.min(jobs, order.length));
  await Promise.all(Array.from({ length: workers }, (_, i) => worker(i % 2 === 1)));
  return results;
}

/**
 * Runs every file of `plan` as its own `node --test` process, `plan.jobs` at once, and prints
 * each file's output whole when it ends (so files never interleave), a progress line that
 * counts files, and the summary. Returns the exit status: 0 only when every file passed.
 */
export async function runTestFiles(plan: SuitePlan, cwd: string): Promise<number> {
  const started = Date.now();
  const together = plan.together ?? [];
  const inOne = new Set(together);
  const group = together.length > 0 ? togetherName(together) : undefined;
  const units = [...plan.files.filter((file) => !inOne.has(file)), ...(group === undefined ? [] : [group])];
  const order = slowestFirst(units, readDurations(plan.durationsFile, plan.firstRunDurationsFile));
  const limitMs = plan.fileLimitMs ?? FILE_LIMIT_MS;
  const running = new Set<string>();
  let done = 0;
  const progress = () => {
    const now = [...running].slice(0, 3).join(", ");
    plan.err(
      `test:unit: ${done}/${plan.files.length} files, ${elapsed(Date.now() - started)}${now === "" ? "" : ` (running ${now}${running.size > 3 ? ", …" : ""})`}\n`,
    );
  };
  const timer = setInterval(progress, plan.progressMs ?? 20_000);
  const runs = await schedule(order, plan.jobs, plan.oneAtATime, async (file) => {
    running.add(file);
    const node = plan.node ?? process.execPath;
    const run = await (file === group ? runTogether(node, together, cwd, limitMs) : runFile(node, file, cwd, limitMs));
    running.delete(file);
    done += run.together?.length ?? 1;
    plan.out(
      `── ${file} (${elapsed(run.ms)}${run.code === 0 ? "" : `, exit ${run.code}`})\n${withoutSummary(run.output)}`,
    );
    return run;
  });
  clearInterval(timer);

  const counts = runs.reduce((sum, run) => countsIn(run.output, sum), {
    tests: 0,
    pass: 0,
    fail: 0,
    skipped: 0,
    todo: 0,
    cancelled: 0,
  });
  // A file that printed no summary did not run its tests, whatever its exit status says.
  const reported = (run: FileRun) => /^ℹ tests \d+$/m.test(run.output.replace(COLOURS, ""));
  /** Why `run` fails the suite, as its name in the summary says, or undefined when it passed. */
  const failure = (run: FileRun): string | undefined => {
    if (run.code === FILE_STOPPED_STATUS) return `${run.file} (stopped at its bound, ${elapsed(limitMs)})`;
    if (!reported(run)) return `${run.file} (reported no tests)`;
    const warning = warningIn(run.output);
    if (warning !== undefined) return `${run.file} (printed a process warning: ${warning})`;
    return run.code === 0 ? undefined : run.file;
  };
  /** The files `run` fails, each as its name in the summary says: of the files run together, each that failed. */
  const failures = (run: FileRun): { file: string; named: string }[] => {
    const named = failure(run);
    const each = (run.together ?? []).flatMap(({ file, failed }) =>
      failed === undefined ? [] : [{ file, named: `${file} (${failed}; run with ${run.file})` }],
    );
    // A file that did not load fails though the others passed. Stopped, silent or warning, the
    // process failed as a whole; so did an exit that no file's failure explains.
    if (named === undefined || (named === run.file && each.length > 0)) return each;
    return [{ file: run.file, named }];
  };
  const failed = runs.flatMap(failures).sort((a, b) => a.file.localeCompare(b.file));
  writeFileAtomically(
    plan.durationsFile,
    `${JSON.stringify(Object.fromEntries(runs.map((run) => [run.file, run.ms])), null, 2)}\n`,
  );
  const slowest = [...runs]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5)
    .map((run) => `${run.file} ${elapsed(run.ms)}`);
  plan.out(
    [
      `test:unit: ${plan.files.length} files in ${elapsed(Date.now() - started)}${group === undefined ? "" : ` (${group})`}, ${plan.jobs} at a time: ${counts.tests} tests, ${counts.pass} pass, ${counts.fail} fail, ${counts.skipped} skipped, ${counts.todo} todo, ${counts.cancelled} cancelled`,
      `test:unit: slowest: ${slowest.join(", ")}`,
      ...(failed.length === 0
        ? []
        : [
            `test:unit: ${failed.length} of ${plan.files.length} files failed: ${failed.map((f) => f.named).join(", ")}`,
          ]),
      "",
    ].join("\n"),
  );
  return failed.length === 0 && counts.fail === 0 ? 0 : 1;
}

/** Where the durations of the last run of the suite (under `node`, when not this one) are kept (not committed). */
export const durationsFile = (root: string, node?: string): string =>
  join(root, ".cache", node === undefined ? "test-durations.json" : `test-durations-${node}.json`);

/**
 * The committed durations a clone without `.cache/` starts its files by, slowest first: from a
 * fresh clone's run at idle, written by `npm run test:unit -- --write-first-run-order`. Without
 * them a reader's first `npm test` started its files in name order, the slowest among the last.
 */
export const firstRunDurationsFile = (root: string): string =>
  join(root, "scripts", "test", "first-run-durations.json");

/** Files run at once by the suite: one per core. */
export const SUITE_JOBS = availableParallelism();

/**
 * The whole suite as `npm run test:unit` runs it, under this Node or under `node` (a path,
 * with a name for its durations file): every test file, one per core at once, the files that
 * run the project's commands against the checkout one at a time, output on stdout and
 * progress on stderr.
 */
export function suitePlan(root: string, node?: { path: string; name: string }): SuitePlan {
  const files = testFiles(root);
  const apart = new Set(files.filter((file) => runsTheCheckout(root, file)));
  return {
    files,
    ...(node === undefined ? {} : { node: node.path }),
    jobs: SUITE_JOBS,
    oneAtATime: apart,
    together: files.filter((file) => !apart.has(file) && runsTogether(root, file)),
    durationsFile: durationsFile(root, node?.name),
    firstRunDurationsFile: firstRunDurationsFile(root),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  };
}

import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { timeAsNpmRunsIt, type TimedProcess } from "./child-process.ts";
import { interleave, median, ratioQuartiles, type Contender } from "./interleave.ts";
import { elapsed } from "../lib/heartbeat.ts";
import { BOOT } from "../lib/npm-scripts.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { censusEnvironment, censusTable, readCensus, type CensusRow } from "./process-census.ts";
import { ratio, type BenchSection } from "./section.ts";

/** `npm test`, and the three expensive things it does at least once: its parts. */
const NPM_TEST = ["scripts/test/main.ts"] as const;
const PARTS = {
  typecheck: ["scripts/test/typecheck.ts"],
  ledger: ["scripts/ledger/main.ts", "--json", "--no-write"],
  notebooks: ["scripts/notebooks/main.ts"],
} as const;
const timed = ([entry, ...args]: readonly [string, ...string[]], root: string, env?: NodeJS.ProcessEnv) =>
  timeAsNpmRunsIt(entry, args, root, env);

/** `npm test` as package.json spells it. */
const NPM_TEST_LINE = `node --import ./${relative(PROJECT_ROOT, BOOT)} ${NPM_TEST.join(" ")}`;

/** How often a line says which run is under way: one npm test is minutes of silence otherwise. */
const TICK_MS = 30_000;
export type Part = keyof typeof PARTS;

const SUITE_TITLE = "npm test against the sum of its parts";

/** What `npm test` may take on two idle cores (issue 31). */
export const SUITE_TARGET_MS = 5 * 60_000;

/**
 * `npm test` whole beside the sum of its parts (the typecheck, one ledger run at the pin, one
 * run of the notebooks), interleaved: how much the unit tests add over what they cannot avoid.
 */
export async function measureSuite(
  root: string,
  repetitions: number,
  progress: (line: string) => void,
): Promise<BenchSection> {
  const title = SUITE_TITLE;
  const loadAtStart = loadavg()[0] ?? 0;
  const runs: { test: TimedProcess[] } & Record<Part, TimedProcess[]> = {
    test: [],
    typecheck: [],
    ledger: [],
    notebooks: [],
  };
  let census: { rows: CensusRow[]; ms: number } = { rows: [], ms: 0 };
  let now = "";
  let since = Date.now();
  const running = (what: string) => {
    now = what;
    since = Date.now();
  };
  const contenders: Contender[] = [
    {
      name: "test",
      run: async () => {
        running("npm test");
        // Every Node process it starts keeps its CPU time in the census (the last run's is reported).
        const dir = mkdtempSync(join(tmpdir(), "pi-suite-census-"));
        try {
          const run = await timed(NPM_TEST, root, censusEnvironment(dir));
          runs.test.push(run);
          census = { rows: readCensus(dir), ms: run.ms };
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    },
    {
      name: "parts",
      run: async () => {
        for (const part of Object.keys(PARTS) as Part[]) {
          running(`the ${part} part`);
          runs[part].push(await timed(PARTS[part], root));
        }
      },
    },
  ];
  const ticker = setInterval(() => progress(`suite: ${now} running, ${elapsed(Date.now() - since)} in`), TICK_MS);
  const samples = await interleave(contenders, repetitions, "wall", (done) =>
    progress(`suite: repetition ${done}/${repetitions}`),
  ).finally(() => clearInterval(ticker));
  for (const [name, list] of Object.entries(runs)) {
    const failed = list.find((run) => run.status !== 0);
    if (failed !== undefined)
      return {
        kind: "skipped",
        title,
        reason: notMeasuredBecause(name, failed),
      };
  }
  const load = `load ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end, ${availableParallelism()} cores`;
  const partTimes = Object.fromEntries(
    (Object.keys(PARTS) as Part[]).map((part) => [part, runs[part].map((run) => run.ms)]),
  ) as Record<Part, number[]>;
  return suiteSection(samples.test!, samples.parts!, partTimes, load, repetitions, { ...census, root });
}

/**
 * Why the section has no time: which run failed, and the ends of both its outputs, since the
 * test runner names the failing files on stdout and only its progress lines go to stderr.
 */
export function notMeasuredBecause(name: string, failed: TimedProcess): string {
  const said = [failed.stdoutTail, failed.stderrTail].filter((text) => text !== "").join(" | ");
  return `${name === "test" ? "npm test" : `the ${name} part`} exited with status ${failed.status} (${said}); a run that did not pass is not a time`;
}

/**
 * What the census says of the run it counted (`ms` long): the CPU its Node processes used,
 * and the least wall time that CPU needs on this machine's cores.
 */
function censusFinding(rows: readonly CensusRow[], ms: number): string {
  const cpuSeconds = rows.reduce((sum, row) => sum + row.cpuSeconds, 0);
  const cores = availableParallelism();
  const leastMs = (cpuSeconds / cores) * 1000;
  const verdict =
    leastMs > SUITE_TARGET_MS
      ? `more than the ${elapsed(SUITE_TARGET_MS)} target: reaching it needs less CPU, not only better packing`
      : `within the ${elapsed(SUITE_TARGET_MS)} target: the rest is waiting and packing`;
  return (
    `The last npm test's ${rows.length} Node processes used ${cpuSeconds.toFixed(0)} CPU-s (Python's Jupyter clients and Chromium not counted): ` +
    `on ${cores} cores that is at least ${elapsed(leastMs)} of its ${elapsed(ms)}, ${verdict}.`
  );
}

/** The section from the timings: `npm test` and its parts per repetition (ms), and the load they ran at. */
export function suiteSection(
  test: readonly number[],
  parts: readonly number[],
  partTimes: Readonly<Record<Part, readonly number[]>>,
  load: string,
  repetitions: number,
  census?: { rows: readonly CensusRow[]; ms: number; root: string },
): BenchSection {
  const title = SUITE_TITLE;
  const whole = median(test);
  const cpu = census === undefined ? [] : [censusFinding(census.rows, census.ms)];
  const [low, mid, high] = ratioQuartiles(test, parts);
  const partsRow = (part: Part) => [`  ${part}`, elapsed(median(partTimes[part])), ""];
  return {
    kind: "measured",
    title,
    method:
      `\`npm test\` (\`${NPM_TEST_LINE}\`: typecheck, notebooks, unit tests) beside its parts, each run as its npm script runs it, one after another: ` +
      `\`${PARTS.typecheck.join(" ")}\`, \`${PARTS.ledger.join(" ")}\` (every claim, nothing written) and \`${PARTS.notebooks.join(" ")}\`; ` +
      `interleaved, ${repetitions} run(s) each, first place rotating; medians, and the median of per-repetition ratios (${load}).`,
    tables: [
      {
        header: ["process", "median wall time", "npm test / parts"],
        rows: [
          ["npm test", elapsed(whole), ratio(mid)],
          ["sum of the parts", elapsed(median(parts)), ratio(1)],
          ...(Object.keys(PARTS) as Part[]).map(partsRow),
        ],
      },
      ...(census === undefined ? [] : [censusTable(census.rows, census.root)]),
    ],
    findings: [
      `npm test takes ${elapsed(whole)}, ${ratio(mid)} the sum of its parts (quartiles ${ratio(low)}–${ratio(high)}), measured side by side at ${load}; ` +
        `target at most ${elapsed(SUITE_TARGET_MS)} on two idle cores: ${whole <= SUITE_TARGET_MS ? "within" : "over"} it.`,
      ...cpu,
    ],
  };
}

import { readdirSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { FigureTable } from "./section.ts";

// Where a measured `npm test` spends its CPU, by what kind of process spent it: the 5-minute
// target (issue 31) is a question of CPU on two cores, and the suite's own figures (each
// file's wall time) hide the kernels, ledger runs and children a file starts.

const PROBE = fileURLToPath(new URL("./census-probe.cjs", import.meta.url));

/** One Node process of the census: its command line and the CPU it had used at its last write. */
export interface CensusRow {
  pid: number;
  ppid: number;
  argv: string[];
  cwd: string;
  cpuSeconds: number;
}

/**
 * The environment that puts every Node process started under it in the census kept in `dir`
 * (census-probe.cjs through NODE_OPTIONS, after any options already there). Processes that
 * are not Node (Python's Jupyter clients, Chromium) and Node processes started with an
 * environment of their own are not counted.
 */
export function censusEnvironment(dir: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const options = [env.NODE_OPTIONS, `--require ${JSON.stringify(PROBE)}`].filter((o) => o !== undefined && o !== "");
  return { ...env, NODE_OPTIONS: options.join(" "), PI_COMPANION_CENSUS_DIR: dir };
}

/** The census rows kept in `dir` (a row being written as it is read is left out). */
export function readCensus(dir: string): CensusRow[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(join(dir, name), "utf8")) as CensusRow];
      } catch {
        return [];
      }
    });
}

/** The kinds of process, in the order they are tried: the first whose test matches the script names the row's kind. */
const KINDS: { kind: string; matches: (script: string) => boolean }[] = [
  { kind: "kernels and their check services", matches: (s) => s.includes("scripts/notebooks/kernel/") },
  {
    kind: "test files (their own processes)",
    matches: (s) => s.endsWith(".test.ts") || s === "scripts/lib/test-files-in-one-process.ts",
  },
  { kind: "ledger runs (npm start)", matches: (s) => s === "scripts/ledger/main.ts" },
  { kind: "listings runs (npm run listings)", matches: (s) => s === "scripts/listings/main.ts" },
  { kind: "fuzz runs (npm run fuzz)", matches: (s) => s === "scripts/fuzz/main.ts" },
  {
    kind: "the examples' files run as children (counterexamples, demonstrations)",
    matches: (s) => s.startsWith("examples/"),
  },
  { kind: "test fixtures run as children", matches: (s) => s.startsWith("scripts/") && s.includes("/fixtures/") },
  { kind: "tsc", matches: (s) => /(^|\/)typescript\/bin\/tsc$|(^|\/)tsc$/.test(s) },
  { kind: "npm itself", matches: (s) => /(^|\/)npm(-cli\.js)?$/.test(s) },
  {
    kind: "the suite's runners (npm test, test:unit, typecheck, notebooks)",
    matches: (s) => s.startsWith("scripts/test/") || s === "scripts/notebooks/main.ts",
  },
  {
    kind: "the project's other commands (chapter tables, matrix, format, …)",
    matches: (s) => s.startsWith("scripts/"),
  },
];
const OTHER = "other Node processes (node -e, temporary fixtures)";

/** The kind of process `row` is, by its script (relative to `root` when inside it). */
export function kindOf(row: CensusRow, root: string): string {
  const first = row.argv[0] ?? "";
  const absolute = isAbsolute(first) ? first : join(row.cwd, first);
  const inRoot = relative(root, absolute);
  const script = (inRoot.startsWith("..") ? absolute : inRoot).split(sep).join("/");
  return KINDS.find(({ matches }) => matches(script))?.kind ?? OTHER;
}

/** CPU seconds and process counts by kind, most CPU first. */
export function censusByKind(
  rows: readonly CensusRow[],
  root: string,
): { kind: string; processes: number; cpuSeconds: number }[] {
  const kinds = new Map<string, { kind: string; processes: number; cpuSeconds: number }>();
  for (const row of rows) {
    const kind = kindOf(row, root);
    const entry = kinds.get(kind) ?? { kind, processes: 0, cpuSeconds: 0 };
    entry.processes += 1;
    entry.cpuSeconds += row.cpuSeconds;
    kinds.set(kind, entry);
  }
  return [...kinds.values()].sort((a, b) => b.cpuSeconds - a.cpuSeconds || a.kind.localeCompare(b.kind));
}

/** The census as the appendix prints it: a row per kind and a total, with each kind's share. */
export function censusTable(rows: readonly CensusRow[], root: string): FigureTable {
  const kinds = censusByKind(rows, root);
  const total = kinds.reduce((sum, k) => sum + k.cpuSeconds, 0);
  const share = (cpu: number) => `${total === 0 ? 0 : Math.round((100 * cpu) / total)}%`;
  return {
    header: ["processes of npm test", "count", "CPU", "share"],
    rows: [
      ...kinds.map((k) => [k.kind, String(k.processes), `${k.cpuSeconds.toFixed(1)} s`, share(k.cpuSeconds)]),
      ["every Node process", String(rows.length), `${total.toFixed(1)} s`, "100%"],
    ],
  };
}

import { isHelpOrRefusal, readCommandLine, refusal, wholeNumber, type Help, type Refusal } from "../lib/cli.ts";

/** Which parts of the benchmark to run. */
export const SECTION_NAMES = ["step", "lookup", "ledger", "notebooks", "kernels", "suite", "counterexamples"] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** What the command line asked for. */
export interface BenchArgs {
  /** Samples per contender for the in-process sections (step, lookup). */
  reps: number;
  /** Runs per contender for the child-process sections (ledger, notebooks, kernels, suite, counterexamples), which take seconds (the suite minutes) each. */
  processReps: number;
  only: SectionName[];
  /** The commit whose ledger the ledger section runs beside this one (default: LEDGER_BASE). */
  ledgerBase?: string;
}

export const BENCH_COMMAND = {
  name: "bench",
  usage: `usage: npm run bench -- [--reps N] [--process-reps N] [--only ${SECTION_NAMES.join(",")}] [--ledger-base REV]`,
  details: [
    "Measures ratios side by side in one run and writes appendix C (only when every section ran).",
    "  --reps N          samples per contender in the in-process sections, step and lookup (default 15)",
    "  --process-reps N  runs per contender in the child-process sections, ledger, notebooks, kernels, suite and counterexamples (default 1)",
    `  --only LIST       some of ${SECTION_NAMES.join(",")}, comma-separated; prints without writing the appendix`,
    "  --ledger-base REV the commit whose ledger runs beside this one, from a temporary git worktree (default: the commit before the shared TypeScript program)",
  ].join("\n"),
  options: {
    reps: { type: "string" },
    "process-reps": { type: "string" },
    only: { type: "string" },
    "ledger-base": { type: "string" },
  },
} as const;

/** Parses `--reps`, `--process-reps` and `--only` (also as `--opt=value`). */
export function parseBenchArgs(argv: readonly string[]): BenchArgs | Help | Refusal {
  const line = readCommandLine(BENCH_COMMAND, argv);
  if (line.kind !== "run") return line;
  const { values } = line;
  const reps = values.reps === undefined ? 15 : wholeNumber(BENCH_COMMAND, "--reps", values.reps, 1);
  if (isHelpOrRefusal(reps)) return reps;
  const processReps =
    values["process-reps"] === undefined ? 1 : wholeNumber(BENCH_COMMAND, "--process-reps", values["process-reps"], 1);
  if (isHelpOrRefusal(processReps)) return processReps;
  const ledgerBase = values["ledger-base"] === undefined ? {} : { ledgerBase: values["ledger-base"] };
  if (values.only === undefined) return { reps, processReps, only: [...SECTION_NAMES], ...ledgerBase };
  const list = values.only.split(",").filter((s) => s !== "");
  const unknown = list.filter((s) => !(SECTION_NAMES as readonly string[]).includes(s));
  if (list.length === 0 || unknown.length > 0) {
    return refusal(BENCH_COMMAND, `--only ${values.only}: expected some of ${SECTION_NAMES.join(",")}`);
  }
  return { reps, processReps, only: list as SectionName[], ...ledgerBase };
}

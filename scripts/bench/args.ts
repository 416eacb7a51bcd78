/** Which parts of the benchmark to run. */
export const SECTION_NAMES = ["step", "lookup", "ledger", "notebooks"] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** What the command line asked for. */
export interface BenchArgs {
  /** Samples per contender for the in-process sections (step, lookup). */
  reps: number;
  /** Runs per contender for the child-process sections (ledger, notebooks), which take seconds each. */
  processReps: number;
  only: SectionName[];
}

/** A command line the benchmark cannot run with, as a value with one line saying what to do. */
export type BenchArgsProblem = { kind: "unknown-option" | "invalid-value" | "help"; message: string };

export const USAGE = `usage: npm run bench -- [--reps N] [--process-reps N] [--only ${SECTION_NAMES.join(",")}]`;

/** Parses `--reps`, `--process-reps` and `--only` (also as `--opt=value`). */
export function parseBenchArgs(argv: readonly string[]): BenchArgs | BenchArgsProblem {
  const args: BenchArgs = { reps: 15, processReps: 1, only: [...SECTION_NAMES] };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]!;
    const eq = raw.startsWith("--") ? raw.indexOf("=") : -1;
    const name = eq < 0 ? raw : raw.slice(0, eq);
    const value = () => (eq < 0 ? argv[++i] : raw.slice(eq + 1));
    if (name === "--reps" || name === "--process-reps") {
      const text = value();
      const n = Number(text);
      if (!Number.isSafeInteger(n) || n < 1) return { kind: "invalid-value", message: `${name} ${text ?? ""}: expected an integer >= 1; ${USAGE}` };
      if (name === "--reps") args.reps = n;
      else args.processReps = n;
    } else if (name === "--only") {
      const list = (value() ?? "").split(",").filter((s) => s !== "");
      const unknown = list.filter((s) => !(SECTION_NAMES as readonly string[]).includes(s));
      if (list.length === 0 || unknown.length > 0) {
        return { kind: "invalid-value", message: `--only ${unknown.join(",")}: expected some of ${SECTION_NAMES.join(",")}; ${USAGE}` };
      }
      args.only = list as SectionName[];
    } else if (name === "--help" || name === "-h") {
      return { kind: "help", message: USAGE };
    } else {
      return { kind: "unknown-option", message: `unknown option ${raw}; ${USAGE}` };
    }
  }
  return args;
}

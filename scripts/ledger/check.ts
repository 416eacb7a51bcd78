/**
 * A ledger verdict. A crash is not a verdict: a check that throws is reported as a crash.
 * - `holds`: true as the book words it, in its own case and every case around it that was tried.
 * - `qualified`: true in the case the book discusses, false in a case inside the statement's
 *   scope that the book does not mention; the evidence names both.
 * - `fails`: false in the book's own case, or false in general.
 * - `not-checkable`: the evidence says why.
 */
export type Verdict = "holds" | "qualified" | "fails" | "not-checkable";

/** Every verdict, in the order tables and totals list them. */
export const VERDICTS: readonly Verdict[] = ["holds", "qualified", "fails", "not-checkable"];

/** What one check found: its verdict and one line of evidence with the measured figures. */
export interface CheckResult {
  verdict: Verdict;
  evidence: string;
}

/** One check per claim id of the catalogue. */
export interface Check {
  id: string;
  run(): Promise<CheckResult>;
  /**
   * Begins the part of the measurement that waits on another process (a child process, the
   * npm registry). The runner calls it for every check before the first `run`, so that the
   * wait overlaps the checks that hold the event loop (type-checking); `run` awaits the same work.
   */
  start?(): void;
  /**
   * The check asks the TypeScript checker (the process's shared program). The runner runs
   * these before the others, and the ledger then drops the program and its memory.
   */
  asksTypeChecker?: boolean;
}

/** `holds` when the measurement agrees with the claim, `fails` otherwise; same evidence either way. */
export function verdictOf(agrees: boolean, evidence: string): CheckResult {
  return { verdict: agrees ? "holds" : "fails", evidence };
}

/**
 * True in the book's case, false in a measured case inside the claim's scope that the book
 * does not mention. The evidence names both: the condition under which it holds, and the
 * counterexample.
 */
export function qualified(condition: string, counterexample: string): CheckResult {
  return { verdict: "qualified", evidence: `condition: ${condition}; counterexample: ${counterexample}` };
}

/** A claim this companion cannot check here, with the reason the ledger prints. */
export function notCheckable(reason: string): CheckResult {
  return { verdict: "not-checkable", evidence: reason };
}

/** `check`, marked as asking the TypeScript checker (see {@link Check.asksTypeChecker}). */
export function askingTypeChecker(check: Check): Check {
  return { ...check, asksTypeChecker: true };
}

/** A check whose measurement is synchronous (static reads of the installed packages). */
export function staticCheck(id: string, measure: () => CheckResult): Check {
  return { id, run: async () => measure() };
}

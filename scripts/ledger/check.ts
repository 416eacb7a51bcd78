/** A ledger verdict. A crash is not a verdict: a check that throws is reported as a crash. */
export type Verdict = "holds" | "fails" | "not-checkable";

/** What one check found: its verdict and one line of evidence with the measured figures. */
export interface CheckResult {
  verdict: Verdict;
  evidence: string;
}

/** One check per claim id of the catalogue. */
export interface Check {
  id: string;
  run(): Promise<CheckResult>;
}

/** `holds` when the measurement agrees with the claim, `fails` otherwise; same evidence either way. */
export function verdictOf(agrees: boolean, evidence: string): CheckResult {
  return { verdict: agrees ? "holds" : "fails", evidence };
}

/** A claim this companion cannot check here, with the reason the ledger prints. */
export function notCheckable(reason: string): CheckResult {
  return { verdict: "not-checkable", evidence: reason };
}

/** A check whose measurement is synchronous (static reads of the installed packages). */
export function staticCheck(id: string, measure: () => CheckResult): Check {
  return { id, run: async () => measure() };
}

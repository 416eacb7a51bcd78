import { isDeepStrictEqual } from "node:util";
import { describeOutcome, measureStep, type StepFunction, type StepRun } from "../support/measure.ts";
import { describeExpected, stepTable, type StepTableRow } from "../step-table.ts";
import { step } from "../step.ts";

/** One row of the step table, run: what happened and whether it is what the row expects. */
export interface RowRun {
  row: StepTableRow;
  run: StepRun;
  agrees: boolean;
}

/** Whether a run did what its row expects: the same outcome (and value), after as many requests. */
export function agreesWithRow(row: StepTableRow, run: StepRun): boolean {
  const expected = row.expected;
  const sameOutcome =
    describeOutcome(run.outcome) === describeExpected(expected) &&
    (!("value" in expected) ||
      (run.outcome.status === "value" && isDeepStrictEqual(run.outcome.value, expected.value)));
  return sameOutcome && run.providerRequests === expected.providerRequests;
}

/** Runs every row of the table through one version of step() (the fix unless told). */
export async function runStepTable(version: StepFunction = step): Promise<RowRun[]> {
  const runs: RowRun[] = [];
  for (const row of stepTable) {
    const run = await measureStep(version, row.script(), row.options);
    runs.push({ row, run, agrees: agreesWithRow(row, run) });
  }
  return runs;
}

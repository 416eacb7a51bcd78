import { describeOutcome } from "../support/measure.ts";
import { describeExpected } from "../step-table.ts";
import type { RowRun } from "./table-runs.ts";
import { textTable } from "../../support/text-table.ts";

/** The recipe's expected-outcome table, every cell read off an actual run of step(). */
export function formatRecipeTable(runs: readonly RowRun[]): string {
  return textTable(
    ["scripted model", "outcome", "provider requests", "as step.test.ts pins it"],
    runs.map(({ row, run, agrees }) => [
      row.row,
      describeOutcome(run.outcome),
      String(run.providerRequests),
      agrees ? "yes" : `NO: expects ${describeExpected(row.expected)} after ${row.expected.providerRequests}`,
    ]),
  );
}

/** What the recipe's run does not show, said under the table. */
export const RECIPE_LIMITS = [
  "A schema-valid value is not a true one: check what you can deterministically after the step.",
  "These runs use a scripted provider: they say nothing about how often a real model submits a valid value first time.",
];

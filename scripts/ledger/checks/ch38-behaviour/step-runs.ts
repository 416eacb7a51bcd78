import type * as Measure from "../../../../examples/ch38-typed-step/support/measure.ts";
import type * as StepTable from "../../../../examples/ch38-typed-step/step-table.ts";
import type * as TableRuns from "../../../../examples/ch38-typed-step/demonstrations/table-runs.ts";
import { qualified, verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { once } from "../../once.ts";
import { facts, requests } from "../evidence.ts";

// step(), its table and the scenarios the sections' checks share: each measured once.
const listing = listingsOf(import.meta.url);
const step = listing(() => import("../../../../examples/ch38-typed-step/step.ts"));
const bookStep = listing(() => import("../../../../examples/ch38-typed-step/support/book-step.ts"));
const measure = listing(() => import("../../../../examples/ch38-typed-step/support/measure.ts"));
const stepTable = listing(() => import("../../../../examples/ch38-typed-step/step-table.ts"));
const tableRunner = listing(() => import("../../../../examples/ch38-typed-step/demonstrations/table-runs.ts"));

/** step(), its table and the harness that measures it: what the rows run and the words their evidence uses. */
export const stepHarness = once(async () => ({
  ...(await step()),
  ...(await bookStep()),
  ...(await measure()),
  ...(await stepTable()),
  ...(await tableRunner()),
}));
export type StepHarness = Awaited<ReturnType<typeof stepHarness>>;

/** Every row of the step table, run once. */
export const tableRuns = once(async () => (await stepHarness()).runStepTable());

/** The run of the table row named `name`. */
export const rowRun = async (name: string): Promise<TableRuns.RowRun> => {
  const found = (await tableRuns()).find((r) => r.row.row === name);
  if (found === undefined) throw new Error(`no table row named "${name}"`);
  return found;
};

/** The conditions a row's figures depend on. */
export function conditions(h: StepHarness, row: Pick<StepTable.StepTableRow, "script" | "options">): string {
  const maxAttempts = row.options?.maxAttempts ?? `${h.DEFAULT_MAX_ATTEMPTS} (default)`;
  const maxTurns = row.options?.maxTurns ?? `${h.DEFAULT_MAX_TURNS} (default)`;
  return `${row.script().length} scripted responses, maxAttempts ${maxAttempts}, maxTurns ${maxTurns}`;
}

/** `"<row>": <outcome> after <n> provider requests, under <conditions>`, and what the table expected when it disagrees. */
export function rowEvidence(h: StepHarness, { row, run, agrees }: TableRuns.RowRun): string {
  const expected = agrees
    ? ""
    : ` (table expects ${h.describeExpected(row.expected)} after ${row.expected.providerRequests})`;
  return `"${row.row}": ${h.describeOutcome(run.outcome)} after ${requests(run.providerRequests)}${expected}, under ${conditions(h, row)}`;
}

/**
 * A claim verified by the table rows that name it: holds when every such row behaves as the
 * table says. `counterexample` measures a case inside the claim's scope that the table does
 * not try: when it returns one, the verdict is `qualified`, the rows being the condition.
 */
export function tableCheck(id: string, counterexample?: () => Promise<string | undefined>): Check {
  return {
    id,
    async run() {
      const h = await stepHarness();
      const runs = (await tableRuns()).filter((r) => r.row.claim === id);
      if (runs.length === 0) throw new Error(`no table row verifies ${id}`);
      const evidence = facts(...runs.map((r) => rowEvidence(h, r)));
      if (!runs.every((r) => r.agrees)) return verdictOf(false, evidence);
      const found = counterexample ? await counterexample() : undefined;
      return found === undefined ? verdictOf(true, evidence) : qualified(evidence, found);
    },
  };
}

type CountingScenarios = StepHarness["countingScenarios"];
const scenarioRun = (pick: (scenarios: CountingScenarios) => StepTable.Scenario) =>
  once(async () => {
    const h = await stepHarness();
    const scenario = pick(h.countingScenarios);
    return h.measureStep(h.step, scenario.script(), scenario.options);
  });
/** maxAttempts 2, one response with two invalid submits. */
export const perFailedCall = scenarioRun((s) => s.twoFailedSubmitsInOneResponse);
/** A model that only looks things up. */
export const lookupsOnly = scenarioRun((s) => s.lookupsOnly);
/** A schema-valid submit that the core fails (the response was cut off). */
export const failedByCore = scenarioRun((s) => s.validSubmitFailedByCore);

/** The outcome of a run, as the table words it. */
export const outcomeOf = (h: StepHarness, run: Measure.StepRun) => h.describeOutcome(run.outcome);

import { fileURLToPath } from "node:url";
import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { counterexampleCheck } from "../counterexample-check.ts";
import { begin, once } from "../../once.ts";
import { runTestFile } from "../../test-file.ts";
import { facts } from "../evidence.ts";
import { rowEvidence, rowRun, stepHarness, tableCheck, tableRuns } from "./step-runs.ts";

// Guide 38, "The test table": step.test.ts, and the claims its rows decide alone.
const listing = listingsOf(import.meta.url);

const STEP_TESTS = fileURLToPath(new URL("../../../../examples/ch38-typed-step/step.test.ts", import.meta.url));

// step.test.ts in a child process: started before the checks run, beside the type-check.
const stepTests = once(() => runTestFile(STEP_TESTS));

/** The claims of "The test table" decided by its rows and by step.test.ts. */
export const testTableChecks: Check[] = [
  {
    id: "ch38.tests.fourteen",
    start: () => begin(stepTests),
    async run() {
      const h = await stepHarness();
      const { passed, failed } = await stepTests();
      const rowNames = h.stepTable.map((row) => `${row.row} — ${row.claim}`);
      const rowsPassed = rowNames.filter((name) => passed.includes(name));
      // The book's words are about the table's rows: a failing test outside the table is
      // reported, and decides nothing.
      const rowsFailed = rowNames.filter((name) => failed.includes(name));
      const outside = failed.filter((name) => !rowNames.includes(name));
      return verdictOf(
        rowsPassed.length === rowNames.length && rowsPassed.length >= 14,
        facts(
          `step.test.ts: ${passed.length} passed, ${failed.length} failed`,
          `${rowsPassed.length} of ${rowNames.length} table-row tests pass (the book's fourteen rows plus "an aborted response")`,
          rowsFailed.length > 0 && `failing rows: ${rowsFailed.join(" | ")}`,
          outside.length > 0 && `failing outside the table: ${outside.join(" | ")}`,
        ),
      );
    },
  },
  {
    id: "ch38.submit.only-success",
    async run() {
      const h = await stepHarness();
      const prose = await rowRun("prose only");
      const valid = await rowRun("valid first submission");
      const runs = await tableRuns();
      const values = runs.filter((r) => r.run.outcome.status === "value");
      // A value only ever comes back after an accepted submit.
      const everyValueSubmitted = values.every((r) =>
        r.run.toolEnds.some((end) => end.toolName === "submit" && !end.isError),
      );
      return verdictOf(
        prose.agrees && valid.agrees && everyValueSubmitted,
        facts(
          rowEvidence(h, prose),
          rowEvidence(h, valid),
          `${values.length} of ${runs.length} table rows returned a value, ${values.filter((r) => r.run.toolEnds.some((end) => end.toolName === "submit" && !end.isError)).length} of them after an accepted submit`,
        ),
      );
    },
  },
  tableCheck("ch38.invalid-in-mixed-batch-counts-once"),
  tableCheck("ch38.invalid-mixed-exhausted"),
  counterexampleCheck(
    "ch38.first-submission-wins",
    listing(() => import("../../../../examples/ch38-typed-step/counterexamples/ch38.first-submission-wins.ts")),
  ),
  tableCheck("ch38.mixed-then-fail-returns-earlier"),
];

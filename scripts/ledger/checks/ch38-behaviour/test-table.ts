import { fileURLToPath } from "node:url";
import { notCheckable, verdictOf, type Check } from "../../check.ts";
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
    // The count is the book's own test file, which no reader has: the companion's step.test.ts
    // is measured and reported here, and each row's behaviour is judged under the row's own id.
    id: "ch38.tests.fourteen",
    start: () => begin(stepTests),
    async run() {
      const h = await stepHarness();
      const { passed, failed } = await stepTests();
      const rowNames = h.stepTable.map((row) => `${row.row} — ${row.claim}`);
      const rowTests = [...passed, ...failed].filter((name) => rowNames.includes(name));
      return notCheckable(
        facts(
          "the fourteen are the tests of the book's own step.test.ts, which no reader has",
          `the companion's step.test.ts has ${passed.length + failed.length} tests (${passed.length} passed, ${failed.length} failed), ` +
            `${rowTests.length} of them over the ${rowNames.length} rows of its table`,
          `each row is judged under its own id (${[...new Set(h.stepTable.map((row) => row.claim))].length} ids, e.g. ${h.stepTable[0]?.claim})`,
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

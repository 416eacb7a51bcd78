import { verdictOf, type Check } from "../../check.ts";
import { counterexampleCheck } from "../counterexample-check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts } from "../evidence.ts";
import { failedByCore, lookupsOnly, outcomeOf, perFailedCall, stepHarness, tableCheck } from "./step-runs.ts";

// Guide 38 and the recipe: what maxAttempts counts, and what it does not.
const listing = listingsOf(import.meta.url);

/** The claims about the attempt budget: repairs, repeats, failed calls and lookups. */
export const attemptsChecks: Check[] = [
  counterexampleCheck(
    "ch38.repair.after-invalid",
    listing(() => import("../../../../examples/ch38-typed-step/counterexamples/ch38.repair.after-invalid.ts")),
  ),
  tableCheck("ch38.maxattempts.repeat-invalid"),
  {
    id: "ch38.maxattempts.per-failed-call",
    async run() {
      const h = await stepHarness();
      const run = await perFailedCall();
      return verdictOf(
        outcomeOf(h, run) === "invalid-submissions" && h.failedSubmits(run) === 2 && run.providerRequests === 1,
        `maxAttempts 2, one response with two invalid submits: ${h.failedSubmits(run)} failed submit calls counted, ` +
          `outcome ${outcomeOf(h, run)} after ${run.providerRequests} provider request (the scripted repair was never requested)`,
      );
    },
  },
  {
    id: "ch38.maxattempts.cause-agnostic",
    async run() {
      const h = await stepHarness();
      const run = await failedByCore();
      const failure = run.toolEnds.find((end) => end.toolName === "submit");
      return verdictOf(
        outcomeOf(h, run) === "invalid-submissions" &&
          failure?.isError === true &&
          !/^Validation failed/.test(failure.text ?? ""),
        `maxAttempts 1, a schema-valid submit in a response cut off by the output limit: the core failed it ("${failure?.text?.slice(0, 60)}…"), ` +
          `counted as a failed attempt: outcome ${outcomeOf(h, run)} after ${run.providerRequests} request`,
      );
    },
  },
  counterexampleCheck(
    "recipe.maxattempts-counts-invalid-submissions",
    listing(
      () =>
        import("../../../../examples/ch38-typed-step/counterexamples/recipe.maxattempts-counts-invalid-submissions.ts"),
    ),
  ),
  {
    id: "ch38.lookup-only-no-attempt",
    async run() {
      const h = await stepHarness();
      const run = await lookupsOnly();
      const failedLookups = run.toolEnds.filter((end) => end.toolName === "lookup_evidence" && end.isError).length;
      const { maxAttempts, maxTurns } = h.countingScenarios.lookupsOnly.options;
      return verdictOf(
        h.failedSubmits(run) === 0 && outcomeOf(h, run) === "turn-limit",
        facts(
          `maxAttempts ${maxAttempts}, maxTurns ${maxTurns}, lookups only (${failedLookups} of them failing their own schema): ${h.failedSubmits(run)} attempts counted`,
          `only the turn bound ended the run (${outcomeOf(h, run)} after ${run.providerRequests} requests)`,
        ),
      );
    },
  },
];

import { qualified, verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts, requests } from "../evidence.ts";
import { errorFlagVerdict } from "../ch37-behaviour/error-flag.ts";
import { failedByCore, lookupsOnly, outcomeOf, perFailedCall, rowRun, stepHarness, tableCheck } from "./step-runs.ts";

// Guide 38 and the recipe: what maxAttempts counts, and what it does not.
const abortDiscardsValid = listingsOf(import.meta.url)(
  () => import("../../probes/abort-discards-valid.ts"),
);

/** The claims about the attempt budget: repairs, repeats, failed calls and lookups. */
export const attemptsChecks: Check[] = [
  tableCheck("ch38.repair.after-invalid", async () => {
    const wire = await errorFlagVerdict("", "an isError tool result (what a rejected submit gets)");
    return wire.verdict === "qualified" ? wire.evidence.replace(/^.*; counterexample: /, "") : undefined;
  }),
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
  {
    id: "recipe.maxattempts-counts-invalid-submissions",
    async run() {
      const h = await stepHarness();
      const repeated = await rowRun("same invalid value repeated until invalid-submissions");
      const core = await failedByCore();
      const bookCase = `each invalid submission counts: ${h.failedSubmits(repeated.run)} invalid submits → ${outcomeOf(h, repeated.run)} at the default maxAttempts ${h.DEFAULT_MAX_ATTEMPTS}`;
      if (!(repeated.agrees && h.failedSubmits(repeated.run) === h.DEFAULT_MAX_ATTEMPTS))
        return verdictOf(false, bookCase);
      const coreFailure = core.toolEnds.find((end) => end.toolName === "submit" && end.isError);
      const batch = await (await abortDiscardsValid()).measureAbortDiscardsValid();
      // The budget counts failed submit calls, not invalid submissions: chapter 38 says so
      // itself ("actually counts failed submit tool calls"), and these two measure it.
      const coreCounted = outcomeOf(h, core) === "invalid-submissions";
      const batchCounted = batch.failedSubmits > 1;
      if (!coreCounted && !batchCounted) return verdictOf(true, bookCase);
      return qualified(
        bookCase,
        [
          coreCounted &&
            `a schema-valid submit the core failed because the response was cut off at the length limit ` +
              `("${coreFailure?.text?.slice(0, 50)}…") counts too: ${outcomeOf(h, core)} at maxAttempts 1 after ${requests(core.providerRequests)}`,
          batchCounted &&
            `a valid submit aborted in a [valid, invalid] batch counts too: ${h.describeOutcome(batch.outcome)} at maxAttempts 1, ` +
              `${batch.failedSubmits} failed submits counted for 1 invalid submission`,
        ]
          .filter(Boolean)
          .join(" and "),
      );
    },
  },
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

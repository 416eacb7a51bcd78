import type * as AbortStreamFn from "../../../../examples/ch38-typed-step/demonstrations/abort-stream-fn.ts";
import { qualified, verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts } from "../evidence.ts";
import { boundAborts, conditions, malformed, outcomeOf, rowRun, stepHarness } from "./step-runs.ts";

// Recipe, "How it works: submit is the only way out": validation, terminate and abort.
const listing = listingsOf(import.meta.url);
const argumentConversion = listing(() => import("../../probes/argument-conversion.ts"));
const abortStreamFn = listing(() => import("../../../../examples/ch38-typed-step/demonstrations/abort-stream-fn.ts"));

/** The claims of "How it works: submit is the only way out" that run code. */
export const submitOnlyWayOutChecks: Check[] = [
  {
    id: "ch38.validation.before-execute",
    async run() {
      const h = await stepHarness();
      const run = await malformed();
      const rejection = run.toolEnds.find((end) => end.toolName === "submit");
      const lastOfSecond = run.requests[1]?.at(-1);
      const modelSawError = lastOfSecond?.role === "toolResult" && lastOfSecond.isError;
      const rejectedByCore =
        rejection?.isError === true && /^Validation failed for tool "submit"/.test(rejection.text ?? "");
      const converted = await (await argumentConversion()).measureArgumentConversion();
      const bookCase = facts(
        `malformed submit ({verdict:"probably"}): tool result isError ${rejection?.isError}, text "${rejection?.text?.split("\n")[0]}", next request ends with an error tool result: ${modelSawError}`,
        `nothing stored (outcome ${outcomeOf(h, run)})`,
      );
      // The book classifies a run with a failed submit and no value as invalid-submissions (its branch 5).
      if (!(rejectedByCore && modelSawError && outcomeOf(h, run) === "invalid-submissions"))
        return verdictOf(false, bookCase);
      const convertedReachedExecute = !converted.validAsSent && converted.returned !== undefined;
      return convertedReachedExecute
        ? qualified(
            facts(bookCase, "the arguments cannot be converted to the schema"),
            `${JSON.stringify(converted.sent)} (schema-valid as sent: ${converted.validAsSent}) was converted before validation, reached execute ` +
              `and was returned as ${JSON.stringify(converted.returned)}, with ${converted.failedSubmits} failed submits`,
          )
        : verdictOf(
            true,
            facts(
              bookCase,
              `${JSON.stringify(converted.sent)} (schema-valid as sent: ${converted.validAsSent}) got an error result too`,
            ),
          );
    },
  },
  {
    id: "ch38.terminate.all-batch",
    async run() {
      const h = await stepHarness();
      const alone = await rowRun("valid first submission");
      const mixed = await rowRun("submit batched with a non-terminating tool");
      const lookupRan = mixed.run.toolEnds.some((end) => end.toolName === "lookup_evidence" && !end.isError);
      return verdictOf(
        alone.run.providerRequests === 1 && lookupRan && mixed.run.providerRequests > 1,
        facts(
          `submit alone: run ended after ${alone.run.providerRequests} request`,
          `submit + lookup_evidence in one batch: lookup executed ${lookupRan}, the loop went on to ${mixed.run.providerRequests} requests (${conditions(h, mixed.row)})`,
        ),
      );
    },
  },
  {
    id: "ch38.abort.from-listener",
    async run() {
      const h = await stepHarness();
      const run = await boundAborts();
      const maxTurns = h.countingScenarios.boundAbortsFromListener.options.maxTurns;
      const bookCase = facts(
        `step(), maxTurns ${maxTurns} against a lookup-only model (${h.countingScenarios.boundAbortsFromListener.script().length} scripted): abort() from the turn_end listener, ` +
          `${run.providerRequests} provider requests served`,
        `the loop called its stream function ${run.streamFnCalls} times` +
          (run.streamFnCalls > run.providerRequests
            ? `, the last refused by pi-ai's Models before the provider (stop reason ${run.stopReasons.at(-1)}: "${run.lastErrorMessage}")`
            : ""),
      );
      if (!(run.providerRequests === maxTurns && outcomeOf(h, run) === "turn-limit")) return verdictOf(false, bookCase);
      const { runAbortFromListener } = await abortStreamFn();
      const forwards = await runAbortFromListener("forwards-signal");
      const drops = await runAbortFromListener("drops-signal");
      const custom = (r: AbortStreamFn.AbortRun) =>
        `a bare Agent whose custom stream function ${r.streamFn === "drops-signal" ? "does not pass on the abort signal" : "passes on the abort signal"}, abort() at turn_end ${r.abortAtTurn}: ` +
        `the stream function was called ${r.streamFnCalls} times, ${r.providerRequests} provider requests served, ${r.turns} turns (${r.scripted} scripted, last stop reason ${r.lastStopReason})`;
      return drops.providerRequests > drops.abortAtTurn
        ? qualified(
            facts(bookCase, `${custom(forwards)}: the stream function passes the abort signal on`),
            custom(drops),
          )
        : verdictOf(true, facts(bookCase, custom(forwards), custom(drops)));
    },
  },
];

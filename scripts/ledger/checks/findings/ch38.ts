import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts } from "../evidence.ts";

// Chapter 38's findings: what step() and the loop under it do that the book does not say.
const listing = listingsOf(import.meta.url);
const argumentConversion = listing(() => import("../../probes/argument-conversion.ts"));
const abortDiscardsValid = listing(() => import("../../probes/abort-discards-valid.ts"));
const maxTurnsSweep = listing(() => import("../../../../examples/ch38-typed-step/demonstrations/max-turns-sweep.ts"));
const abortStreamFn = listing(() => import("../../../../examples/ch38-typed-step/demonstrations/abort-stream-fn.ts"));
const lastTurnFailure = listing(
  () => import("../../../../examples/ch38-typed-step/demonstrations/last-turn-failure.ts"),
);
const turnLimitCases = listing(() => import("../../../../examples/ch38-typed-step/support/turn-limit-cases.ts"));
const turnLimitTable = listing(() => import("../../../../examples/ch38-typed-step/demonstrations/turn-limit-table.ts"));
const stepFailedName = listing(() => import("../../../../examples/ch38-typed-step/demonstrations/step-failed-name.ts"));

/** The companion's findings about chapter 38 (chapters/findings.tsv). */
export const ch38FindingChecks: Check[] = [
  {
    id: "ch38.found.argument-conversion",
    async run() {
      const run = await (await argumentConversion()).measureArgumentConversion();
      return verdictOf(
        !run.validAsSent && run.returned !== undefined && run.failedSubmits === 0,
        `${JSON.stringify(run.sent)} (schema-valid as sent: ${run.validAsSent}): step() returned ${JSON.stringify(run.returned)} with ${run.failedSubmits} failed submits`,
      );
    },
  },
  {
    id: "ch38.found.batch-budget-loses-valid",
    async run() {
      const run = await (await abortDiscardsValid()).measureAbortDiscardsValid();
      return verdictOf(
        run.outcome.status === "failed" && run.outcome.kind === "invalid-submissions",
        `maxAttempts 1, [valid, invalid] submits in one response: ${run.outcome.status === "value" ? JSON.stringify(run.outcome.value) : run.outcome.status === "failed" ? run.outcome.kind : run.outcome.errorName}, ${run.failedSubmits} failed submits counted`,
      );
    },
  },
  {
    id: "ch38.found.stream-call-after-abort",
    async run() {
      const sweep = await (await maxTurnsSweep()).sweepMaxTurns();
      return verdictOf(
        sweep.every(
          (r) =>
            r.streamFnCalls === r.maxTurns + 1 &&
            r.providerRequests === r.maxTurns &&
            r.afterAbortStopReason === "error",
        ),
        facts(
          ...sweep.map(
            (r) =>
              `maxTurns ${r.maxTurns}: ${r.streamFnCalls} stream-function calls, ${r.providerRequests} provider requests, the last call ${r.afterAbortStopReason ?? "none"}`,
          ),
        ),
      );
    },
  },
  {
    id: "ch38.found.abort-relies-on-stream-fn",
    async run() {
      const { runAbortFromListener } = await abortStreamFn();
      const forwards = await runAbortFromListener("forwards-signal");
      const drops = await runAbortFromListener("drops-signal");
      return verdictOf(
        forwards.providerRequests === forwards.abortAtTurn && drops.providerRequests > drops.abortAtTurn,
        `abort() at turn_end ${forwards.abortAtTurn}, lookup-only model (${forwards.scripted} scripted): a stream function passing the signal on: ${forwards.providerRequests} requests served; ` +
          `one dropping it: ${drops.providerRequests} requests served, ${drops.turns} turns, last stop reason ${drops.lastStopReason}`,
      );
    },
  },
  {
    id: "ch38.found.last-turn-failure-is-turn-limit",
    async run() {
      const runs = await (await lastTurnFailure()).measureLastTurnFailures();
      const last = runs.filter((r) => r.failsOnTurn === r.maxTurns);
      const earlier = runs.filter((r) => r.failsOnTurn < r.maxTurns);
      return verdictOf(
        last.every((r) => r.kind === "turn-limit") && earlier.every((r) => r.kind === "provider"),
        facts(...runs.map((r) => `${r.stopReason} on turn ${r.failsOnTurn} of ${r.maxTurns}: ${r.kind}`)),
      );
    },
  },
  {
    id: "ch38.found.bug-figures-follow-script",
    async run() {
      const { BOOK_FIGURES: figures } = await turnLimitCases();
      const { measureCase } = await turnLimitTable();
      const cases = [
        await measureCase("no-turn-bound", figures.noTurnBound.case),
        await measureCase("no-turn-bound", { ...figures.noTurnBound.case, scriptedResponses: 20 }),
        await measureCase("unfixed-guard", figures.unfixedGuard.case),
        await measureCase("unfixed-guard", { ...figures.unfixedGuard.case, scriptedResponses: 12 }),
      ];
      return verdictOf(
        cases.every((r) => r.providerRequests === r.scriptedResponses + 1),
        facts(...cases.map((r) => `${r.variant}, ${r.scriptedResponses} scripted: ${r.providerRequests} requests`)),
      );
    },
  },
  {
    id: "ch38.found.step-failed-name",
    async run() {
      const { book, named } = await (await stepFailedName()).compareStepFailedNames();
      return verdictOf(
        book.name === "Error" && book.printed.startsWith("Error: ") && named.printed.startsWith("StepFailed: "),
        `step() on a model that only talks: the book's StepFailed has name "${book.name}", prints "${book.printed}"; with name set: "${named.printed}"`,
      );
    },
  },
];

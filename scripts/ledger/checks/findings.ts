import type * as ThrowingListener from "../../../examples/ch37-agent-core/throwing-listener.ts";
import { qualified, verdictOf, type Check } from "../check.ts";
import { failsWhenListingDoesNotLoad, listingsOf } from "../load-listing.ts";

// Findings are the companion's own statements: each check holds while the installed Pi still
// behaves as measured, and fails, naming what changed, when it no longer does.
const listing = listingsOf(import.meta.url);
const presetSystemMessage = listing(() => import("../../../examples/ch37-agent-core/preset-system-message.ts"));
const toolDetails = listing(() => import("../../../examples/ch37-agent-core/tool-details.ts"));
const throwingListener = listing(() => import("../../../examples/ch37-agent-core/throwing-listener.ts"));
const queuesOnFailedEnd = listing(() => import("../../../examples/ch37-agent-core/queues-on-failed-end.ts"));
const argumentConversion = listing(() => import("../../../examples/ch38-typed-step/harness/argument-conversion.ts"));
const abortDiscardsValid = listing(() => import("../../../examples/ch38-typed-step/harness/abort-discards-valid.ts"));
const maxTurnsSweep = listing(() => import("../../../examples/ch38-typed-step/max-turns-sweep.ts"));
const abortStreamFn = listing(() => import("../../../examples/ch38-typed-step/abort-stream-fn.ts"));
const lastTurnFailure = listing(() => import("../../../examples/ch38-typed-step/last-turn-failure.ts"));
const turnLimitTable = listing(() => import("../../../examples/ch38-typed-step/harness/turn-limit-table.ts"));
const caseMappedExcerptDemo = listing(() => import("../../../examples/ch37-agent-core/case-mapped-excerpt-demo.ts"));
const stepFailedName = listing(() => import("../../../examples/ch38-typed-step/step-failed-name.ts"));

const checks: Check[] = [
  {
    id: "ch37.found.preset-system-message-drops-prompt",
    async run() {
      const run = await (await presetSystemMessage()).runWithPresetSystemMessage();
      return verdictOf(
        run.headText !== "" && !run.promptRecorded && !run.promptInRequest,
        `initialState.messages starting with a system message: messages[0] "${run.headText}"; systemPrompt recorded in one of the ${run.systemMessages} system messages ${run.promptRecorded}, in the first request ${run.promptInRequest}`,
      );
    },
  },
  {
    id: "ch37.found.details-in-stream-context",
    async run() {
      const run = await (await toolDetails()).runToolDetails();
      const captured = run.payloads.filter((p) => p.captured);
      const carrying = captured.filter((p) => p.carriesDetails).map((p) => p.api);
      const leaving = captured.filter((p) => !p.carriesDetails).map((p) => p.api);
      const evidence = `details in the Context the stream function was given ${run.inStreamFnContext}; left out of the request body by ${leaving.join(", ") || "none"} (${leaving.length} of pi-ai's ${run.payloads.length} chat adapters)`;
      if (!(run.inStreamFnContext && leaving.length > 0)) return verdictOf(false, evidence);
      return carrying.length > 0
        ? qualified(evidence, `${carrying.join(", ")} sends the whole context, details included, as the request body`)
        : verdictOf(captured.length === run.payloads.length, evidence);
    },
  },
  {
    id: "ch37.found.throwing-listener-ends-run",
    async run() {
      const { runThrowingListener } = await throwingListener();
      const every = [await runThrowingListener("turn_end"), await runThrowingListener("agent_end")];
      const once = [await runThrowingListener("turn_end", "once"), await runThrowingListener("agent_end", "once")];
      const asStated = (r: ThrowingListener.ThrowingListenerRun) =>
        r.promptRejected !== undefined && r.agentEndsSeenByLaterListener === 0 && r.lastMessage.startsWith("assistant(error");
      const describe = (r: ThrowingListener.ThrowingListenerRun) =>
        `first listener throws at ${r.times === "every" ? "every" : "the first"} ${r.throwsAt}: prompt() ${r.promptRejected === undefined ? "resolved" : `rejected ("${r.promptRejected}")`}, ` +
        `${r.providerRequests} of 2 scripted requests made, the second listener saw ${r.agentEndsSeenByLaterListener} agent_end, transcript ends ${r.lastMessage}`;
      const evidence = every.map(describe).join("; ");
      if (!every.every(asStated)) return verdictOf(false, evidence);
      const otherwise = once.filter((r) => !asStated(r));
      return otherwise.length > 0
        ? qualified(`${evidence}: the listener throws again at the events the core re-sends for the failure`, otherwise.map(describe).join("; "))
        : verdictOf(true, `${evidence}; ${once.map(describe).join("; ")}`);
    },
  },
  {
    id: "ch37.found.follow-up-left-queued-on-failed-end",
    async run() {
      const { runQueueOnFailedEnd } = await queuesOnFailedEnd();
      const runs = [await runQueueOnFailedEnd("error"), await runQueueOnFailedEnd("aborted")];
      return verdictOf(
        runs.every((r) => r.agentEnds === 1 && !r.followUpDelivered && r.queuedAfterRun),
        runs.map((r) => `next request ${r.stopReason}: agent_end ×${r.agentEnds}, follow-up delivered ${r.followUpDelivered}, still queued ${r.queuedAfterRun}, ${r.providerRequests} requests`).join("; "),
      );
    },
  },
  {
    id: "ch37.found.case-mapped-excerpt",
    async run() {
      const rows = await (await caseMappedExcerptDemo()).compareExcerpts();
      const bookFalls = rows.some((r) => !r.book.holdsMatch) && rows.some((r) => !r.book.wellFormed);
      const companionHolds = rows.every((r) => r.companion.holdsMatch && r.companion.wellFormed);
      return verdictOf(
        bookFalls && companionHolds,
        rows
          .map((r) => `${r.name}, query "${r.query}": the book's excerpt holds the match ${r.book.holdsMatch}, well-formed ${r.book.wellFormed}; the companion's ${r.companion.holdsMatch}, ${r.companion.wellFormed}`)
          .join("; "),
      );
    },
  },
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
        sweep.every((r) => r.streamFnCalls === r.maxTurns + 1 && r.providerRequests === r.maxTurns && r.afterAbortStopReason === "error"),
        sweep.map((r) => `maxTurns ${r.maxTurns}: ${r.streamFnCalls} stream-function calls, ${r.providerRequests} provider requests, the last call ${r.afterAbortStopReason ?? "none"}`).join("; "),
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
        runs.map((r) => `${r.stopReason} on turn ${r.failsOnTurn} of ${r.maxTurns}: ${r.kind}`).join("; "),
      );
    },
  },
  {
    id: "ch38.found.bug-figures-follow-script",
    async run() {
      const { BOOK_FIGURES: figures, measureCase } = await turnLimitTable();
      const cases = [
        await measureCase("no-turn-bound", figures.noTurnBound.case),
        await measureCase("no-turn-bound", { ...figures.noTurnBound.case, scriptedResponses: 20 }),
        await measureCase("unfixed-guard", figures.unfixedGuard.case),
        await measureCase("unfixed-guard", { ...figures.unfixedGuard.case, scriptedResponses: 12 }),
      ];
      return verdictOf(
        cases.every((r) => r.providerRequests === r.scriptedResponses + 1),
        cases.map((r) => `${r.variant}, ${r.scriptedResponses} scripted: ${r.providerRequests} requests`).join("; "),
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

/** The companion's findings (chapters/findings.tsv), one check each, run by the same ledger. */
export const findingChecks: Check[] = checks.map(failsWhenListingDoesNotLoad);

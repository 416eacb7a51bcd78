import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import type * as AbortStreamFn from "../../../examples/ch38-typed-step/abort-stream-fn.ts";
import type * as MaxTurnsSweep from "../../../examples/ch38-typed-step/max-turns-sweep.ts";
import type * as Measure from "../../../examples/ch38-typed-step/support/measure.ts";
import type * as Step from "../../../examples/ch38-typed-step/step.ts";
import type * as StepTable from "../../../examples/ch38-typed-step/step-table.ts";
import type * as TableRuns from "../../../examples/ch38-typed-step/demonstrations/table-runs.ts";
import type * as TurnLimitTable from "../../../examples/ch38-typed-step/demonstrations/turn-limit-table.ts";
import { compileFiles, compileLater } from "../../toolchain/compile.ts";
import { PACKAGE_NAMES } from "../../toolchain/pin.ts";
import { qualified, verdictOf, type Check, type CheckResult } from "../check.ts";
import { failsWhenListingDoesNotLoad, listingsOf } from "../load-listing.ts";
import { begin, once } from "../once.ts";
import { installedPi } from "../static/installed.ts";
import { runTestFile } from "../test-file.ts";
import { compileAboutPi } from "../../port/compile-ported.ts";
import { errorFlagVerdict } from "./ch37-behaviour/error-flag.ts";

type RowRun = TableRuns.RowRun;
type Scenario = StepTable.Scenario;
type StepRun = Measure.StepRun;
type StepTableRow = StepTable.StepTableRow;
type TurnLimitCase = TurnLimitTable.TurnLimitCase;
type TurnLimitRow = TurnLimitTable.TurnLimitRow;

// The chapter's modules are imported when a check first runs, never when the ledger loads:
// a release that breaks one listing then costs the claims that run it, not the whole ledger.
const listing = listingsOf(import.meta.url);
const step = listing(() => import("../../../examples/ch38-typed-step/step.ts"));
const bookStep = listing(() => import("../../../examples/ch38-typed-step/book-step.ts"));
const measure = listing(() => import("../../../examples/ch38-typed-step/support/measure.ts"));
const stepTable = listing(() => import("../../../examples/ch38-typed-step/step-table.ts"));
const tableRunner = listing(() => import("../../../examples/ch38-typed-step/demonstrations/table-runs.ts"));
const turnLimitTable = listing(() => import("../../../examples/ch38-typed-step/demonstrations/turn-limit-table.ts"));
const demos = listing(() => import("../../../examples/ch38-typed-step/demonstrations/step-demos.ts"));
const argumentConversion = listing(() => import("../../chapter-tables/ch38/argument-conversion.ts"));
const abortDiscardsValid = listing(() => import("../../chapter-tables/ch38/abort-discards-valid.ts"));
const researchStepBounds = listing(() => import("../../../examples/ch38-typed-step/research-step-bounds.ts"));
const abortStreamFn = listing(() => import("../../../examples/ch38-typed-step/abort-stream-fn.ts"));
const lastTurnFailure = listing(() => import("../../../examples/ch38-typed-step/last-turn-failure.ts"));
const maxTurnsSweep = listing(() => import("../../../examples/ch38-typed-step/max-turns-sweep.ts"));
const thirdOutcomes = listing(() => import("../../../examples/ch38-typed-step/third-outcomes.ts"));

/** step(), its table and the harness that measures it: what the rows run and the words their evidence uses. */
const stepHarness = once(async () => ({
  ...(await step()),
  ...(await bookStep()),
  ...(await measure()),
  ...(await stepTable()),
  ...(await tableRunner()),
}));
type StepHarness = Awaited<ReturnType<typeof stepHarness>>;

// ---- the step table, run once -------------------------------------------------------

const tableRuns = once(async () => (await stepHarness()).runStepTable());

const rowRun = async (name: string): Promise<RowRun> => {
  const found = (await tableRuns()).find((r) => r.row.row === name);
  if (found === undefined) throw new Error(`no table row named "${name}"`);
  return found;
};

/** The conditions a row's figures depend on. */
function conditions(h: StepHarness, row: Pick<StepTableRow, "script" | "options">): string {
  const maxAttempts = row.options?.maxAttempts ?? `${h.DEFAULT_MAX_ATTEMPTS} (default)`;
  const maxTurns = row.options?.maxTurns ?? `${h.DEFAULT_MAX_TURNS} (default)`;
  return `${row.script().length} scripted responses, maxAttempts ${maxAttempts}, maxTurns ${maxTurns}`;
}

function rowEvidence(h: StepHarness, { row, run, agrees }: RowRun): string {
  const expected = agrees ? "" : ` (table expects ${h.describeExpected(row.expected)} after ${row.expected.providerRequests})`;
  return `"${row.row}": ${h.describeOutcome(run.outcome)} after ${requests(run.providerRequests)}${expected}, under ${conditions(h, row)}`;
}

/**
 * A claim verified by the table rows that name it: holds when every such row behaves as the
 * table says. `counterexample` measures a case inside the claim's scope that the table does
 * not try: when it returns one, the verdict is `qualified`, the rows being the condition.
 */
function tableCheck(id: string, counterexample?: () => Promise<string | undefined>): Check {
  return {
    id,
    async run() {
      const h = await stepHarness();
      const runs = (await tableRuns()).filter((r) => r.row.claim === id);
      if (runs.length === 0) throw new Error(`no table row verifies ${id}`);
      const evidence = runs.map((r) => rowEvidence(h, r)).join("; ");
      if (!runs.every((r) => r.agrees)) return verdictOf(false, evidence);
      const found = counterexample ? await counterexample() : undefined;
      return found === undefined ? verdictOf(true, evidence) : qualified(evidence, found);
    },
  };
}

/** A failed or aborted request classified as another kind: the last allowed turn. */
async function lastTurnCounterexample(stopReason: "error" | "aborted"): Promise<string | undefined> {
  const runs = (await (await lastTurnFailure()).measureLastTurnFailures()).filter((r) => r.stopReason === stopReason);
  const other = runs.filter((r) => r.kind !== "provider");
  if (other.length === 0) return undefined;
  return (
    other.map((r) => `stop reason ${r.stopReason} on turn ${r.failsOnTurn} of maxTurns ${r.maxTurns}, no value stored: ${r.kind}`).join("; ") +
    ` (the turn bound fires at that turn_end and turn-limit is classified before provider; on turn 2 of maxTurns 3: ` +
    `${runs.find((r) => r.maxTurns > r.failsOnTurn)?.kind})`
  );
}

type CountingScenarios = StepHarness["countingScenarios"];
const scenarioRun = (pick: (scenarios: CountingScenarios) => Scenario) =>
  once(async () => {
    const h = await stepHarness();
    const scenario = pick(h.countingScenarios);
    return h.measureStep(h.step, scenario.script(), scenario.options);
  });
const perFailedCall = scenarioRun((s) => s.twoFailedSubmitsInOneResponse);
const lookupsOnly = scenarioRun((s) => s.lookupsOnly);
const failedByCore = scenarioRun((s) => s.validSubmitFailedByCore);
const malformed = scenarioRun((s) => s.malformedSubmit);
const boundAborts = scenarioRun((s) => s.boundAbortsFromListener);

const outcomeOf = (h: StepHarness, run: StepRun) => h.describeOutcome(run.outcome);
const requests = (n: number) => `${n} provider request${n === 1 ? "" : "s"}`;

// ---- the bug history ------------------------------------------------------------------

const caseRun = (variant: TurnLimitRow["variant"], pick: (figures: typeof TurnLimitTable.BOOK_FIGURES) => TurnLimitCase) =>
  once(async () => {
    const { BOOK_FIGURES: figures, measureCase } = await turnLimitTable();
    return measureCase(variant, pick(figures));
  });
const v1Book = caseRun("no-turn-bound", (f) => f.noTurnBound.case);
const v1ShorterScript = caseRun("no-turn-bound", (f) => ({ ...f.noTurnBound.case, scriptedResponses: 20 }));
const v1OneAttempt = caseRun("no-turn-bound", (f) => ({ ...f.noTurnBound.case, maxAttempts: 1 }));
const v2Book = caseRun("unfixed-guard", (f) => f.unfixedGuard.case);
const v2LongerScript = caseRun("unfixed-guard", (f) => ({ ...f.unfixedGuard.case, scriptedResponses: 12 }));
const v2NeverSubmits = caseRun("unfixed-guard", (f) => ({ ...f.noTurnBound.case, maxTurns: 4 }));

/** "31 = 30 scripted + 1", or "≠" when the count does not follow the script. */
const againstScript = (r: TurnLimitRow) =>
  `${r.providerRequests} ${r.providerRequests === r.scriptedResponses + 1 ? "=" : "≠"} ${r.scriptedResponses} scripted + 1`;

const caseEvidence = (r: TurnLimitRow) =>
  `${r.variant}, ${r.scenario}, ${r.scriptedResponses} scripted, maxTurns ${r.maxTurns}, maxAttempts ${r.maxAttempts}: ` +
  `${r.providerRequests} provider requests, outcome ${r.outcome}`;

// ---- tests and listing ----------------------------------------------------------------

const STEP_LISTING = ["step.ts", "earlier-versions.ts"].map((f) => `examples/ch38-typed-step/${f}`);
const RESEARCH_STEP = "examples/ch38-typed-step/research-step.ts";
compileLater([...STEP_LISTING, RESEARCH_STEP]);
const STEP_TESTS = fileURLToPath(new URL("../../../examples/ch38-typed-step/step.test.ts", import.meta.url));

// step.test.ts in a child process: started before the checks run, beside the type-check.
const stepTests = once(() => runTestFile(STEP_TESTS));

const KINDS: readonly Step.StepFailure[] = ["provider", "invalid-submissions", "turn-limit", "no-submit"];

const checks: Check[] = [
  {
    id: "ch38.code.listing-compiles",
    asksTypeChecker: true,
    async run(): Promise<CheckResult> {
      const { core, dirs } = installedPi();
      const diagnostics = compileFiles(STEP_LISTING, dirs);
      const first = diagnostics[0];
      return verdictOf(
        diagnostics.length === 0,
        `${STEP_LISTING.map((f) => f.split("/").at(-1)).join(", ")} against ${PACKAGE_NAMES.core} ${core} declarations: ` +
          `${diagnostics.length} diagnostics` +
          (first === undefined ? "" : ` (first: TS${first.code} ${first.file ?? ""}:${first.line ?? "?"} ${first.message.split("\n")[0]})`),
      );
    },
  },
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
        `step.test.ts: ${passed.length} passed, ${failed.length} failed; ${rowsPassed.length} of ${rowNames.length} table-row tests pass ` +
          `(the book's fourteen rows plus "an aborted response")` +
          (rowsFailed.length > 0 ? `; failing rows: ${rowsFailed.join(" | ")}` : "") +
          (outside.length > 0 ? `; failing outside the table: ${outside.join(" | ")}` : ""),
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
      const everyValueSubmitted = values.every((r) => r.run.toolEnds.some((end) => end.toolName === "submit" && !end.isError));
      return verdictOf(
        prose.agrees && valid.agrees && everyValueSubmitted,
        `${rowEvidence(h, prose)}; ${rowEvidence(h, valid)}; ${values.length} of ${runs.length} table rows returned a value, ` +
          `${values.filter((r) => r.run.toolEnds.some((end) => end.toolName === "submit" && !end.isError)).length} of them after an accepted submit`,
      );
    },
  },
  {
    id: "ch38.validation.before-execute",
    async run() {
      const h = await stepHarness();
      const run = await malformed();
      const rejection = run.toolEnds.find((end) => end.toolName === "submit");
      const lastOfSecond = run.requests[1]?.at(-1);
      const modelSawError = lastOfSecond?.role === "toolResult" && lastOfSecond.isError;
      const rejectedByCore = rejection?.isError === true && /^Validation failed for tool "submit"/.test(rejection.text ?? "");
      const converted = await (await argumentConversion()).measureArgumentConversion();
      const bookCase =
        `malformed submit ({verdict:"probably"}): tool result isError ${rejection?.isError}, text "${rejection?.text?.split("\n")[0]}", ` +
        `next request ends with an error tool result: ${modelSawError}; nothing stored (outcome ${outcomeOf(h, run)})`;
      // The book classifies a run with a failed submit and no value as invalid-submissions (its branch 5).
      if (!(rejectedByCore && modelSawError && outcomeOf(h, run) === "invalid-submissions")) return verdictOf(false, bookCase);
      const convertedReachedExecute = !converted.validAsSent && converted.returned !== undefined;
      return convertedReachedExecute
        ? qualified(
            `${bookCase}; the arguments cannot be converted to the schema`,
            `${JSON.stringify(converted.sent)} (schema-valid as sent: ${converted.validAsSent}) was converted before validation, reached execute ` +
              `and was returned as ${JSON.stringify(converted.returned)}, with ${converted.failedSubmits} failed submits`,
          )
        : verdictOf(true, `${bookCase}; ${JSON.stringify(converted.sent)} (schema-valid as sent: ${converted.validAsSent}) got an error result too`);
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
        `submit alone: run ended after ${alone.run.providerRequests} request; submit + lookup_evidence in one batch: lookup executed ${lookupRan}, ` +
          `the loop went on to ${mixed.run.providerRequests} requests (${conditions(h, mixed.row)})`,
      );
    },
  },
  {
    id: "ch38.abort.from-listener",
    async run() {
      const h = await stepHarness();
      const run = await boundAborts();
      const maxTurns = h.countingScenarios.boundAbortsFromListener.options.maxTurns;
      const bookCase =
        `step(), maxTurns ${maxTurns} against a lookup-only model (${h.countingScenarios.boundAbortsFromListener.script().length} scripted): abort() from the turn_end listener, ` +
        `${run.providerRequests} provider requests served; the loop called its stream function ${run.streamFnCalls} times` +
        (run.streamFnCalls > run.providerRequests
          ? `, the last refused by pi-ai's Models before the provider (stop reason ${run.stopReasons.at(-1)}: "${run.lastErrorMessage}")`
          : "");
      if (!(run.providerRequests === maxTurns && outcomeOf(h, run) === "turn-limit")) return verdictOf(false, bookCase);
      const { runAbortFromListener } = await abortStreamFn();
      const forwards = await runAbortFromListener("forwards-signal");
      const drops = await runAbortFromListener("drops-signal");
      const custom = (r: AbortStreamFn.AbortRun) =>
        `a bare Agent whose custom stream function ${r.streamFn === "drops-signal" ? "does not pass on the abort signal" : "passes on the abort signal"}, abort() at turn_end ${r.abortAtTurn}: ` +
        `the stream function was called ${r.streamFnCalls} times, ${r.providerRequests} provider requests served, ${r.turns} turns (${r.scripted} scripted, last stop reason ${r.lastStopReason})`;
      return drops.providerRequests > drops.abortAtTurn
        ? qualified(`${bookCase}; ${custom(forwards)}: the stream function passes the abort signal on`, custom(drops))
        : verdictOf(true, `${bookCase}; ${custom(forwards)}; ${custom(drops)}`);
    },
  },
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
        outcomeOf(h, run) === "invalid-submissions" && failure?.isError === true && !/^Validation failed/.test(failure.text ?? ""),
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
      if (!(repeated.agrees && h.failedSubmits(repeated.run) === h.DEFAULT_MAX_ATTEMPTS)) return verdictOf(false, bookCase);
      const coreFailure = core.toolEnds.find((end) => end.toolName === "submit" && end.isError);
      // Counting other failed submits too leaves "counts invalid submissions" true: that is
      // ch38.maxattempts.cause-agnostic, named here, not a counterexample.
      return verdictOf(
        true,
        `${bookCase}; besides them, a schema-valid submit the core failed (stop reason length, "${coreFailure?.text?.slice(0, 50)}…") ` +
          `counts as well: ${outcomeOf(h, core)} at maxAttempts 1 after ${requests(core.providerRequests)} (ch38.maxattempts.cause-agnostic)`,
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
        `maxAttempts ${maxAttempts}, maxTurns ${maxTurns}, lookups only (${failedLookups} of them failing their own schema): ` +
          `${h.failedSubmits(run)} attempts counted; only the turn bound ended the run (${outcomeOf(h, run)} after ${run.providerRequests} requests)`,
      );
    },
  },
  tableCheck("ch38.invalid-in-mixed-batch-counts-once"),
  tableCheck("ch38.invalid-mixed-exhausted"),
  tableCheck("ch38.first-submission-wins", async () => {
    const run = await (await abortDiscardsValid()).measureAbortDiscardsValid();
    const h = await stepHarness();
    if (run.outcome.status === "value") return undefined;
    return (
      `the first valid submission is lost when a later submit in the same batch spends the attempt budget ` +
      `(maxAttempts 1, [valid, invalid] in one response: ${h.describeOutcome(run.outcome)}, ${run.failedSubmits} failed submits counted)`
    );
  }),
  tableCheck("ch38.mixed-then-fail-returns-earlier"),
  tableCheck("ch38.provider-kind", () => lastTurnCounterexample("error")),
  tableCheck("ch38.provider-kind.aborted", () => lastTurnCounterexample("aborted")),
  {
    id: "ch38.fixed.exactly-maxTurns-requests",
    async run() {
      const h = await stepHarness();
      const mixed = await rowRun("submit batched with a non-terminating tool");
      const maxTurns = mixed.row.options?.maxTurns;
      const sweep = await (await maxTurnsSweep()).sweepMaxTurns();
      const exact = (r: MaxTurnsSweep.MaxTurnsRun) => r.value !== undefined && r.providerRequests === r.maxTurns;
      return verdictOf(
        mixed.run.outcome.status === "value" && mixed.run.providerRequests === maxTurns && sweep.every(exact),
        `${rowEvidence(h, mixed)}: ${mixed.run.providerRequests} provider requests ${mixed.run.providerRequests === maxTurns ? "=" : "≠"} maxTurns ${maxTurns}; ` +
          `maxTurns ${sweep.map((r) => r.maxTurns).join(", ")}: ${sweep.map((r) => `${r.providerRequests}${r.value === undefined ? " (no value)" : ""}`).join(", ")} provider requests; ` +
          `a request here is one the provider served: the stream function was called ${sweep.map((r) => r.streamFnCalls).join(", ")} times, ` +
          `the extra call made after abort() and refused by pi-ai's Models before the provider (stop reason ${sweep[0]?.afterAbortStopReason})`,
      );
    },
  },
  {
    id: "ch38.turn-limit.returns-stored",
    async run() {
      const h = await stepHarness();
      const mixed = await rowRun("submit batched with a non-terminating tool");
      const scripted = mixed.row.script().length;
      const maxTurns = mixed.row.options?.maxTurns ?? h.DEFAULT_MAX_TURNS;
      const boundEnded = mixed.run.providerRequests === maxTurns && mixed.run.providerRequests < scripted;
      return verdictOf(
        mixed.agrees && mixed.run.outcome.status === "value" && boundEnded,
        `maxTurns ${maxTurns}, ${scripted} scripted responses: ${mixed.run.providerRequests} requested, ` +
          `${boundEnded ? "the turn bound ended the run" : "the turn bound did not end the run"}; outcome ${h.describeOutcome(mixed.run.outcome)}`,
      );
    },
  },
  tableCheck("ch38.fixed.bounds-never-submit"),
  {
    id: "ch38.bug.unfixed-7-requests",
    async run() {
      const { BOOK_FIGURES: figures } = await turnLimitTable();
      const book = await v2Book();
      const longer = await v2LongerScript();
      const bookCase = `${caseEvidence(book)}; ${againstScript(book)} (last response: "${book.lastErrorMessage}")`;
      // A longer script giving a larger figure leaves the book's observation of its own run
      // true: that is ch38.found.bug-figures-follow-script, named here, not a counterexample.
      return verdictOf(
        book.providerRequests === figures.unfixedGuard.requests && book.outcome.startsWith("{"),
        `${bookCase}; the figure follows the script (ch38.found.bug-figures-follow-script): ${longer.scriptedResponses} scripted give ${againstScript(longer)}, outcome ${longer.outcome}`,
      );
    },
  },
  {
    id: "ch38.bug.unfixed-bound-stops-after-submit",
    async run() {
      const stored = await v2LongerScript();
      const neverSubmits = await v2NeverSubmits();
      return verdictOf(
        stored.providerRequests > stored.maxTurns && neverSubmits.providerRequests === neverSubmits.maxTurns,
        `unfixed guard without a stored value: the bound ${neverSubmits.providerRequests === neverSubmits.maxTurns ? "fired" : "did not fire"} (${caseEvidence(neverSubmits)}); ` +
          `with one: it ${stored.providerRequests > stored.maxTurns ? "did not fire" : "fired"} (${caseEvidence(stored)})`,
      );
    },
  },
  {
    id: "ch38.bug.no-turn-bound-31-requests",
    async run() {
      const { BOOK_FIGURES: figures } = await turnLimitTable();
      const book = await v1Book();
      const shorter = await v1ShorterScript();
      const oneAttempt = await v1OneAttempt();
      const bookCase = `${caseEvidence(book)}; ${againstScript(book)} (last response: "${book.lastErrorMessage}")`;
      // As for the unfixed guard: the figure following the script is a finding, not a counterexample.
      return verdictOf(
        book.providerRequests === figures.noTurnBound.requests,
        `${bookCase}; the figure follows the script, whatever maxAttempts (ch38.found.bug-figures-follow-script): ` +
          `${shorter.scriptedResponses} scripted give ${againstScript(shorter)}, outcome ${shorter.outcome}; maxAttempts ${oneAttempt.maxAttempts} gives ${againstScript(oneAttempt)}`,
      );
    },
  },
  {
    id: "ch38.config-guards",
    async run() {
      const h = await stepHarness();
      const runs = (await tableRuns()).filter((r) => r.row.claim === "ch38.config-guards");
      const unwrapped = runs.every((r) => r.run.outcome.status === "thrown");
      return verdictOf(
        runs.length > 0 && unwrapped && runs.every((r) => r.agrees),
        runs.map((r) => `"${r.row.row}": ${h.describeOutcome(r.run.outcome)} (not StepFailed: ${r.run.outcome.status === "thrown"}), ${r.run.providerRequests} requests`).join("; "),
      );
    },
  },
  {
    id: "ch38.defaults",
    async run() {
      const h = await stepHarness();
      const attempts = await rowRun("same invalid value repeated until invalid-submissions");
      const turns = await rowRun("a model that never submits");
      const measuredAttempts = h.failedSubmits(attempts.run);
      const measuredTurns = turns.run.providerRequests;
      return verdictOf(
        measuredAttempts === 3 && measuredTurns === 10 && outcomeOf(h, attempts.run) === "invalid-submissions" && outcomeOf(h, turns.run) === "turn-limit",
        `no options given: ${measuredAttempts} failed submits ended the run (${outcomeOf(h, attempts.run)}, ${attempts.row.script().length} scripted); ` +
          `a never-submitting model stopped after ${measuredTurns} requests (${outcomeOf(h, turns.run)}, ${turns.row.script().length} scripted)`,
      );
    },
  },
  {
    id: "ch38.kinds.reachable",
    async run() {
      const runs = await tableRuns();
      const reached = new Map<string, string>();
      for (const { row, run } of runs) {
        if (run.outcome.status === "failed" && !reached.has(run.outcome.kind)) reached.set(run.outcome.kind, row.row);
      }
      const unknown = [...reached.keys()].filter((kind) => !KINDS.includes(kind as Step.StepFailure));
      return verdictOf(
        KINDS.every((kind) => reached.has(kind)) && unknown.length === 0,
        KINDS.map((kind) => `${kind} ← ${reached.has(kind) ? `"${reached.get(kind)}"` : "not reached"}`).join("; ") +
          (unknown.length > 0 ? `; other kinds seen: ${unknown.join(", ")}` : ""),
      );
    },
  },
  {
    id: "recipe.no-third-outcome",
    async run() {
      const h = await stepHarness();
      const all = await tableRuns();
      const runs = all.filter((r) => r.run.providerRequests > 0);
      const count = (status: string) => runs.filter((r) => r.run.outcome.status === status).length;
      const third = runs.filter((r) => r.run.outcome.status === "thrown");
      const bookCase =
        `${runs.length} table rows that reached the model: ${count("value")} returned a value, ${count("failed")} threw StepFailed, ` +
        `${third.length} ended otherwise${third.length > 0 ? ` (${third.map((r) => r.row.row).join(", ")})` : ""}`;
      if (third.length > 0) return verdictOf(false, bookCase);
      const guards = all.filter((r) => r.run.outcome.status === "thrown");
      const others = (await (await thirdOutcomes()).measureOtherEndings()).filter((c) => c.ending !== "value" && c.ending !== "StepFailed");
      const neither = [
        ...guards.map((r) => `"${r.row.row}" → ${h.describeOutcome(r.run.outcome)}`),
        ...others.map((c) => `${c.name} → ${c.ending} (${c.outcome.status === "thrown" ? c.outcome.message : ""}, after ${requests(c.providerRequests)})`),
      ];
      return neither.length > 0
        ? qualified(`${bookCase}; valid options`, `neither a value nor StepFailed: ${neither.join("; ")}`)
        : verdictOf(true, bookCase);
    },
  },
  {
    id: "ch38.parallel-steps",
    async run() {
      const run = await (await demos()).parallelDemo();
      const expected = [{ verdict: "supported" }, { verdict: "refuted" }];
      return verdictOf(
        isDeepStrictEqual(run.values, expected),
        `two steps under Promise.all against one scripted provider: ${run.values.map((v) => JSON.stringify(v)).join(" and ")} ` +
          `for ${run.claims.length} different claims, ${run.providerRequests} requests; each kept its own result`,
      );
    },
  },
  {
    id: "ch38.chaining.no-shared-history",
    async run() {
      const run = await (await demos()).chainingDemo();
      const onlyTheValue = run.secondStepUserText === JSON.stringify(run.triage);
      return verdictOf(
        isDeepStrictEqual(run.secondStepRoles, ["system", "user"]) && onlyTheValue && !run.reportReachedSecondStep,
        `second step's first request: roles ${run.secondStepRoles.join(", ")}, user text ${onlyTheValue ? "exactly the serialised triage" : `"${run.secondStepUserText}"`}; ` +
          `the first step's report reached it: ${run.reportReachedSecondStep}`,
      );
    },
  },
  {
    id: "ch38.extra-tools.research-step",
    asksTypeChecker: true,
    async run() {
      const { dirs } = installedPi();
      // The claim is about what step() does with extra tools, not about research-step.ts's
      // import lines: where a port applies, it is type-checked as the port rewrites them.
      const { diagnostics, port } = compileAboutPi([RESEARCH_STEP], dirs);
      const { book, runs } = await (await researchStepBounds()).measureResearchStepBounds();
      const [withRoom, noRoom, lookupsOnly, failingLookups] = runs;
      const bounded =
        withRoom?.outcome.startsWith("{") === true &&
        noRoom?.outcome === "turn-limit" &&
        lookupsOnly?.outcome === "turn-limit" && lookupsOnly.providerRequests === lookupsOnly.maxTurns &&
        failingLookups?.outcome === "turn-limit" && failingLookups.failedSubmits === 0;
      return verdictOf(
        diagnostics.length === 0 && JSON.stringify(book.value) === JSON.stringify({ verdict: "supported", citations: ["notes-1"] }) && bounded,
        `research-step.ts (extraTools: [lookupEvidence(corpus)]) compiles${port === undefined ? "" : ` through ${port.name}`} with ${diagnostics.length} diagnostics` +
          (diagnostics[0] === undefined ? "" : ` (first: TS${diagnostics[0].code} ${diagnostics[0].file ?? ""}:${diagnostics[0].line ?? "?"} ${diagnostics[0].message.split("\n")[0]})`) +
          "; " +
          `lookup then submit: ${JSON.stringify(book.value)} after ${requests(book.providerRequests)}; ` +
          runs.map((r) => `${r.name}: ${r.outcome} after ${requests(r.providerRequests)}, ${r.lookups} lookups, ${r.failedSubmits} attempts counted`).join("; "),
      );
    },
  },
];

/**
 * Chapter 38's behavioural claims, one per claim id, each running the chapter's own code;
 * a claim whose listing does not load against the installed Pi `fails` with the loader's message.
 */
export const ch38BehaviourChecks: Check[] = checks.map(failsWhenListingDoesNotLoad);

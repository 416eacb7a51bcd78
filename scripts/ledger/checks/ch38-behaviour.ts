import { run as runTests } from "node:test";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { chainingDemo, parallelDemo } from "../../../examples/ch38-typed-step/demos.ts";
import { describeOutcome, failedSubmits, measureStep, type StepRun } from "../../../examples/ch38-typed-step/measure.ts";
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_TURNS } from "../../../examples/ch38-typed-step/run-step.ts";
import {
  countingScenarios,
  describeExpected,
  stepTable,
  type Scenario,
  type StepTableRow,
} from "../../../examples/ch38-typed-step/step-table.ts";
import { runStepTable, type RowRun } from "../../../examples/ch38-typed-step/table-runs.ts";
import { step, type StepFailureKind } from "../../../examples/ch38-typed-step/step.ts";
import { BOOK_FIGURES, measureCase, type TurnLimitCase, type TurnLimitRow } from "../../../examples/ch38-typed-step/turn-limit-table.ts";
import { compileFiles } from "../../../examples/support/compile.ts";
import { PACKAGE_NAMES } from "../../../examples/support/pin.ts";
import { verdictOf, type Check, type CheckResult } from "../check.ts";
import { installedPi } from "../static/installed.ts";

/** Runs a scenario once, however many checks read its measurement. */
function once<T>(measure: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= measure());
}

// ---- the step table, run once -------------------------------------------------------

const tableRuns = once(() => runStepTable());

const rowRun = async (name: string): Promise<RowRun> => {
  const found = (await tableRuns()).find((r) => r.row.row === name);
  if (found === undefined) throw new Error(`no table row named "${name}"`);
  return found;
};

/** The conditions a row's figures depend on. */
function conditions(row: Pick<StepTableRow, "script" | "options">): string {
  const maxAttempts = row.options?.maxAttempts ?? `${DEFAULT_MAX_ATTEMPTS} (default)`;
  const maxTurns = row.options?.maxTurns ?? `${DEFAULT_MAX_TURNS} (default)`;
  return `${row.script().length} scripted responses, maxAttempts ${maxAttempts}, maxTurns ${maxTurns}`;
}

function rowEvidence({ row, run, agrees }: RowRun): string {
  const expected = agrees ? "" : ` (table expects ${describeExpected(row.expected)} after ${row.expected.providerRequests})`;
  return `"${row.row}": ${describeOutcome(run.outcome)} after ${requests(run.providerRequests)}${expected}, under ${conditions(row)}`;
}

/** A claim verified by the table rows that name it: holds when every such row behaves as the table says. */
function tableCheck(id: string): Check {
  return {
    id,
    async run() {
      const runs = (await tableRuns()).filter((r) => r.row.claim === id);
      if (runs.length === 0) throw new Error(`no table row verifies ${id}`);
      return verdictOf(runs.every((r) => r.agrees), runs.map(rowEvidence).join("; "));
    },
  };
}

const scenarioRun = (scenario: Scenario) => once(() => measureStep(step, scenario.script(), scenario.options));
const perFailedCall = scenarioRun(countingScenarios.twoFailedSubmitsInOneResponse);
const lookupsOnly = scenarioRun(countingScenarios.lookupsOnly);
const failedByCore = scenarioRun(countingScenarios.validSubmitFailedByCore);
const malformed = scenarioRun(countingScenarios.malformedSubmit);
const boundAborts = scenarioRun(countingScenarios.boundAbortsFromListener);

const outcomeOf = (run: StepRun) => describeOutcome(run.outcome);
const requests = (n: number) => `${n} provider request${n === 1 ? "" : "s"}`;

// ---- the bug history ------------------------------------------------------------------

const caseRun = (variant: TurnLimitRow["variant"], c: TurnLimitCase) => once(() => measureCase(variant, c));
const v1Book = caseRun("no-turn-bound", BOOK_FIGURES.noTurnBound.case);
const v1ShorterScript = caseRun("no-turn-bound", { ...BOOK_FIGURES.noTurnBound.case, scriptedResponses: 20 });
const v1OneAttempt = caseRun("no-turn-bound", { ...BOOK_FIGURES.noTurnBound.case, maxAttempts: 1 });
const v2Book = caseRun("unfixed-guard", BOOK_FIGURES.unfixedGuard.case);
const v2LongerScript = caseRun("unfixed-guard", { ...BOOK_FIGURES.unfixedGuard.case, scriptedResponses: 12 });
const v2NeverSubmits = caseRun("unfixed-guard", { ...BOOK_FIGURES.noTurnBound.case, maxTurns: 4 });

/** "31 = 30 scripted + 1", or "≠" when the count does not follow the script. */
const againstScript = (r: TurnLimitRow) =>
  `${r.providerRequests} ${r.providerRequests === r.scriptedResponses + 1 ? "=" : "≠"} ${r.scriptedResponses} scripted + 1`;

const caseEvidence = (r: TurnLimitRow) =>
  `${r.variant}, ${r.scenario}, ${r.scriptedResponses} scripted, maxTurns ${r.maxTurns}, maxAttempts ${r.maxAttempts}: ` +
  `${r.providerRequests} provider requests, outcome ${r.outcome}`;

// ---- tests and listing ----------------------------------------------------------------

const STEP_LISTING = ["step.ts", "run-step.ts", "step-failed.ts", "earlier-versions.ts"].map((f) => `examples/ch38-typed-step/${f}`);
const STEP_TESTS = fileURLToPath(new URL("../../../examples/ch38-typed-step/step.test.ts", import.meta.url));

/** Runs step.test.ts in a child test runner (it inherits this process's loader and resolution hook). */
async function runStepTests(): Promise<{ passed: string[]; failed: string[] }> {
  const passed: string[] = [];
  const failed: string[] = [];
  const stream = runTests({ files: [STEP_TESTS] });
  stream.on("test:pass", (event) => {
    if (event.nesting === 0) passed.push(event.name);
  });
  stream.on("test:fail", (event) => {
    if (event.nesting === 0) failed.push(event.name);
  });
  for await (const _ of stream) {
    // drain: the counts come from the listeners
  }
  return { passed, failed };
}

const KINDS: readonly StepFailureKind[] = ["provider", "invalid-submissions", "turn-limit", "no-submit"];

/** The checks of chapter 38's behaviour, one per claim id, each running the chapter's own code. */
export const ch38BehaviourChecks: Check[] = [
  {
    id: "ch38.code.listing-compiles",
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
    async run() {
      const { passed, failed } = await runStepTests();
      const rowNames = stepTable.map((row) => `${row.row} — ${row.claim}`);
      const rowsPassed = rowNames.filter((name) => passed.includes(name));
      return verdictOf(
        rowsPassed.length === rowNames.length && rowsPassed.length >= 14 && failed.length === 0,
        `step.test.ts: ${passed.length} passed, ${failed.length} failed; ${rowsPassed.length} of ${rowNames.length} table-row tests pass ` +
          `(the book's fourteen rows plus "an aborted response")` +
          (failed.length > 0 ? `; failing: ${failed.join(" | ")}` : ""),
      );
    },
  },
  {
    id: "ch38.submit.only-success",
    async run() {
      const prose = await rowRun("prose only");
      const valid = await rowRun("valid first submission");
      const runs = await tableRuns();
      const values = runs.filter((r) => r.run.outcome.status === "value");
      // A value only ever comes back after an accepted submit.
      const everyValueSubmitted = values.every((r) => r.run.toolEnds.some((end) => end.toolName === "submit" && !end.isError));
      return verdictOf(
        prose.agrees && valid.agrees && everyValueSubmitted,
        `${rowEvidence(prose)}; ${rowEvidence(valid)}; ${values.length} of ${runs.length} table rows returned a value, ` +
          `${values.filter((r) => r.run.toolEnds.some((end) => end.toolName === "submit" && !end.isError)).length} of them after an accepted submit`,
      );
    },
  },
  {
    id: "ch38.validation.before-execute",
    async run() {
      const run = await malformed();
      const rejection = run.toolEnds.find((end) => end.toolName === "submit");
      const lastOfSecond = run.requests[1]?.at(-1);
      const modelSawError = lastOfSecond?.role === "toolResult" && lastOfSecond.isError;
      const rejectedByCore = rejection?.isError === true && /^Validation failed for tool "submit"/.test(rejection.text);
      return verdictOf(
        rejectedByCore && modelSawError && outcomeOf(run) === "no-submit",
        `malformed submit ({verdict:"probably"}): tool result isError ${rejection?.isError}, text "${rejection?.text.split("\n")[0]}", ` +
          `next request ends with an error tool result: ${modelSawError}; nothing stored (outcome ${outcomeOf(run)})`,
      );
    },
  },
  {
    id: "ch38.terminate.all-batch",
    async run() {
      const alone = await rowRun("valid first submission");
      const mixed = await rowRun("submit batched with a non-terminating tool");
      const lookupRan = mixed.run.toolEnds.some((end) => end.toolName === "lookup_evidence" && !end.isError);
      return verdictOf(
        alone.run.providerRequests === 1 && lookupRan && mixed.run.providerRequests > 1,
        `submit alone: run ended after ${alone.run.providerRequests} request; submit + lookup_evidence in one batch: lookup executed ${lookupRan}, ` +
          `the loop went on to ${mixed.run.providerRequests} requests (${conditions(mixed.row)})`,
      );
    },
  },
  {
    id: "ch38.abort.from-listener",
    async run() {
      const run = await boundAborts();
      const maxTurns = countingScenarios.boundAbortsFromListener.options.maxTurns;
      return verdictOf(
        run.providerRequests === maxTurns && outcomeOf(run) === "turn-limit",
        `maxTurns ${maxTurns} against a lookup-only model (${countingScenarios.boundAbortsFromListener.script().length} scripted): abort() from the turn_end listener, ` +
          `${run.providerRequests} provider requests served; the loop called its stream function ${run.streamFnCalls} times` +
          (run.streamFnCalls > run.providerRequests
            ? `, the last refused before the provider (stop reason ${run.stopReasons.at(-1)}: "${run.lastErrorMessage}")`
            : ""),
      );
    },
  },
  tableCheck("ch38.repair.after-invalid"),
  tableCheck("ch38.maxattempts.repeat-invalid"),
  {
    id: "ch38.maxattempts.per-failed-call",
    async run() {
      const run = await perFailedCall();
      return verdictOf(
        outcomeOf(run) === "invalid-submissions" && failedSubmits(run) === 2 && run.providerRequests === 1,
        `maxAttempts 2, one response with two invalid submits: ${failedSubmits(run)} failed submit calls counted, ` +
          `outcome ${outcomeOf(run)} after ${run.providerRequests} provider request (the scripted repair was never requested)`,
      );
    },
  },
  {
    id: "ch38.maxattempts.cause-agnostic",
    async run() {
      const run = await failedByCore();
      const failure = run.toolEnds.find((end) => end.toolName === "submit");
      return verdictOf(
        outcomeOf(run) === "invalid-submissions" && failure?.isError === true && !/^Validation failed/.test(failure.text),
        `maxAttempts 1, a schema-valid submit in a response cut off by the output limit: the core failed it ("${failure?.text.slice(0, 60)}…"), ` +
          `counted as a failed attempt: outcome ${outcomeOf(run)} after ${run.providerRequests} request`,
      );
    },
  },
  {
    id: "recipe.maxattempts-counts-invalid-submissions",
    async run() {
      const repeated = await rowRun("same invalid value repeated until invalid-submissions");
      const core = await failedByCore();
      return verdictOf(
        repeated.agrees && failedSubmits(repeated.run) === DEFAULT_MAX_ATTEMPTS,
        `each invalid submission counts: ${failedSubmits(repeated.run)} invalid submits → ${outcomeOf(repeated.run)} at the default maxAttempts ${DEFAULT_MAX_ATTEMPTS}; ` +
          `the counter is of failed submit calls, so a schema-valid submit the core failed counts too (${outcomeOf(core)} at maxAttempts 1)`,
      );
    },
  },
  {
    id: "ch38.lookup-only-no-attempt",
    async run() {
      const run = await lookupsOnly();
      const failedLookups = run.toolEnds.filter((end) => end.toolName === "lookup_evidence" && end.isError).length;
      const { maxAttempts, maxTurns } = countingScenarios.lookupsOnly.options;
      return verdictOf(
        failedSubmits(run) === 0 && outcomeOf(run) === "turn-limit",
        `maxAttempts ${maxAttempts}, maxTurns ${maxTurns}, lookups only (${failedLookups} of them failing their own schema): ` +
          `${failedSubmits(run)} attempts counted; only the turn bound ended the run (${outcomeOf(run)} after ${run.providerRequests} requests)`,
      );
    },
  },
  tableCheck("ch38.invalid-in-mixed-batch-counts-once"),
  tableCheck("ch38.invalid-mixed-exhausted"),
  tableCheck("ch38.first-submission-wins"),
  tableCheck("ch38.mixed-then-fail-returns-earlier"),
  tableCheck("ch38.provider-kind"),
  tableCheck("ch38.provider-kind.aborted"),
  {
    id: "ch38.fixed.exactly-maxTurns-requests",
    async run() {
      const mixed = await rowRun("submit batched with a non-terminating tool");
      const maxTurns = mixed.row.options?.maxTurns;
      return verdictOf(
        mixed.run.outcome.status === "value" && mixed.run.providerRequests === maxTurns,
        `${rowEvidence(mixed)}: ${mixed.run.providerRequests} provider requests ${mixed.run.providerRequests === maxTurns ? "=" : "≠"} maxTurns ${maxTurns}; ` +
          `the stream function was called ${mixed.run.streamFnCalls} times` +
          (mixed.run.streamFnCalls > mixed.run.providerRequests
            ? ` (${mixed.run.streamFnCalls - mixed.run.providerRequests} call after abort() never reached the provider)`
            : ""),
      );
    },
  },
  {
    id: "ch38.turn-limit.returns-stored",
    async run() {
      const mixed = await rowRun("submit batched with a non-terminating tool");
      const scripted = mixed.row.script().length;
      const maxTurns = mixed.row.options?.maxTurns ?? DEFAULT_MAX_TURNS;
      const boundEnded = mixed.run.providerRequests === maxTurns && mixed.run.providerRequests < scripted;
      return verdictOf(
        mixed.agrees && mixed.run.outcome.status === "value" && boundEnded,
        `maxTurns ${maxTurns}, ${scripted} scripted responses: ${mixed.run.providerRequests} requested, ` +
          `${boundEnded ? "the turn bound ended the run" : "the turn bound did not end the run"}; outcome ${describeOutcome(mixed.run.outcome)}`,
      );
    },
  },
  tableCheck("ch38.fixed.bounds-never-submit"),
  {
    id: "ch38.bug.unfixed-7-requests",
    async run() {
      const book = await v2Book();
      const longer = await v2LongerScript();
      return verdictOf(
        book.providerRequests === BOOK_FIGURES.unfixedGuard.requests && book.outcome.startsWith("{"),
        `${caseEvidence(book)}; ${againstScript(book)} (last response: "${book.lastErrorMessage}"); ` +
          `same maxTurns, ${longer.scriptedResponses} scripted: ${againstScript(longer)}`,
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
      const book = await v1Book();
      const shorter = await v1ShorterScript();
      const oneAttempt = await v1OneAttempt();
      return verdictOf(
        book.providerRequests === BOOK_FIGURES.noTurnBound.requests,
        `${caseEvidence(book)}; ${againstScript(book)} (last response: "${book.lastErrorMessage}"); ` +
          `${shorter.scriptedResponses} scripted: ${againstScript(shorter)}; maxAttempts ${oneAttempt.maxAttempts}: ${againstScript(oneAttempt)}`,
      );
    },
  },
  {
    id: "ch38.config-guards",
    async run() {
      const runs = (await tableRuns()).filter((r) => r.row.claim === "ch38.config-guards");
      const unwrapped = runs.every((r) => r.run.outcome.status === "thrown");
      return verdictOf(
        runs.length > 0 && unwrapped && runs.every((r) => r.agrees),
        runs.map((r) => `"${r.row.row}": ${describeOutcome(r.run.outcome)} (not StepFailed: ${r.run.outcome.status === "thrown"}), ${r.run.providerRequests} requests`).join("; "),
      );
    },
  },
  {
    id: "ch38.defaults",
    async run() {
      const attempts = await rowRun("same invalid value repeated until invalid-submissions");
      const turns = await rowRun("a model that never submits");
      const measuredAttempts = failedSubmits(attempts.run);
      const measuredTurns = turns.run.providerRequests;
      return verdictOf(
        measuredAttempts === 3 && measuredTurns === 10 && outcomeOf(attempts.run) === "invalid-submissions" && outcomeOf(turns.run) === "turn-limit",
        `no options given: ${measuredAttempts} failed submits ended the run (${outcomeOf(attempts.run)}, ${attempts.row.script().length} scripted); ` +
          `a never-submitting model stopped after ${measuredTurns} requests (${outcomeOf(turns.run)}, ${turns.row.script().length} scripted)`,
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
      const unknown = [...reached.keys()].filter((kind) => !KINDS.includes(kind as StepFailureKind));
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
      const runs = (await tableRuns()).filter((r) => r.run.providerRequests > 0);
      const count = (status: string) => runs.filter((r) => r.run.outcome.status === status).length;
      const third = runs.filter((r) => r.run.outcome.status === "thrown");
      return verdictOf(
        third.length === 0,
        `${runs.length} table rows that reached the model: ${count("value")} returned a value, ${count("failed")} threw StepFailed, ` +
          `${third.length} ended otherwise${third.length > 0 ? ` (${third.map((r) => r.row.row).join(", ")})` : ""}`,
      );
    },
  },
  {
    id: "ch38.parallel-steps",
    async run() {
      const run = await parallelDemo();
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
      const run = await chainingDemo();
      const onlyTheValue = run.secondStepUserText === JSON.stringify(run.triage);
      return verdictOf(
        isDeepStrictEqual(run.secondStepRoles, ["system", "user"]) && onlyTheValue && !run.reportReachedSecondStep,
        `second step's first request: roles ${run.secondStepRoles.join(", ")}, user text ${onlyTheValue ? "exactly the serialised triage" : `"${run.secondStepUserText}"`}; ` +
          `the first step's report reached it: ${run.reportReachedSecondStep}`,
      );
    },
  },
];

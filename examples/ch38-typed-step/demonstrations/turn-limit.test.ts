import assert from "node:assert/strict";
import { test } from "node:test";
import { BOOK_FIGURES, type TurnLimitCase, type TurnLimitRow, type Variant } from "../support/turn-limit-cases.ts";
import { conclusion, explainRequests, legend, measureTurnLimitTable } from "./turn-limit-table.ts";

// The bug history, replayed: the rows `npm run turn-limit` prints (every case through the three
// versions), measured once and read back. Each test finds its rows by what they ran, so a case
// that stops reproducing the book's figure, or a case the table drops, fails here.
const rows = await measureTurnLimitTable();

const rowsOf = (variant: Variant, c: Partial<TurnLimitCase> = {}): TurnLimitRow[] =>
  rows.filter(
    (r) => r.variant === variant && Object.entries(c).every(([key, value]) => r[key as keyof TurnLimitCase] === value),
  );

const figures = (r: TurnLimitRow) => ({
  scenario: r.scenario,
  scriptedResponses: r.scriptedResponses,
  maxTurns: r.maxTurns,
  providerRequests: r.providerRequests,
  outcome: r.outcome,
});

const distinct = (values: readonly number[]): number => new Set(values).size;

test("first version, a model that never submits: 31 requests under a 30-response script — ch38.bug.no-turn-bound-31-requests", () => {
  const shown = rowsOf(BOOK_FIGURES.noTurnBound.variant, BOOK_FIGURES.noTurnBound.case);
  assert.deepEqual(
    shown.map(figures),
    [{ scenario: "never submits", scriptedResponses: 30, maxTurns: 10, providerRequests: 31, outcome: "provider" }],
    "the table's row for the book's figure",
  );
});

test("unfixed guard, maxTurns 2, submit + lookup every turn: 7 requests and the value — ch38.bug.unfixed-7-requests", () => {
  const shown = rowsOf(BOOK_FIGURES.unfixedGuard.variant, BOOK_FIGURES.unfixedGuard.case);
  assert.deepEqual(
    shown.map(figures),
    [
      {
        scenario: "submit + lookup every turn",
        scriptedResponses: 6,
        maxTurns: 2,
        providerRequests: 7,
        outcome: JSON.stringify({ verdict: "supported" }),
      },
    ],
    "the table's row for the book's figure",
  );
});

test("unfixed guard: once a value is stored the bound no longer fires, at every maxTurns the table tries — ch38.bug.unfixed-bound-stops-after-submit", () => {
  const scenario = "submit + lookup every turn";
  const unfixed = rowsOf("unfixed-guard", { scenario });
  assert.ok(distinct(unfixed.map((r) => r.maxTurns)) >= 2, "the table varies maxTurns for the submitting model");
  for (const r of unfixed) {
    assert.equal(
      r.providerRequests,
      r.scriptedResponses + 1,
      `unfixed, ${r.scriptedResponses} scripted, maxTurns ${r.maxTurns}: ran until the script was spent`,
    );
    const [fixed] = rowsOf("fixed", {
      scenario,
      scriptedResponses: r.scriptedResponses,
      maxTurns: r.maxTurns,
      maxAttempts: r.maxAttempts,
    });
    assert.equal(fixed?.providerRequests, r.maxTurns, `fixed, same case: stops at maxTurns ${r.maxTurns}`);
  }
});

test("the table varies each bound the conclusion says the bug's counts do not follow", () => {
  for (const [variant, scenario] of [
    ["no-turn-bound", "never submits"],
    ["unfixed-guard", "submit + lookup every turn"],
  ] as const) {
    const group = rowsOf(variant, { scenario });
    for (const key of ["scriptedResponses", "maxTurns", "maxAttempts"] as const) {
      assert.ok(distinct(group.map((r) => r[key])) >= 2, `${variant}, ${scenario}: more than one ${key}`);
    }
  }
});

test("the conclusion, computed from the table's rows: the script length decides 31 and 7, the fix stops at maxTurns", () => {
  assert.equal(
    conclusion(rows),
    "Measured: the first version's count (book: 31) is the script length + 1 and the unfixed guard's (book: 7) is the script length + 1 " +
      'whatever maxAttempts and maxTurns are (each of those runs ended on the provider\'s "No more faux responses queued"); ' +
      "the fix made maxTurns requests in every row, plus one stream-function call after abort() that never reached the provider.",
  );
});

test("the conclusion names the parameter the counts follow, from the rows given", () => {
  const row = (variant: TurnLimitRow["variant"], providerRequests: number): TurnLimitRow => ({
    variant,
    scenario: variant === "unfixed-guard" ? "submit + lookup every turn" : "never submits",
    scriptedResponses: 30,
    maxTurns: 5,
    maxAttempts: 3,
    providerRequests,
    streamFnCalls: providerRequests + 1,
    turns: providerRequests,
    outcome: "provider",
    lastErrorMessage: undefined,
    lastStopReason: undefined,
  });
  assert.equal(explainRequests([row("no-turn-bound", 31)]), "the script length + 1");
  assert.equal(explainRequests([row("no-turn-bound", 3)]), "maxAttempts");
  assert.equal(explainRequests([row("no-turn-bound", 12)]), undefined);
  assert.match(
    conclusion([row("no-turn-bound", 3), row("unfixed-guard", 5), row("fixed", 5)]),
    /count \(book: 31\) is maxAttempts/,
  );
});

test("the legend names every column and version, and explains from the rows why the fix shows 11 turns at maxTurns 10", () => {
  const fixed = rowsOf("fixed");
  for (const r of fixed) {
    assert.deepEqual(
      [r.providerRequests, r.streamFnCalls, r.turns],
      [r.maxTurns, r.maxTurns + 1, r.maxTurns + 1],
      `fixed, ${r.scenario}, maxTurns ${r.maxTurns}`,
    );
  }
  const text = legend(rows);
  for (const name of [
    "variant",
    "scenario",
    "scripted",
    "maxTurns",
    "maxAttempts",
    "provider requests",
    "stream-fn calls",
    "turns",
    "outcome",
  ]) {
    assert.match(text, new RegExp(`^${name} |; ${name}:`, "m"), name);
  }
  for (const variant of ["no-turn-bound", "unfixed-guard", "fixed"])
    assert.match(text, new RegExp(`^  ${variant} +\\S`, "m"), variant);
  assert.match(text, new RegExp(`turns = maxTurns \\+ 1 \\(e\\.g\\. 11 at maxTurns 10\\) in all ${fixed.length} rows`));
  assert.match(
    text,
    /reason "error" \(This operation was aborted\)\. maxTurns bounds the requests, not the turn_end events\./,
  );
});

test("the legend does not claim maxTurns + 1 turns when the rows do not show it", () => {
  const [first] = rowsOf("fixed", BOOK_FIGURES.noTurnBound.case);
  assert.ok(first !== undefined);
  const text = legend([{ ...first, turns: first.maxTurns }]);
  assert.doesNotMatch(text, /e\.g\. 11 at maxTurns 10/);
  assert.match(text, /fixed: 0 of 1 rows that stopped at maxTurns requests show maxTurns \+ 1 turns/);
});
